"""Handing a stalled seat to a bot during play: the host alone, or with no host present a majority vote; a
seat is stalled once its player's turn timer has run out or they have been away past the grace time."""
from datetime import timedelta

import pytest
from django.conf import settings
from django.db.models import F
from django.utils import timezone

from games import services
from games.errors import BadRequest, NotAllowed, NotSeated, WrongStatus
from games.identity import ANONYMOUS
from games.models import Game, GameEvent, Seat
from games.selectors.frames import seat_list_of, seats_frame
from games.services.handover import check_seat_can_be_handed_over

from games.tests.helpers import counting_lobby, started_counting_game
from games.tests.test_game_socket import table as table_of_sockets  # noqa: F401  (fixture)


def seat(game, player):
    return Seat.objects.get(game=game, **player.owner_fields())


def to_act(game, *players):
    game = Game.objects.get(pk=game.pk)
    return next(p for p in players if seat(game, p).position in game.to_act)


def hand(game, by, target):
    return services.hand_stalled_seat_to_bot(game_id=game.pk, identity=by, seat_id=seat(game, target).pk)


def run_out_of_time(game):
    """The turn timer ran out a moment ago (the job that hands the seat over has not run yet)."""
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))


def away_past_grace(game):
    """The game started longer ago than the grace time: a player who never opened its page is away past it."""
    Game.objects.filter(pk=game.pk).update(
        started_at=F("started_at") - timedelta(seconds=settings.GAMES_ABSENCE_GRACE + 1))


def unchanged(game, before, target):
    game = Game.objects.get(pk=game.pk)
    return (game.event_seq == before.event_seq and game.handover_votes == before.handover_votes
            and not seat(game, target).autopilot)


@pytest.fixture
def table(ann, bob, cid):
    game = started_counting_game(ann, bob, cid, target=90)
    return game, (ann, bob, cid)


def test_the_host_hands_the_seat_of_a_player_whose_turn_timer_ran_out(ann, bob, cid, broadcasts):
    game = started_counting_game(ann, bob, cid, target=90, turn_seconds=60)
    players = (ann, bob, cid)
    stalled = to_act(game, *players)
    if stalled == ann:  # the host's own turn: let ann play once so that someone else is to act
        services.play_action(game_id=game.pk, identity=ann, expected_seq=0, action={"type": "add", "amount": 1})
        stalled = to_act(game, *players)
    for player in players:
        services.socket_opened(game_id=game.pk, identity=player)  # everyone is there, the stalled one too
    run_out_of_time(game)
    before = Game.objects.get(pk=game.pk).event_seq
    assert hand(game, ann, stalled) == {"handed": True, "votes": 0, "needed": 0}
    assert seat(game, stalled).autopilot and not seat(game, stalled).left
    last = GameEvent.objects.filter(game=game).last()
    assert last.seq == before + 1 and last.by == "autopilot" and last.seat == seat(game, stalled).position
    assert hand(game, ann, stalled)["handed"]  # a second click changes nothing
    assert GameEvent.objects.filter(game=game).count() == before + 1
    services.take_back_seat(game_id=game.pk, identity=stalled)
    assert not seat(game, stalled).autopilot


def test_a_player_who_is_there_and_not_to_act_keeps_the_seat(table):
    game, players = table
    ann = players[0]
    waiting = next(p for p in players[1:] if p != to_act(game, *players))
    services.socket_opened(game_id=game.pk, identity=waiting)
    with pytest.raises(NotAllowed) as refused:
        hand(game, ann, waiting)
    assert refused.value.code == "not_stalled" and not seat(game, waiting).autopilot


def to_act_not_host(game, ann, *others):
    """The player to act, ann (the host) having played once if she was the first."""
    if to_act(game, ann, *others) == ann:
        services.play_action(game_id=game.pk, identity=ann, expected_seq=0, action={"type": "add", "amount": 1})
    return to_act(game, ann, *others)


def test_a_player_who_is_there_keeps_the_seat_at_the_start_of_their_turn(ann, bob, broadcasts):
    game = started_counting_game(ann, bob, target=90, turn_seconds=60)
    stalled = to_act_not_host(game, ann, bob)
    for player in (ann, bob):
        services.socket_opened(game_id=game.pk, identity=player)
    before = Game.objects.get(pk=game.pk)
    with pytest.raises(NotAllowed) as refused:
        hand(game, ann, stalled)
    assert refused.value.code == "not_stalled"
    # The refusal says from when: the end of the turn timer; the seat list says the same to every page.
    assert refused.value.details == {"handover_from": before.turn_deadline.isoformat()}
    assert unchanged(game, before, stalled)
    fresh, seats, present = seat_list_of(game.pk)
    listed = next(s for s in seats_frame(fresh, seats, present)["seats"] if s["name"] == stalled.name)
    assert listed["handover_from"] == before.turn_deadline.isoformat()
    assert all(s["handover_from"] is None for s in seats_frame(fresh, seats, present)["seats"] if s["name"] != stalled.name)


def test_a_new_turn_sends_the_seat_list_with_the_new_moment(ann, bob, broadcasts):
    game = started_counting_game(ann, bob, target=90, turn_seconds=60)
    first = to_act(game, ann, bob)
    second = bob if first == ann else ann
    for player in (ann, bob):
        services.socket_opened(game_id=game.pk, identity=player)
    broadcasts.clear()
    services.play_action(game_id=game.pk, identity=first, expected_seq=0, action={"type": "add", "amount": 1})
    game = Game.objects.get(pk=game.pk)
    frames = [f for _, f in broadcasts if isinstance(f, dict) and f.get("type") == "seats"]
    listed = {s["name"]: s["handover_from"] for s in frames[-1]["seats"]}
    assert listed == {first.name: None, second.name: game.turn_deadline.isoformat()}


def test_the_check_allows_once_the_turn_timer_has_run_out(ann, bob):
    game = started_counting_game(ann, bob, target=90, turn_seconds=60)
    stalled = seat(game, to_act_not_host(game, ann, bob))
    game = Game.objects.get(pk=game.pk)
    deadline = game.turn_deadline
    with pytest.raises(NotAllowed):
        check_seat_can_be_handed_over(game, stalled, deadline - timedelta(seconds=1), present=True)
    check_seat_can_be_handed_over(game, stalled, deadline, present=True)
    check_seat_can_be_handed_over(game, stalled, deadline + timedelta(seconds=1), present=True)


def test_a_player_away_keeps_the_seat_until_the_grace_time_has_passed(ann, bob, cid):
    game = started_counting_game(ann, bob, cid, target=90, turn_seconds=60)
    services.socket_opened(game_id=game.pk, identity=ann)
    away = next(p for p in (bob, cid) if p != to_act(game, ann, bob, cid))  # not to act, never opened the page
    before = Game.objects.get(pk=game.pk)
    grace_ends = before.started_at + timedelta(seconds=settings.GAMES_ABSENCE_GRACE)
    with pytest.raises(NotAllowed) as refused:
        hand(game, ann, away)
    assert refused.value.code == "not_stalled" and refused.value.details == {"handover_from": grace_ends.isoformat()}
    assert unchanged(game, before, away)
    check_seat_can_be_handed_over(before, seat(game, away), grace_ends + timedelta(seconds=1))
    away_past_grace(game)
    assert hand(game, ann, away)["handed"] and seat(game, away).autopilot


def test_a_player_who_closed_the_page_is_away_from_then(ann, bob):
    game = started_counting_game(ann, bob, target=90)
    services.socket_opened(game_id=game.pk, identity=ann)
    presence = services.socket_opened(game_id=game.pk, identity=bob)
    services.socket_closed(presence)
    closed = seat(game, bob).disconnected_at
    game = Game.objects.get(pk=game.pk)
    grace = timedelta(seconds=settings.GAMES_ABSENCE_GRACE)
    with pytest.raises(NotAllowed) as refused:
        check_seat_can_be_handed_over(game, seat(game, bob), closed + grace - timedelta(seconds=1))
    assert refused.value.details == {"handover_from": (closed + grace).isoformat()}
    check_seat_can_be_handed_over(game, seat(game, bob), closed + grace)


def test_with_no_timer_only_absence_counts(ann, bob):
    game = started_counting_game(ann, bob, target=90)  # no turn timer
    stalled = to_act_not_host(game, ann, bob)
    for player in (ann, bob):
        services.socket_opened(game_id=game.pk, identity=player)
    game = Game.objects.get(pk=game.pk)
    much_later = timezone.now() + timedelta(days=1)
    with pytest.raises(NotAllowed) as refused:  # there, to act, for a day: still theirs
        check_seat_can_be_handed_over(game, seat(game, stalled), much_later, present=True)
    assert refused.value.details == {"handover_from": None}
    with pytest.raises(NotAllowed):
        hand(game, ann, stalled)
    check_seat_can_be_handed_over(game, seat(game, stalled), much_later, present=False)  # away a day: stalled


def test_only_the_host_decides_while_the_host_is_there(table):
    game, (ann, bob, cid) = table
    away_past_grace(game)  # cid never opened the page: stalled
    services.socket_opened(game_id=game.pk, identity=ann)
    with pytest.raises(NotAllowed):
        hand(game, bob, cid)
    assert not seat(game, cid).autopilot and Game.objects.get(pk=game.pk).handover_votes == {}


def test_with_no_host_present_a_majority_of_the_players_there_decides(ann, bob, cid, make_player, broadcasts):
    dan = make_player("dan")
    game = started_counting_game(ann, bob, cid, dan, target=90)
    players = (ann, bob, cid, dan)
    stalled = next(p for p in players[1:] if p != to_act(game, *players))  # absent (no socket), not ann
    voters = [p for p in players[1:] if p != stalled]
    away_past_grace(game)
    for player in voters:
        services.socket_opened(game_id=game.pk, identity=player)
    assert hand(game, voters[0], stalled) == {"handed": False, "votes": 1, "needed": 2}
    assert hand(game, voters[0], stalled)["votes"] == 1  # voting twice counts once
    frames = [f for _, f in broadcasts if isinstance(f, dict) and f.get("type") == "seats"]
    assert next(s for s in frames[-1]["seats"] if s["name"] == stalled.name)["handover_votes"] == 1
    assert not seat(game, stalled).autopilot
    assert hand(game, voters[1], stalled) == {"handed": True, "votes": 2, "needed": 2}
    assert seat(game, stalled).autopilot and Game.objects.get(pk=game.pk).handover_votes == {}


def test_votes_lapse_when_the_stalled_seat_plays(ann, bob, cid, make_player):
    dan = make_player("dan")
    game = started_counting_game(ann, bob, cid, dan, target=90)
    players = (ann, bob, cid, dan)
    stalled = to_act(game, *players)
    if stalled == ann:
        services.play_action(game_id=game.pk, identity=ann, expected_seq=0, action={"type": "add", "amount": 1})
        stalled = to_act(game, *players)
    voter = next(p for p in players[1:] if p != stalled)
    away_past_grace(game)  # the stalled player never opened the page
    services.socket_opened(game_id=game.pk, identity=voter)
    services.socket_opened(game_id=game.pk, identity=next(p for p in players[1:] if p not in (stalled, voter)))
    assert not hand(game, voter, stalled)["handed"]
    current = Game.objects.get(pk=game.pk)
    services.play_action(game_id=game.pk, identity=stalled, expected_seq=current.event_seq,
                         action={"type": "add", "amount": 1})
    assert Game.objects.get(pk=game.pk).handover_votes == {}


def test_handing_over_is_refused_outside_play_and_to_outsiders(ann, bob, table):
    game, (host, player, other) = table
    with pytest.raises(BadRequest):
        hand(game, host, host)
    with pytest.raises(NotSeated):
        services.hand_stalled_seat_to_bot(game_id=game.pk, identity=ANONYMOUS, seat_id=seat(game, other).pk)
    with pytest.raises(BadRequest):
        services.hand_stalled_seat_to_bot(game_id=game.pk, identity=host, seat_id=10**9)
    lobby = counting_lobby(ann)
    services.join_game(game_id=lobby.pk, identity=bob)
    with pytest.raises(WrongStatus):
        hand(lobby, ann, bob)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_host_hands_a_seat_to_a_bot_over_the_socket_once_its_timer_ran_out(table_of_sockets):
    from games.tests.sockets import close_consumer_connections, next_frame, open_socket, sync
    from games.tests.test_game_socket import hello, start

    game, ids, keys = await sync(table_of_sockets)()
    await sync(Game.objects.filter(pk=game.pk).update)(turn_seconds=60)
    path = f"/ws/games/{game.code}/"
    ann, bob = await open_socket(path, keys["ann"]), await open_socket(path, keys["bob"])
    await start(game, ann, bob)
    snapshot = await hello(ann)
    last_seq = snapshot["seq"]
    if snapshot["actions"]:  # ann (the host) is to act: she plays, then bob's turn begins
        await ann.send_json_to({"type": "act", "seq": snapshot["seq"], "action": {"type": "add", "amount": 1}})
        last_seq = (await next_frame(ann, "update"))["seq"]
    bob_seat = next(s for s in snapshot["seats"]["seats"] if s["name"] == "bob")
    ann_seat = next(s for s in snapshot["seats"]["seats"] if s["name"] == "ann")
    await bob.send_json_to({"type": "hand_to_bot", "seat": ann_seat["id"], "ref": "mine"})
    refused = await next_frame(bob, "error")
    assert refused["ref"] == "mine" and refused["code"] == "not_stalled"  # ann is here and not to act
    assert refused["handover_from"] is None

    # Bob is here and his turn has just begun: the host's request is refused, in the documented shape
    # (docs/live-games.md, "Error codes"), and changes nothing.
    before = await sync(Game.objects.get)(pk=game.pk)
    await ann.send_json_to({"type": "hand_to_bot", "seat": bob_seat["id"], "ref": 6})
    refused = await next_frame(ann, "error")
    assert refused == {"type": "error", "code": "not_stalled", "ref": 6, "message": refused["message"],
                       "handover_from": before.turn_deadline.isoformat()}
    assert "bob" in refused["message"]
    after = await sync(Game.objects.get)(pk=game.pk)
    bob_row = await sync(Seat.objects.get)(pk=bob_seat["id"])
    assert (after.event_seq, after.handover_votes, after.turn_deadline) == (before.event_seq, {}, before.turn_deadline)
    assert not bob_row.autopilot

    await sync(run_out_of_time)(game)
    await ann.send_json_to({"type": "hand_to_bot", "seat": bob_seat["id"], "ref": 7})
    assert await next_frame(ann, "handover") == {"type": "handover", "ref": 7, "handed": True, "votes": 0,
                                                 "needed": 0}
    update = await next_frame(bob, "update")
    while update["seq"] <= last_seq:   # bob's copy of ann's move may come after the error reply (Redis layer)
        update = await next_frame(bob, "update")
    assert update["seq"] == last_seq + 1
    assert update["entry"]["by"] == "autopilot" and update["entry"]["seat"] == bob_seat["position"]
    for socket in (ann, bob):
        await socket.disconnect()
    await close_consumer_connections()
