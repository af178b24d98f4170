"""Two games ending at once on PostgreSQL, where the row locks are real: the second waits for the first's rating
rows and reads what it wrote (the result is the two games rated one after the other), and a game's end processed
twice at once rates it once."""
import threading

import pytest
from django.db import connection, transaction

from games.ratings import rating
from games.ratings.models import PlayerRating, RatingChange
from games.ratings.services import do_rate_game

from games.tests.helpers import pg_connection, wait_for_a_lock_waiter
from games.tests.ratings.helpers import finished_game

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
START = (rating.START_MU, rating.START_SIGMA)


def in_thread(target):
    def run():
        try:
            target()
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def mu_sigma(identity):
    row = PlayerRating.objects.get(ruleset="counting", user_id=identity.user_id)
    return row.mu, row.sigma


@pytest.mark.parametrize("rated_before", [False, True], ids=["new rating rows", "existing rating rows"])
def test_a_game_ending_while_another_is_being_rated_waits_and_chains_the_ratings(ann, bob, cid, rated_before):
    if rated_before:  # the rows exist: the second game waits on their row locks (not on creating them)
        do_rate_game(finished_game([(cid, 1), (ann, 2), (bob, 3)]))
    start = {p: mu_sigma(p) if rated_before else START for p in (ann, bob, cid)}
    first = finished_game([(ann, 1), (bob, 2)])
    second = finished_game([(bob, 1), (cid, 2), (ann, 3)])  # ann and bob in both
    rated, release = threading.Event(), threading.Event()

    def rate_first_and_hold():
        with transaction.atomic():
            do_rate_game(first)
            rated.set()
            assert release.wait(10)

    holder = in_thread(rate_first_and_hold)
    assert rated.wait(10)
    waiter = in_thread(lambda: do_rate_game(second))
    with pg_connection() as pg:
        wait_for_a_lock_waiter(pg, "the second game's rating")  # it waits for the first's rows, not reading stale ones
    release.set()
    holder.join(10)
    waiter.join(10)
    a1, b1 = rating.rate([start[ann], start[bob]], [1, 2])
    b2, c2, a2 = rating.rate([b1, start[cid], a1], [1, 2, 3])
    assert [v for p in (ann, bob, cid) for v in mu_sigma(p)] == pytest.approx([*a2, *b2, *c2])
    assert PlayerRating.objects.get(user_id=ann.user_id).games == 2 + rated_before
    assert RatingChange.objects.get(game=second, position=2).mu_before == pytest.approx(a1[0])
    assert PlayerRating.objects.count() == 3  # the rows both games created are not duplicated


def test_one_game_s_end_processed_twice_at_once_rates_it_once(ann, bob):
    game = finished_game([(ann, 1), (bob, 2)])
    barrier = threading.Barrier(4)

    def rate():
        barrier.wait(10)
        do_rate_game(game)

    for thread in [in_thread(rate) for _ in range(4)]:
        thread.join(10)
    assert RatingChange.objects.filter(game=game).count() == 2
    a1, b1 = rating.rate([START, START], [1, 2])
    assert [*mu_sigma(ann), *mu_sigma(bob)] == pytest.approx([*a1, *b1])
    assert PlayerRating.objects.get(user_id=ann.user_id).games == 1
