"""Suspending a running game (Volity's volity.suspend_game): who may, what it stops (moves, timers, bots, absence
and lateness handovers), readiness and the resume with the turn's time left, and the limit after which it resumes."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.errors import GameSuspended, NotSeated, WrongStatus
from games.identity import ANONYMOUS
from games.models import Game, GameEvent, Seat
from games.selectors.frames import snapshot_frame
from games.services import housekeeping
from games.services.suspension import resume_overdue_suspension

from games.tests.helpers import counting_lobby, seat_to_act, started_counting_game


def fresh(game):
    return Game.objects.get(pk=game.pk)


def seat(game, player):
    return Seat.objects.get(game=game, **player.owner_fields())


def suspend(game, player):
    return services.do_suspend_game(game_id=game.pk, identity=player)


def ready(game, player, flag=True):
    return services.set_ready(game_id=game.pk, identity=player, ready=flag)


def add_one(game, player):
    return services.play_action(game_id=game.pk, identity=player, expected_seq=fresh(game).event_seq,
                                action={"type": "add", "amount": 1})


def seat_frames(broadcasts):
    return [f for _, f in broadcasts if isinstance(f, dict) and f.get("type") == "seats"]


def test_a_player_suspends_everyone_is_unready_and_the_seats_say_so(ann, bob, broadcasts):
    game = started_counting_game(ann, bob, target=50)
    suspend(game, bob)
    game = fresh(game)
    assert game.status == Game.Status.PLAYING and game.is_suspended and game.suspended_by == "bob"
    assert not seat(game, ann).ready and not seat(game, bob).ready
    frame = seat_frames(broadcasts)[-1]
    assert frame["suspended"]["by"] == "bob" and not any(s["ready"] for s in frame["seats"])
    assert {"type": "resync"} in [f for _, f in broadcasts]  # pages ask again for the actions they may take


def test_suspending_is_refused_outside_play_twice_and_to_observers(ann, bob, cid):
    lobby = counting_lobby(ann)
    with pytest.raises(WrongStatus):
        services.do_suspend_game(game_id=lobby.pk, identity=ann)
    game = started_counting_game(ann, bob, target=50)
    with pytest.raises(NotSeated):
        suspend(game, cid)
    with pytest.raises(NotSeated):
        suspend(game, ANONYMOUS)
    suspend(game, ann)
    with pytest.raises(GameSuspended) as again:
        suspend(game, bob)
    assert again.value.code == "game_suspended" and fresh(game).suspended_by == "ann"


def test_a_finished_game_cannot_be_suspended(ann, bob):
    game = started_counting_game(ann, bob, target=3)
    add_one(game, seat_to_act(game, ann, bob))
    add_one(game, seat_to_act(game, ann, bob))
    add_one(game, seat_to_act(game, ann, bob))
    assert fresh(game).status == Game.Status.FINISHED
    with pytest.raises(WrongStatus):
        suspend(game, ann)


def test_no_move_while_suspended_then_play_goes_on_numbered_from_where_it_was(ann, bob, broadcasts):
    game = started_counting_game(ann, bob, target=50)
    add_one(game, seat_to_act(game, ann, bob))
    state, seq = fresh(game).state, fresh(game).event_seq
    suspend(game, ann)
    player = seat_to_act(game, ann, bob)
    with pytest.raises(GameSuspended) as refused:
        add_one(game, player)
    assert refused.value.code == "game_suspended"
    assert (fresh(game).state, fresh(game).event_seq) == (state, seq)
    ready(game, ann)
    assert fresh(game).is_suspended  # bob is not ready yet
    ready(game, bob)
    game = fresh(game)
    assert not game.is_suspended and game.suspended_by == "" and game.state == state
    event = add_one(game, player)
    assert event.seq == seq + 1 and list(GameEvent.objects.filter(game=game).values_list("seq", flat=True)) == [1, 2]


def test_unready_again_keeps_it_suspended(ann, bob):
    game = started_counting_game(ann, bob, target=50)
    suspend(game, ann)
    ready(game, ann)
    ready(game, ann, False)
    ready(game, bob)
    assert fresh(game).is_suspended
    ready(game, ann)
    assert not fresh(game).is_suspended


def test_the_turn_timer_stops_and_resumes_with_exactly_the_time_left(ann, bob, monkeypatch):
    game = started_counting_game(ann, bob, turn_seconds=60, target=50)
    start = timezone.now()
    deadline = fresh(game).turn_deadline
    monkeypatch.setattr(timezone, "now", lambda: start + timedelta(seconds=20))
    suspend(game, ann)
    game = fresh(game)
    left = deadline - (start + timedelta(seconds=20))
    assert game.turn_deadline is None and game.suspended_time_left == left
    # Long after the deadline would have passed: nothing expires, the sweeper finds no overdue turn.
    later = deadline + timedelta(minutes=5)
    assert services.expire_turn(game.pk, now=later) is False
    assert housekeeping.sweep(now=later, due_only=True)["turns"] == 0
    assert not any(s.autopilot for s in Seat.objects.filter(game=game))
    monkeypatch.setattr(timezone, "now", lambda: later)
    ready(game, ann)
    ready(game, bob)
    game = fresh(game)
    assert game.turn_deadline == later + left and game.suspended_time_left is None


def test_a_turn_based_time_per_move_is_kept_too(ann, bob, monkeypatch):
    lobby = services.create_game(host=ann, ruleset_slug="counting", options={"target": 50}, public=True,
                                 min_players=2, max_players=2, turn_seconds=24 * 3600, pace="turn_based")
    services.join_game(game_id=lobby.pk, identity=bob)
    ready(lobby, ann)
    ready(lobby, bob)
    deadline = fresh(lobby).turn_deadline
    now = timezone.now()
    suspend(lobby, bob)
    left = fresh(lobby).suspended_time_left
    assert timedelta(hours=23, minutes=59) < left <= deadline - now
    later = deadline + timedelta(days=2)
    assert housekeeping.sweep(now=later, due_only=True)["turns"] == 0
    monkeypatch.setattr(timezone, "now", lambda: later)
    ready(lobby, ann)
    ready(lobby, bob)
    assert fresh(lobby).turn_deadline == later + left


def test_no_bot_moves_and_no_seat_is_handed_over_while_suspended(ann, bob, cid, settings):
    game = started_counting_game(ann, bob, cid, target=90)
    suspend(game, ann)
    late = seat_to_act(game, ann, bob, cid)
    others = [p for p in (ann, bob, cid) if p != late]
    with pytest.raises(GameSuspended):  # nobody is late while everyone is waiting
        services.hand_stalled_seat_to_bot(game_id=game.pk, identity=others[0], seat_id=seat(game, late).pk)
    Seat.objects.filter(pk=seat(game, late).pk).update(autopilot=True)  # as if a bot had the seat already
    assert services.play_bot_move(game.pk, fresh(game).event_seq) is None
    much_later = timezone.now() + timedelta(seconds=settings.GAMES_ABSENCE_GRACE + settings.GAMES_BOT_DELAY
                                            + settings.GAMES_BOT_STALL + 60)
    assert housekeeping.absent_seats(much_later) == []
    assert not services.play.check_absent_player(game.pk, seat(game, others[0]).pk, now=much_later)
    assert housekeeping.restart_stalled_bots(much_later) == 0
    assert fresh(game).event_seq == 0 and not seat(game, others[0]).autopilot


def test_a_player_who_stands_during_the_suspension_no_longer_holds_it_up_and_the_bot_moves_on_resume(ann, bob):
    game = started_counting_game(ann, bob, target=50)
    player = seat_to_act(game, ann, bob)
    other = bob if player == ann else ann
    suspend(game, ann)
    ready(game, other)
    assert fresh(game).is_suspended
    services.leave(game_id=game.pk, identity=player)  # a bot plays the seat: everyone left is ready
    game = fresh(game)
    assert not game.is_suspended and seat(game, player).autopilot
    assert game.event_seq == 1 and GameEvent.objects.get(game=game, seq=1).by == "autopilot"


def test_sitting_again_during_the_suspension_unreadies_and_ready_takes_the_seat_back(ann, bob):
    game = started_counting_game(ann, bob, target=50)
    suspend(game, bob)
    ready(game, ann)
    services.leave(game_id=game.pk, identity=ann)
    services.take_back_seat(game_id=game.pk, identity=ann)
    assert not seat(game, ann).autopilot and not seat(game, ann).ready and fresh(game).is_suspended
    services.leave(game_id=game.pk, identity=ann)
    ready(game, ann)  # "I'm ready" from a seat a bot plays: the player is back
    assert not seat(game, ann).autopilot and seat(game, ann).ready
    ready(game, bob)
    assert not fresh(game).is_suspended


def test_a_suspension_nobody_ends_resumes_after_the_limit(ann, bob, settings):
    game = started_counting_game(ann, bob, turn_seconds=60, target=50)
    suspend(game, ann)
    suspended_at = fresh(game).suspended_at
    left = fresh(game).suspended_time_left
    before_limit = suspended_at + timedelta(seconds=settings.GAMES_SUSPENSION_LIMIT - 1)
    assert housekeeping.sweep(now=before_limit)["suspensions"] == 0 and fresh(game).is_suspended
    after_limit = suspended_at + timedelta(seconds=settings.GAMES_SUSPENSION_LIMIT + 1)
    assert housekeeping.sweep(now=after_limit)["suspensions"] == 1
    game = fresh(game)
    assert not game.is_suspended and game.turn_deadline == after_limit + left
    assert resume_overdue_suspension(game.pk, now=after_limit) is False  # a second sweeper finds nothing


def test_the_page_offers_no_action_while_suspended(ann, bob):
    game = started_counting_game(ann, bob, target=50)
    player = seat_to_act(game, ann, bob)
    assert snapshot_frame(fresh(game), player)["actions"]
    suspend(game, ann)
    frame = snapshot_frame(fresh(game), player)
    assert frame["actions"] == [] and frame["seats"]["suspended"]["by"] == "ann"
    assert frame["progress"]["deadline"] is None
