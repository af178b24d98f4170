"""Races on PostgreSQL, where the game row lock is real: concurrent requests apply one action, fill one
seat, start one game. (SQLite serialises whole transactions, so these tests need PostgreSQL.)"""
import threading

import pytest
from django.db import connection

from games import services
from games.errors import GameError, LobbyFull, StaleEvent
from games.models import Game, GameEvent, Guest, Seat

from games.tests.helpers import counting_lobby, pg_connection, seat_to_act, started_counting_game, wait_for_a_lock_waiter

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(calls):
    """Run the callables at the same moment in threads; return their results or GameErrors."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            results[index] = call()
        except GameError as exc:
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_the_same_action_sent_many_times_at_once_is_applied_once(ann, bob):
    game = started_counting_game(ann, bob, target=50)
    player = seat_to_act(game, ann, bob)
    results = race([lambda: services.play_action(game_id=game.pk, identity=player, expected_seq=0,
                                                 action={"type": "add", "amount": 1})] * 8)
    applied = [r for r in results if not isinstance(r, GameError)]
    assert len(applied) == 1 and all(isinstance(r, StaleEvent) for r in results if r not in applied)
    game = Game.objects.get(pk=game.pk)
    assert game.event_seq == 1 and game.state["count"] == 1
    assert list(GameEvent.objects.filter(game=game).values_list("seq", flat=True)) == [1]


def test_a_player_and_the_bot_standing_in_for_him_do_not_both_move(ann, bob):
    game = started_counting_game(ann, bob, target=50)
    player = seat_to_act(game, ann, bob)
    Seat.objects.filter(game=game, **player.owner_fields()).update(autopilot=True)
    results = race([
        lambda: services.play_action(game_id=game.pk, identity=player, expected_seq=0,
                                     action={"type": "add", "amount": 2}),
        lambda: services.play_bot_move(game.pk, 0),
    ] * 3)
    game = Game.objects.get(pk=game.pk)
    first = GameEvent.objects.get(game=game, seq=1)
    assert first.seat == Seat.objects.get(game=game, **player.owner_fields()).position
    assert sum(1 for r in results if r is not None and not isinstance(r, GameError)) == 1


def test_the_last_seat_goes_to_one_of_many_joiners(ann, make_player):
    game = counting_lobby(ann, max_players=2)
    joiners = [make_player(f"j{i}") for i in range(6)]
    results = race([lambda p=p: services.join_game(game_id=game.pk, identity=p) for p in joiners])
    assert sum(isinstance(r, Seat) for r in results) == 1
    assert sum(isinstance(r, LobbyFull) for r in results) == 5
    assert Seat.objects.filter(game=game).count() == 2


def test_everyone_ready_at_once_starts_the_game_once(ann, bob, cid, broadcasts):
    game = counting_lobby(ann, max_players=3, min_players=3)
    services.join_game(game_id=game.pk, identity=bob)
    services.join_game(game_id=game.pk, identity=cid)
    race([lambda p=p: services.set_ready(game_id=game.pk, identity=p, ready=True) for p in (ann, bob, cid)])
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.PLAYING and game.event_seq == 0
    assert sorted(Seat.objects.filter(game=game).values_list("position", flat=True)) == [0, 1, 2]
    assert sum(1 for _, frame in broadcasts if frame == {"type": "started"}) == 1


def test_a_socket_closing_during_the_absence_check_does_not_hand_the_seat_to_a_bot(ann, bob, settings,
                                                                                     monkeypatch):
    """The check read the seat (no disconnect yet), then the presence rows (socket gone): a bot took a seat
    whose player had left only a moment ago. It now locks the seat, so it sees the close whole or not at all."""
    from datetime import timedelta

    from django.db import transaction
    from django.utils import timezone

    settings.GAMES_ABSENCE_GRACE = 1
    game = started_counting_game(ann, bob, target=50)
    player = seat_to_act(game, ann, bob)
    seat = Seat.objects.get(game=game, **player.owner_fields())
    long_ago = timezone.now() - timedelta(seconds=10)
    Game.objects.filter(pk=game.pk).update(started_at=long_ago)
    presence = services.socket_opened(game_id=game.pk, identity=player)
    services.presence.refresh([presence], now=long_ago)  # alive (within the TTL), quiet for longer than the grace
    closing, closed = threading.Event(), threading.Event()
    real_is_present = services.play.is_present

    def is_present_once_closed(*args, **kwargs):  # the presence rows are read after the close committed
        assert closed.wait(5)
        return real_is_present(*args, **kwargs)

    monkeypatch.setattr(services.play, "is_present", is_present_once_closed)

    def close_the_socket_slowly():
        with transaction.atomic():
            services.socket_closed(presence)
            closing.set()
            threading.Event().wait(0.3)
        closed.set()

    def check_while_it_closes():
        assert closing.wait(5)
        return services.play.check_absent_player(game.pk, seat.pk)

    _, handed_over = race([close_the_socket_slowly, check_while_it_closes])
    assert handed_over is False
    seat.refresh_from_db()
    assert not seat.autopilot and seat.disconnected_at > long_ago


def test_a_guest_kept_as_an_account_mid_game_waits_for_a_move_instead_of_deadlocking(bob):
    """A move locks its game, then its seats (for share); keeping a guest as an account changes the guest's
    seats and hosted games, so it locks those games first as well: it waits, and the move is not stopped."""
    from games.identity import Identity

    guest = Guest.objects.create(nickname="Zoe")
    game = started_counting_game(Identity(guest_id=guest.pk, name="Zoe"), bob, target=50)
    seat = Seat.objects.get(game=game, guest=guest)
    move = pg_connection(autocommit=False)
    outcome = {}

    def keep():
        try:
            outcome["user"] = services.keep_guest_as_account(guest, username="zoe", password="a-long-pass-99",
                                                             email="zoe@example.com")
        except Exception as exc:   # a deadlock aborts one of the two
            outcome["error"] = exc
        finally:
            connection.close()

    try:
        move.execute("SELECT id FROM games_game WHERE id = %s FOR UPDATE", [game.pk])   # the move's game lock
        keeping = threading.Thread(target=keep)
        keeping.start()
        wait_for_a_lock_waiter(move, "keeping the account")
        # The move goes on to its seats, which the account's transaction has not touched.
        assert len(move.execute("SELECT id FROM games_seat WHERE game_id = %s FOR SHARE NOWAIT",
                                [game.pk]).fetchall()) == 2
        move.commit()
        keeping.join(10)
    finally:
        move.close()
    assert "error" not in outcome
    assert Seat.objects.get(pk=seat.pk).user == outcome["user"]
    assert Game.objects.get(pk=game.pk).host_user == outcome["user"]
