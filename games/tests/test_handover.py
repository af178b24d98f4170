"""Handing a stalled seat to a bot during play: the host alone, or with no host present a majority vote."""
import pytest

from games import services
from games.errors import BadRequest, NotAllowed, NotSeated, WrongStatus
from games.identity import ANONYMOUS
from games.models import Game, GameEvent, Seat

from games.tests.helpers import counting_lobby, started_counting_game
from games.tests.test_game_socket import table as table_of_sockets  # noqa: F401  (fixture)


def seat(game, player):
    return Seat.objects.get(game=game, **player.owner_fields())


def to_act(game, *players):
    game = Game.objects.get(pk=game.pk)
    return next(p for p in players if seat(game, p).position in game.to_act)


def hand(game, by, target):
    return services.hand_stalled_seat_to_bot(game_id=game.pk, identity=by, seat_id=seat(game, target).pk)


@pytest.fixture
def table(ann, bob, cid):
    game = started_counting_game(ann, bob, cid, target=90)
    return game, (ann, bob, cid)


def test_the_host_hands_the_seat_of_a_player_who_keeps_everyone_waiting(table, broadcasts):
    game, players = table
    ann = players[0]
    stalled = to_act(game, *players)
    if stalled == ann:  # the host's own turn: let ann play once so that someone else is to act
        services.play_action(game_id=game.pk, identity=ann, expected_seq=0, action={"type": "add", "amount": 1})
        stalled = to_act(game, *players)
    for player in players:
        services.socket_opened(game_id=game.pk, identity=player)  # everyone is there, the stalled one too
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


def test_only_the_host_decides_while_the_host_is_there(table):
    game, (ann, bob, cid) = table
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
async def test_the_host_hands_a_seat_to_a_bot_over_the_socket(table_of_sockets):
    from games.tests.sockets import close_consumer_connections, next_frame, open_socket, sync
    from games.tests.test_game_socket import hello, start

    game, ids, keys = await sync(table_of_sockets)()
    path = f"/ws/games/{game.code}/"
    ann, bob = await open_socket(path, keys["ann"]), await open_socket(path, keys["bob"])
    await start(game, ann, bob)
    snapshot = await hello(ann)
    last_seq = snapshot["seq"]
    if snapshot["actions"]:  # ann (the host) is to act: she plays, then bob keeps everyone waiting
        await ann.send_json_to({"type": "act", "seq": snapshot["seq"], "action": {"type": "add", "amount": 1}})
        last_seq = (await next_frame(ann, "update"))["seq"]
    bob_seat = next(s for s in snapshot["seats"]["seats"] if s["name"] == "bob")
    ann_seat = next(s for s in snapshot["seats"]["seats"] if s["name"] == "ann")
    await bob.send_json_to({"type": "hand_to_bot", "seat": ann_seat["id"], "ref": "mine"})
    refused = await next_frame(bob, "error")
    assert refused["ref"] == "mine" and refused["code"] == "not_stalled"  # ann is here and not to act
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
