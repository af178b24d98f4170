"""Playing through the services on the counting game: one numbered event per action, nothing twice."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.services import housekeeping
from games.errors import BadRequest, IllegalAction, NotSeated, NotYourTurn, StaleEvent, WrongStatus
from games.models import Game, GameEvent, Seat

from games.tests.helpers import counting_lobby, seat_to_act, started_counting_game


def fresh(game):
    return Game.objects.get(pk=game.pk)


def test_an_action_becomes_a_numbered_event_and_is_broadcast(ann, bob, broadcasts):
    game = started_counting_game(ann, bob)
    player = seat_to_act(game, ann, bob)
    other = bob if player is ann else ann
    broadcasts.clear()
    event = services.play_action(game_id=game.pk, identity=player, expected_seq=0,
                                 action={"type": "add", "amount": 2})
    game = fresh(game)
    assert event.seq == 1 == game.event_seq and game.state["count"] == 2
    stored = GameEvent.objects.get(game=game, seq=1)
    assert stored.action == {"type": "add", "amount": 2} and stored.by == "player"
    assert stored.events == [{"type": "added", "seat": event.seat, "amount": 2, "count": 2}]
    (group, frames), = [b for b in broadcasts if b[0] == f"game-{game.code}"]
    public = frames["public"]
    assert public["type"] == "update" and public["seq"] == 1
    assert public["entry"]["lines"] == [f"{player.name} adds 2: the count is 2."]
    assert public["actions"] == [] and all(p["secret"] is None for p in public["view"]["players"])
    # The next player gets his own frame: his secret and the actions he may take now.
    mine = frames["private"][other.key]
    assert [a["action"]["amount"] for a in mine["actions"]] == [1, 2, 3]
    assert mine["view"]["players"][1 - event.seat]["secret"] is not None


def test_a_repeated_action_is_applied_once(ann, bob):
    game = started_counting_game(ann, bob)
    player = seat_to_act(game, ann, bob)
    services.play_action(game_id=game.pk, identity=player, expected_seq=0, action={"type": "add", "amount": 1})
    with pytest.raises(StaleEvent) as caught:
        services.play_action(game_id=game.pk, identity=player, expected_seq=0, action={"type": "add", "amount": 1})
    assert caught.value.details["seq"] == 1
    assert fresh(game).state["count"] == 1 and GameEvent.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("action, error", [
    ({"type": "add", "amount": 5}, IllegalAction),
    ({"type": "add", "amount": True}, IllegalAction),
    ({"type": "teleport"}, IllegalAction),
    ({"amount": 1}, BadRequest),
    ("add 1", BadRequest),
])
def test_bad_actions_change_nothing(ann, bob, action, error):
    game = started_counting_game(ann, bob)
    player = seat_to_act(game, ann, bob)
    before = fresh(game).state
    with pytest.raises(error):
        services.play_action(game_id=game.pk, identity=player, expected_seq=0, action=action)
    assert fresh(game).state == before and fresh(game).event_seq == 0


def test_only_the_seat_to_act_may_play(ann, bob, cid):
    game = started_counting_game(ann, bob)
    player = seat_to_act(game, ann, bob)
    waiting = bob if player is ann else ann
    with pytest.raises(NotYourTurn):
        services.play_action(game_id=game.pk, identity=waiting, expected_seq=0, action={"type": "add", "amount": 1})
    with pytest.raises(NotSeated):
        services.play_action(game_id=game.pk, identity=cid, expected_seq=0, action={"type": "add", "amount": 1})
    with pytest.raises(BadRequest):
        services.play_action(game_id=game.pk, identity=player, expected_seq="0", action={"type": "add", "amount": 1})
    assert fresh(game).event_seq == 0


def play_to_the_end(game, *players):
    while fresh(game).status == Game.Status.PLAYING:
        current = fresh(game)
        services.play_action(game_id=game.pk, identity=seat_to_act(current, *players),
                             expected_seq=current.event_seq, action={"type": "add", "amount": 3})
    return fresh(game)


def test_a_finished_game_keeps_its_winner_and_final_table(ann, bob, broadcasts):
    game = play_to_the_end(started_counting_game(ann, bob, target=7), ann, bob)
    assert game.status == Game.Status.FINISHED and game.finished_at and game.to_act == []
    winner = game.result["winners"][0]
    assert game.state["count"] == 9 and game.result["table"][winner]["rank"] == 1
    with pytest.raises(WrongStatus):
        services.play_action(game_id=game.pk, identity=ann, expected_seq=game.event_seq,
                             action={"type": "add", "amount": 1})
    assert broadcasts[-1][0] == "open-games" and all(g["code"] != game.code for g in broadcasts[-1][1]["playing"])


def test_bot_seats_play_their_turns(ann):
    game = counting_lobby(ann, target=30)
    services.add_bot(game_id=game.pk, identity=ann, kind="random")
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    game = fresh(game)
    # Whoever was drawn first, the bot has played and it is ann's turn.
    assert game.to_act == [Seat.objects.get(game=game, user_id=ann.user_id).position]
    for _ in range(3):
        if fresh(game).status != Game.Status.PLAYING:
            break
        services.play_action(game_id=game.pk, identity=ann, expected_seq=fresh(game).event_seq,
                             action={"type": "add", "amount": 1})
    bots = GameEvent.objects.filter(game=game, by="bot").count()
    players = GameEvent.objects.filter(game=game, by="player").count()
    assert players >= 1 and bots >= players


def test_a_game_of_bots_alone_is_played_to_the_end_without_recursion(ann):
    game = counting_lobby(ann, target=100, max_players=3)
    services.add_bot(game_id=game.pk, identity=ann, kind="random")
    services.add_bot(game_id=game.pk, identity=ann, kind="random")
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.leave(game_id=game.pk, identity=ann)  # ann's seat goes on autopilot too
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.event_seq >= 34
    assert GameEvent.objects.filter(game=game, by="autopilot").exists()


def test_the_turn_timer_hands_the_seat_to_a_bot_until_taken_back(ann, bob):
    game = started_counting_game(ann, bob, turn_seconds=30, target=50)
    game = fresh(game)
    assert game.turn_deadline is not None
    late = seat_to_act(game, ann, bob)
    assert services.expire_turn(game.pk) is False  # not yet
    assert services.expire_turn(game.pk, now=game.turn_deadline + timedelta(seconds=1)) is True
    seat = Seat.objects.get(game=game, **late.owner_fields())
    assert seat.autopilot
    game = fresh(game)
    assert game.event_seq >= 1 and GameEvent.objects.get(game=game, seq=1).by == "autopilot"
    # The bot keeps playing the seat on its next turns, until the player takes it back.
    services.take_back_seat(game_id=game.pk, identity=late)
    seat.refresh_from_db()
    assert not seat.autopilot


def test_acting_yourself_takes_your_seat_back(ann, bob):
    game = started_counting_game(ann, bob, target=50)
    player = seat_to_act(game, ann, bob)
    Seat.objects.filter(game=game, **player.owner_fields()).update(autopilot=True)
    services.play_action(game_id=game.pk, identity=player, expected_seq=0, action={"type": "add", "amount": 1})
    assert not Seat.objects.get(game=game, **player.owner_fields()).autopilot


def test_a_player_who_leaves_is_replaced_by_a_bot(ann, bob):
    game = started_counting_game(ann, bob, target=50)
    player = seat_to_act(game, ann, bob)
    services.leave(game_id=game.pk, identity=player)
    seat = Seat.objects.get(game=game, **player.owner_fields())
    assert seat.left and seat.autopilot
    game = fresh(game)
    assert game.event_seq == 1 and GameEvent.objects.get(game=game, seq=1).seat == seat.position


def test_an_absent_player_is_replaced_after_the_grace_period(ann, bob, settings):
    game = started_counting_game(ann, bob, target=50)
    player = seat_to_act(game, ann, bob)
    presence = services.socket_opened(game_id=game.pk, identity=player)
    services.socket_closed(presence)
    seat = Seat.objects.get(game=game, **player.owner_fields())
    assert not services.play.check_absent_player(game.pk, seat.pk)  # too soon
    later = timezone.now() + timedelta(seconds=settings.GAMES_ABSENCE_GRACE + 1)
    assert services.play.check_absent_player(game.pk, seat.pk, now=later)
    assert fresh(game).event_seq == 1


def test_a_seat_whose_sockets_died_is_absent_once_they_stop_refreshing(ann, bob, settings):
    """No close ever arrives (the process was killed): the presence row simply stops being refreshed."""
    game = started_counting_game(ann, bob, target=50)
    player = seat_to_act(game, ann, bob)
    other = bob if player == ann else ann
    staying = services.socket_opened(game_id=game.pk, identity=other)
    first = services.socket_opened(game_id=game.pk, identity=player)
    second = services.socket_opened(game_id=game.pk, identity=player)  # a second tab
    seat = Seat.objects.get(game=game, **player.owner_fields())
    now = timezone.now()
    grace = timedelta(seconds=settings.GAMES_ABSENCE_GRACE)
    assert services.presence.refresh([first, second], now=now) == 2
    assert not services.play.check_absent_player(game.pk, seat.pk, now=now + timedelta(seconds=1))
    assert housekeeping.absent_seats(now + grace - timedelta(seconds=1)) == []
    # Both sockets' process died at `now`: nothing else happens, and after the grace a bot plays.
    after = now + grace + timedelta(seconds=1)
    services.presence.refresh([staying], now=after)  # the other player's process lives on
    assert housekeeping.absent_seats(after) == [(game.pk, seat.pk)]
    assert housekeeping.sweep(now=after, due_only=True)["absent"] == 1
    seat.refresh_from_db()
    assert seat.autopilot and not seat.left and fresh(game).event_seq == 1


def test_a_live_socket_keeps_the_seat_however_long(ann, bob, settings):
    game = started_counting_game(ann, bob, target=50)
    player = seat_to_act(game, ann, bob)
    presence = services.socket_opened(game_id=game.pk, identity=player)
    seat = Seat.objects.get(game=game, **player.owner_fields())
    much_later = timezone.now() + timedelta(hours=2)
    services.presence.refresh([presence], now=much_later - timedelta(seconds=settings.GAMES_PRESENCE_HEARTBEAT))
    assert not services.play.check_absent_player(game.pk, seat.pk, now=much_later)
    assert (game.pk, seat.pk) not in housekeeping.absent_seats(much_later)


def test_a_player_who_never_opens_the_page_is_replaced_after_the_grace(ann, bob, settings):
    game = started_counting_game(ann, bob, target=50)
    player = seat_to_act(game, ann, bob)
    seat = Seat.objects.get(game=game, **player.owner_fields())
    later = fresh(game).started_at + timedelta(seconds=settings.GAMES_ABSENCE_GRACE + 1)
    assert housekeeping.sweep(now=later, due_only=True)["absent"] == 2
    seat.refresh_from_db()
    assert seat.autopilot


def test_a_late_bot_job_does_nothing(ann, bob):
    game = started_counting_game(ann, bob)
    assert services.play_bot_move(game.pk, 0) is None  # nobody automated is to act
    assert services.play_bot_move(game.pk, 5) is None  # and the number is not current
    assert fresh(game).event_seq == 0
