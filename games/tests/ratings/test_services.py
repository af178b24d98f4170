"""Rating a finished game: openskill's Plackett-Luce model per player and bot kind, ties, forfeits, guests left
out, once per game however often its end is processed, and the same whatever the order of two games' ends."""
import pytest
from django.test import override_settings

from games.ratings import rating
from games.ratings.models import PlayerRating, RatingChange
from games.ratings.services import do_rate_game, seat_ranks
from games.signals import game_finished
from games.models import Game

from games.tests.ratings.helpers import finished_game, guest

pytestmark = pytest.mark.django_db


def row(identity=None, bot=None, ruleset="counting"):
    if bot:
        return PlayerRating.objects.get(ruleset=ruleset, user=None, bot_kind=bot)
    return PlayerRating.objects.get(ruleset=ruleset, user_id=identity.user_id)


def test_a_rated_game_moves_the_winner_up_and_the_loser_down_by_openskill(ann, bob):
    game = finished_game([(ann, 2), (bob, 1)])
    changes = do_rate_game(game)
    assert [c.position for c in changes] == [0, 1]
    expected = rating.MODEL.rate([[rating.MODEL.rating()], [rating.MODEL.rating()]], ranks=[2, 1])
    assert row(ann).mu == pytest.approx(expected[0][0].mu) and row(bob).mu == pytest.approx(expected[1][0].mu)
    assert row(ann).games == row(bob).games == 1
    lost, won = RatingChange.objects.get(game=game, position=0), RatingChange.objects.get(game=game, position=1)
    assert lost.rating_before == won.rating_before == 1500
    assert lost.rating_after < 1500 < won.rating_after
    assert won.rating_after == rating.displayed(expected[1][0].mu)
    assert lost.provisional and won.provisional  # 1 game of the 10 a rating needs


def test_ties_share_the_change_and_forfeits_rank_last_tied(ann, bob, cid):
    game = finished_game([(ann, 1), (bob, 1), (cid, 3)])
    do_rate_game(game)
    assert row(ann).mu == pytest.approx(row(bob).mu) and row(ann).mu > row(cid).mu
    # The table says bob won, but he and cid lost by time: both are last, tied, behind ann.
    assert seat_ranks({"table": [{"seat": 0, "rank": 2}, {"seat": 1, "rank": 1}, {"seat": 2, "rank": 3}],
                       "forfeited": [1, 2]}) == {0: 2, 1: 4, 2: 4}
    other = finished_game([(ann, 2), (bob, 1), (cid, 3)], forfeited=[1, 2])
    before = {name: (row(p).mu, row(p).sigma) for name, p in (("ann", ann), ("bob", bob), ("cid", cid))}
    do_rate_game(other)
    expected = rating.rate([before["ann"], before["bob"], before["cid"]], [2, 4, 4])
    assert [row(p).mu for p in (ann, bob, cid)] == pytest.approx([mu for mu, _sigma in expected])
    assert row(bob).mu < before["bob"][0]  # the table's winner lost rating: he lost by time


def test_bots_are_rated_by_kind_and_guests_are_never_rated(ann, bob):
    game = finished_game([(ann, 1), ("random", 2), (guest("Gus"), 3), ("greedy", 4)])
    do_rate_game(game)
    assert PlayerRating.objects.filter(user__isnull=True).count() == 2
    assert row(bot="random").games == row(bot="greedy").games == 1
    assert row(bot="random").mu > row(bot="greedy").mu
    assert not RatingChange.objects.filter(game=game, position=2).exists()  # the guest's seat
    assert sorted(RatingChange.objects.filter(game=game).values_list("position", flat=True)) == [0, 1, 3]
    # A second game with another "random" bot: the same rating, shared by every bot of the kind.
    finished = finished_game([(bob, 2), ("random", 1)])
    do_rate_game(finished)
    assert row(bot="random").games == 2 and PlayerRating.objects.filter(bot_kind="random").count() == 1


def test_a_game_with_a_single_rated_player_or_not_rated_changes_nothing(ann):
    assert do_rate_game(finished_game([(ann, 1), (guest("Gus"), 2)])) == []
    assert do_rate_game(finished_game([(ann, 1), ("random", 2)], rated=False)) == []
    assert not PlayerRating.objects.exists() and not RatingChange.objects.exists()


def test_the_end_processed_twice_rates_the_game_once(ann, bob):
    game = finished_game([(ann, 1), (bob, 2)])
    game_finished.send_robust(sender=Game, game=game)
    after_one = (row(ann).mu, row(bob).mu)
    game_finished.send_robust(sender=Game, game=game)
    do_rate_game(game)
    assert RatingChange.objects.filter(game=game).count() == 2
    assert (row(ann).mu, row(bob).mu) == after_one and row(ann).games == 1


def test_the_signal_rates_only_rated_games(ann, bob):
    game = finished_game([(ann, 1), (bob, 2)], rated=False)
    game_finished.send_robust(sender=Game, game=game)
    assert not RatingChange.objects.exists()


def test_two_games_applied_one_after_the_other_chain_their_ratings(ann, bob, cid):
    first = finished_game([(ann, 1), (bob, 2)])
    second = finished_game([(bob, 1), (cid, 2), (ann, 3)])
    do_rate_game(first)
    do_rate_game(second)
    a1, b1 = rating.rate([(rating.START_MU, rating.START_SIGMA)] * 2, [1, 2])
    expected = rating.rate([b1, (rating.START_MU, rating.START_SIGMA), a1], [1, 2, 3])
    assert [v for p in (bob, cid, ann) for v in (row(p).mu, row(p).sigma)] == pytest.approx(
        [v for pair in expected for v in pair])
    change = RatingChange.objects.get(game=second, position=2)
    assert change.mu_before == pytest.approx(a1[0]) and row(ann).games == 2


@override_settings(RATINGS_PROVISIONAL_GAMES=2)
def test_a_rating_is_provisional_until_the_setting_s_number_of_games(ann, bob):
    do_rate_game(finished_game([(ann, 1), (bob, 2)]))
    do_rate_game(finished_game([(ann, 2), (bob, 1)]))
    assert list(RatingChange.objects.filter(user_id=ann.user_id).values_list("provisional", flat=True)) == [True, False]
