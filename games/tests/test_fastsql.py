"""The move path's SQL written once (games/fastsql.py) reads and writes exactly what the ORM would, on
PostgreSQL and on SQLite (it is the only path a move takes)."""
import threading

import pytest
from django.db import connection, transaction
from django.forms.models import model_to_dict

from games import services
from games.errors import GameNotFound
from games.models import Game, GameEvent, Seat
from games import fastsql
from games.services.common import lock_game_with_seats

from games.tests.helpers import pg_connection, seat_to_act, started_counting_game, wait_for_a_lock_waiter

pytestmark = [pytest.mark.django_db]


def everything(instance):
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields
            if f.attname in instance.__dict__}


def test_the_lock_reads_the_game_and_seats_as_the_orm_does(ann, bob):
    game = started_counting_game(ann, bob, target=30)
    with transaction.atomic():
        fast_game, fast_seats = fastsql.lock_game_with_seats(game.pk)
    reference = Game.objects.get(pk=game.pk)
    assert "rules" not in fast_game.__dict__           # deferred, as in the ORM query
    assert fast_game.rules_key == (reference.rules or {}).get("key")
    expected = everything(reference)
    expected.pop("rules")
    assert everything(fast_game) == expected
    assert isinstance(fast_game.state, dict) and isinstance(fast_game.to_act, list)
    assert [everything(s) for s in fast_seats] == [everything(s) for s in reference.seats.order_by("position")]
    assert all(s.game is fast_game for s in fast_seats)
    # Timestamps in the same time zone object as the ORM's, not only at the same instant.
    moments = [(f.attname, getattr(fast_game, f.attname), getattr(reference, f.attname))
               for f in Game._meta.concrete_fields if f.get_internal_type() == "DateTimeField"]
    assert [(name, ours.tzinfo) for name, ours, _ in moments if ours] == \
        [(name, theirs.tzinfo) for name, _, theirs in moments if theirs]
    assert any(ours for _, ours, _ in moments)
    assert fast_game.get_deferred_fields() == {"rules"}
    assert [(i._state.adding, i._state.db) for i in (fast_game, *fast_seats)] == [(False, "default")] * 3
    assert fast_game.rules == reference.rules           # loaded on demand


def test_instances_go_through_init_while_something_listens_to_it(ann, bob):
    from django.db.models.signals import post_init

    game = started_counting_game(ann, bob, target=30)
    made = []

    def note(sender, instance, **kwargs):
        made.append(instance.position)

    post_init.connect(note, sender=Seat)
    try:
        with transaction.atomic():
            _game, seats = fastsql.lock_game_with_seats(game.pk)
    finally:
        post_init.disconnect(note, sender=Seat)
    assert made == [s.position for s in seats] == [0, 1]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_lock_takes_the_game_row_for_update_and_its_seats_for_share(ann, bob):
    import psycopg

    game = started_counting_game(ann, bob, target=30)
    other = pg_connection()
    try:
        with transaction.atomic():
            fastsql.lock_game_with_seats(game.pk)
            with pytest.raises(psycopg.errors.LockNotAvailable):
                other.execute("SELECT id FROM games_game WHERE id = %s FOR UPDATE NOWAIT", [game.pk])
            with pytest.raises(psycopg.errors.LockNotAvailable):
                other.execute("SELECT id FROM games_seat WHERE game_id = %s FOR UPDATE NOWAIT", [game.pk])
            assert len(other.execute("SELECT id FROM games_seat WHERE game_id = %s FOR SHARE NOWAIT",
                                     [game.pk]).fetchall()) == 2
        assert other.execute("SELECT id FROM games_game WHERE id = %s FOR UPDATE NOWAIT", [game.pk]).fetchone()
    finally:
        other.close()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_lock_that_waited_reads_the_seats_its_predecessor_changed(ann, bob):
    """The previous holder of the game lock hands a seat to a bot without touching the game row; a move
    waiting for the lock meanwhile must see the bot (its statement's snapshot predates that commit)."""
    game = started_counting_game(ann, bob, target=30)
    seat = game.seats.get(position=1)
    holder = pg_connection(autocommit=False)
    seen = {}

    def move():
        try:
            with transaction.atomic():
                seen["seats"] = fastsql.lock_game_with_seats(game.pk)[1]
        finally:
            connection.close()

    try:
        holder.execute("SELECT id FROM games_game WHERE id = %s FOR UPDATE", [game.pk])
        waiting = threading.Thread(target=move)
        waiting.start()
        wait_for_a_lock_waiter(holder, "the move")
        holder.execute("UPDATE games_seat SET autopilot = true WHERE id = %s", [seat.pk])
        holder.commit()
        waiting.join(10)
    finally:
        holder.close()
    assert [s.autopilot for s in seen["seats"] if s.pk == seat.pk] == [True]


def test_a_game_without_seats_is_still_locked_and_returned(ann):
    game = services.create_game(host=ann, ruleset_slug="counting", options={"target": 5}, public=True,
                                min_players=2, max_players=2, turn_seconds=0)
    game.seats.all().delete()
    with transaction.atomic():
        locked, seats = lock_game_with_seats(game.pk)
    assert locked.pk == game.pk and seats == []


def test_a_missing_game_is_refused_as_not_found(ann):
    with transaction.atomic(), pytest.raises(GameNotFound):
        lock_game_with_seats(10**9)


def test_moves_store_the_same_rows_as_the_orm(ann, bob):
    game = started_counting_game(ann, bob, target=30)
    for _ in range(3):
        player = seat_to_act(game, ann, bob)
        game.refresh_from_db()
        event = services.play_action(game_id=game.pk, identity=player, expected_seq=game.event_seq,
                                     action={"type": "add", "amount": 2})
        stored = GameEvent.objects.get(pk=event.pk)
        assert model_to_dict(stored) == model_to_dict(event)
        assert stored.created_at == event.created_at and stored.events == event.events
    game.refresh_from_db()
    assert game.event_seq == 3 and GameEvent.objects.filter(game=game).count() == 3
    assert list(GameEvent.objects.filter(game=game).values_list("seq", flat=True)) == [1, 2, 3]


def test_a_refused_event_row_leaves_the_game_as_it_was(ann, bob):
    """The event insert and the game update are one statement on PostgreSQL: a failing insert still raises
    Django's IntegrityError and the update does not stay."""
    from django.db import IntegrityError

    game = started_counting_game(ann, bob, target=30)
    player = seat_to_act(game, ann, bob)
    game.refresh_from_db()
    GameEvent.objects.create(game=game, seq=game.event_seq + 1, seat=0, by=GameEvent.By.PLAYER, action={}, events=[])
    with pytest.raises(IntegrityError):
        services.play_action(game_id=game.pk, identity=player, expected_seq=game.event_seq,
                             action={"type": "add", "amount": 2})
    before = game.event_seq
    game.refresh_from_db()
    assert game.event_seq == before and GameEvent.objects.filter(game=game).count() == 1


def test_the_seat_list_reads_seats_presence_and_game_fields_as_the_orm_does(ann, bob, settings):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Presence
    from games.selectors.frames import SEATS_FRAME_FIELDS
    from games.selectors.presence import live_since

    game = started_counting_game(ann, bob, target=30)
    services.socket_opened(game_id=game.pk, identity=bob)
    stale = services.socket_opened(game_id=game.pk, identity=ann)
    Presence.objects.filter(pk=stale).update(
        last_seen=timezone.now() - timedelta(seconds=settings.GAMES_PRESENCE_TTL + 5))   # a dead socket's row
    fast_game, seats, present = fastsql.seat_list(game.pk, SEATS_FRAME_FIELDS, live_since())
    reference = list(game.seats.order_by("position"))
    assert [everything(s) for s in seats] == [everything(s) for s in reference]
    assert present == {s.pk for s in reference if s.user_id == bob.user_id}
    assert fast_game.get_deferred_fields() == {f.attname for f in Game._meta.concrete_fields} - \
        {Game._meta.get_field(name).attname for name in SEATS_FRAME_FIELDS} - {"id"}
    expected = Game.objects.only(*SEATS_FRAME_FIELDS).get(pk=game.pk)
    assert everything(fast_game) == everything(expected)
    assert all(s.game is fast_game for s in seats)
    assert fastsql.seat_list(game.pk + 1000, SEATS_FRAME_FIELDS, live_since()) == (None, [], set())


def test_a_socket_lock_finds_its_seat_by_owner_or_by_presence_row(ann, bob, make_player):
    from games.identity import ANONYMOUS, Identity
    from games.models import Guest, Seat

    game = started_counting_game(ann, bob, target=30)
    seat = Seat.objects.get(game=game, user_id=bob.user_id)
    with transaction.atomic():
        found = fastsql.lock_seat_of(game.pk, bob)
        assert found == (seat.pk, game.pk, game.code, Game.Status.PLAYING)
        assert fastsql.lock_seat_of(game.pk, make_player("cid")) is None   # not seated
        assert fastsql.lock_seat_of(game.pk, ANONYMOUS) is None
        presence = fastsql.insert_presence(seat.pk, game.started_at)
        assert fastsql.lock_seat_of_socket(presence) == found
        assert fastsql.lock_seat_of_socket(10**9) is None
    assert seat.presences.get().pk == presence and seat.presences.get().last_seen == game.started_at
    guest = Guest.objects.create(nickname="Guest 1")
    Seat.objects.filter(pk=seat.pk).update(user=None, guest=guest)
    with transaction.atomic():
        assert fastsql.lock_seat_of(game.pk, Identity(guest_id=guest.pk, name="Guest 1")) == found


def test_forgetting_a_socket_marks_the_seat_only_when_no_live_socket_is_left(ann, bob):
    from datetime import timedelta

    from games.models import Presence, Seat

    game = started_counting_game(ann, bob, target=30)
    seat = Seat.objects.get(game=game, user_id=bob.user_id)
    now = game.started_at + timedelta(minutes=5)
    live_since = now - timedelta(seconds=40)
    first, second = (fastsql.insert_presence(seat.pk, now) for _ in range(2))
    dead = fastsql.insert_presence(seat.pk, live_since - timedelta(seconds=1))   # its process was killed
    with transaction.atomic():
        assert not fastsql.forget_socket(first, seat.pk, now, live_since)   # the second tab is still open
    assert set(Presence.objects.values_list("pk", flat=True)) == {second, dead}
    assert Seat.objects.get(pk=seat.pk).disconnected_at is None
    with transaction.atomic():
        assert fastsql.forget_socket(second, seat.pk, now, live_since)   # only a dead one is left
    assert list(Presence.objects.values_list("pk", flat=True)) == [dead]
    assert Seat.objects.get(pk=seat.pk).disconnected_at == now
