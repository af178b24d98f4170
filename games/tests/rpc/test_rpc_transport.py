"""The generic JSON-RPC socket, driven with the counting test game: authentication, config phase, readiness,
state recovery, replies and every fault code, with nothing changed by a refused call."""
import json
from urllib.parse import quote

import pytest
import pytest_asyncio
from channels.layers import get_channel_layer

from games import broadcast, services
from games.identity import Identity
from games.models import Game, Seat
from games.rpc.notify import rpc_group
from games.rpc.tokens import identity_for_token, seat_token
from games.rulesets import register, unregister

from games.tests.helpers import session_for
from games.tests.sockets import CONNECT_TIMEOUT, close_consumer_connections, communicator_for, refusal, sync
from games.tests.rpc.counting_rpc import COUNTING_RPC, PROTOCOL
from games.tests.rpc.rpc_sockets import close_all, connect, methods, rpc_path

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    register(COUNTING_RPC, rpc=PROTOCOL)
    yield
    unregister(COUNTING_RPC.slug)
    await close_all()
    await close_consumer_connections()


@pytest.fixture
def table(django_user_model):
    """ann (host) and bob in a lobby of the counting game with an RPC protocol; eve watches."""

    def build(slug="countrpc"):
        users = {n: django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob", "eve")}
        ids = {n: Identity(user_id=u.pk, name=n) for n, u in users.items()}
        game = services.create_game(host=ids["ann"], ruleset_slug=slug, options={"target": 12}, public=True,
                                    min_players=2, max_players=3, turn_seconds=0)
        services.join_game(game_id=game.pk, identity=ids["bob"])
        return game, ids, {n: session_for(u) for n, u in users.items()}

    return build


def game_row(game):
    return Game.objects.get(pk=game.pk)


async def lobby(table):
    game, ids, keys = await sync(table)()
    clients = {n: await connect(game.code, keys[n]) for n in ("ann", "bob", "eve")}
    return game, ids, clients


async def start(clients):
    assert (await clients["ann"].call("volity.ready"))["result"] == ["volity.ok"]
    assert (await clients["bob"].call("volity.ready"))["result"] == ["volity.ok"]
    for client in clients.values():
        await client.note("volity.start_game")


async def mover(game, clients):
    row = await sync(game_row)(game)
    seat = await sync(lambda: Seat.objects.get(game=row, position=row.to_act[0]))()
    other = "bob" if seat.name == "ann" else "ann"
    return clients[seat.name], clients[other]


async def test_a_game_without_rpc_protocol_or_a_bad_token_is_refused(table):
    game, ids, keys = await sync(table)("counting")
    assert await refusal(rpc_path(game.code), keys["ann"]) == 4404
    assert await refusal(rpc_path("nosuchgame"), keys["ann"]) == 4404


async def test_seat_tokens_act_for_their_seat_and_bad_tokens_are_refused(table):
    game, ids, keys = await sync(table)()
    seats = await sync(lambda: {s.name: s for s in Seat.objects.filter(game=game)})()
    token = await sync(seat_token)(game, seats["bob"])
    assert await refusal(rpc_path(game.code, token[:-1] + ("0" if token[-1] != "0" else "1"))) == 4403
    assert await refusal(rpc_path(game.code, "12-nonsense")) == 4403
    bob = await connect(game.code, token=token)
    assert (await bob.call("volity.ready"))["result"] == ["volity.ok"]
    assert await sync(lambda: Seat.objects.get(pk=seats["bob"].pk).ready)()
    await bob.close()


async def test_state_burst_in_the_lobby_and_in_play(table):
    game, ids, clients = await lobby(table)
    reply = await clients["eve"].call("volity.send_state")
    assert reply["result"] == ["volity.ok"]
    burst = await clients["eve"].until("volity.state_sent")
    assert methods(burst) == ["volity.receive_state", "volity.seat_list", "volity.player_sat", "volity.player_sat",
                              "game.target", "volity.state_sent"]
    assert burst[0]["params"][0]["state"] == "setup" and burst[0]["params"][0]["seat"] is None
    assert burst[4]["params"] == ["referee", 12]
    await start(clients)
    first, second = await mover(game, clients)
    assert (await first.call("game.add", 2))["result"] == ["volity.ok"]
    await second.note("game.your_turn")
    await second.call("volity.send_state")
    burst = await second.until("volity.state_sent")
    assert methods(burst) == ["volity.receive_state", "volity.seat_list", "volity.player_sat", "volity.player_sat",
                              "game.target", "volity.game_has_started", "game.count", "game.secret",
                              "game.your_turn", "volity.state_sent"]
    assert burst[0]["params"][0]["state"] == "active" and burst[6]["params"] == [2]
    # what the burst contained is not sent again; what follows it is
    assert await second.quiet()
    assert (await second.call("game.add", 3))["result"] == ["volity.ok"]
    assert (await first.note("game.added"))["params"][1:] == [2, 2]  # first's own move, then second's
    assert (await first.note("game.added"))["params"][1:] == [3, 5]
    for client in clients.values():
        await client.close()


async def test_config_change_is_echoed_to_everyone_and_makes_everyone_unready(table):
    game, ids, clients = await lobby(table)
    await clients["ann"].call("volity.ready")
    assert await sync(lambda: Seat.objects.get(game=game, name="ann").ready)()
    reply = await clients["bob"].call("game.set_target", 20.0)
    assert reply["result"] == ["volity.ok"]
    for client in clients.values():
        assert (await client.note("game.target"))["params"] == ["bob", 20]
    row = await sync(game_row)(game)
    assert row.options["target"] == 20
    assert not await sync(lambda: any(s.ready for s in Seat.objects.filter(game=game)))()
    refused = await clients["eve"].call("game.set_target", 30)
    assert refused["error"]["code"] == 607
    refused = await clients["bob"].call("game.set_target", 1000)
    assert refused["error"]["code"] == 606 and refused["error"]["data"]["tokens"] == ["volity.bad_config"]
    assert (await sync(game_row)(game)).options["target"] == 20
    await start(clients)
    refused = await clients["bob"].call("game.set_target", 30)
    assert refused["error"]["code"] == 609 and refused["error"]["data"]["tokens"] == ["volity.game_in_progress"]
    for client in clients.values():
        await client.close()


async def test_ready_is_refused_with_the_games_token_while_too_few_seats_are_filled(table):
    game, ids, keys = await sync(table)()
    await sync(services.leave)(game_id=game.pk, identity=ids["bob"])
    ann = await connect(game.code, keys["ann"])
    refused = await ann.call("volity.ready")
    assert refused["error"]["code"] == 606 and refused["error"]["data"]["tokens"] == ["volity.empty_seats"]
    assert not await sync(lambda: Seat.objects.get(game=game, name="ann").ready)()
    await ann.close()


async def test_every_fault_changes_nothing_and_leaves_the_socket_open(table):
    game, ids, clients = await lobby(table)
    ann, eve = clients["ann"], clients["eve"]
    assert (await ann.call("game.add", 1))["error"]["code"] == 609  # not started
    await start(clients)
    first, second = await mover(game, clients)
    before = (await sync(game_row)(game)).event_seq

    async def fault(client, message):
        await client.send(message)
        reply = await client.reply()
        return (reply[0] if isinstance(reply, list) else reply)["error"]

    assert (await first.call("game.nonsense"))["error"]["code"] == 603
    assert (await first.call("volity.nonsense"))["error"]["code"] == 603
    assert (await first.call("game.add"))["error"]["code"] == 604
    assert (await first.call("game.add", 1, 2))["error"]["code"] == 604
    assert (await first.call("volity.ready", 1))["error"]["code"] == 604
    for bad in ("1", 1.5, True, None, [1], {"a": 1}, "x" * 500):
        assert (await first.call("game.add", bad))["error"]["code"] == 605, bad
    assert (await eve.call("game.add", 1))["error"]["code"] == 607
    refused = await second.call("game.add", 1)
    assert refused["error"]["code"] == 609 and refused["error"]["data"]["tokens"] == ["volity.not_your_turn"]
    refused = await first.call("game.add", 7)
    assert refused["error"] == {"code": 606, "message": "Add 1, 2 or 3.", "data": {"tokens": ["game.illegal_action"]}}
    assert (await first.call("volity.ready"))["error"]["code"] == 609
    assert (await fault(first, "{not json"))["code"] == -32700
    assert (await fault(first, "NaN"))["code"] == -32700
    assert (await fault(first, "[1e999]"))["code"] == -32600
    assert (await fault(first, {"id": 9, "method": "game.add", "params": [1]}))["code"] == -32600
    await first.send({"method": "game.add", "params": [1]})  # not JSON-RPC 2.0 and no id: still answered
    invalid = await first.reply()
    assert invalid["id"] is None and invalid["error"]["code"] == -32600
    assert (await fault(first, {"jsonrpc": "2.0", "id": 9, "method": "game.add", "params": {"amount": 1}}))[
        "code"] == -32600
    assert (await fault(first, {"jsonrpc": "2.0", "id": 9, "method": 5}))["code"] == -32600
    assert (await fault(first, json.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.add",
                                           "params": ["x" * 10000]})))["code"] == -32600
    assert (await fault(first, "[]"))["code"] == -32600
    assert (await fault(first, "[" + "[" * 5000 + "]" * 5000 + "]"))["code"] in (-32700, -32600)
    assert (await sync(game_row)(game)).event_seq == before
    # a JSON-RPC notification (no id) is carried out without a reply; a batch gets an array of replies
    await first.send({"jsonrpc": "2.0", "method": "game.add", "params": [1]})
    batch = [{"jsonrpc": "2.0", "id": "a", "method": "game.add", "params": [1.0]},
             {"jsonrpc": "2.0", "id": "b", "method": "game.nonsense"}]
    await second.note("game.your_turn")
    await second.send(batch)
    replies = await second.reply()
    assert replies[0] == {"jsonrpc": "2.0", "id": "a", "result": ["volity.ok"]}
    assert replies[1]["id"] == "b" and replies[1]["error"]["code"] == 603
    assert (await sync(game_row)(game)).event_seq == before + 2
    for client in clients.values():
        await client.close()


async def test_the_lobby_is_announced_as_volity_seating_and_readiness_calls(table, django_user_model):
    game, ids, clients = await lobby(table)
    eve = clients["eve"]
    await sync(services.join_game)(game_id=game.pk, identity=ids["eve"])
    assert (await eve.note("volity.player_sat"))["params"] == ["eve", None]
    await clients["bob"].call("volity.ready")
    assert (await eve.note("volity.player_ready"))["params"] == ["bob"]
    await clients["bob"].call("volity.unready")
    assert (await eve.note("volity.player_unready"))["params"] == ["bob"]
    await sync(services.leave)(game_id=game.pk, identity=ids["eve"])
    assert (await clients["ann"].note("volity.player_stood"))["params"] == ["eve"]
    await sync(services.add_bot)(game_id=game.pk, identity=ids["ann"], kind="random")
    assert (await clients["ann"].note("volity.player_sat"))["params"] == ["Random bot", None]
    for client in clients.values():
        await client.close()


async def test_a_lone_surrogate_is_refused_before_it_can_be_echoed(table):
    """A lone UTF-16 surrogate (as a JSON escape) in the id or anywhere else: a reply echoing it could not be
    sent as UTF-8, and the server (then daphne) closed the socket with 1011. It is an invalid request, answered with
    id null."""
    game, ids, clients = await lobby(table)
    ann = clients["ann"]
    for frame in ('{"jsonrpc": "2.0", "id": "\\ud800", "method": "volity.unready", "params": []}',
                  '{"jsonrpc": "2.0", "id": 3, "method": "game.add", "params": ["\\udfff"]}',
                  '[{"jsonrpc": "2.0", "id": "\\udc00x", "method": "volity.ready", "params": []}]'):
        await ann.send(frame)
        text = await ann.socket.receive_from(timeout=3)
        text.encode("utf-8")  # what the server does with every frame sent
        reply = json.loads(text)
        assert reply["id"] is None and reply["error"]["code"] == -32600, frame
    assert not await sync(lambda: Seat.objects.get(game=game, name="ann").ready)()
    assert (await ann.call("volity.send_state"))["result"] == ["volity.ok"]  # the socket is still open


async def test_a_frame_nested_too_deep_is_refused_as_such(table):
    """A frame within the size limit but nested 2000 deep was answered "Parse error: that is not JSON." (json.loads
    gave up with RecursionError); one nesting 17 levels went through to the call. Both say what is wrong."""
    game, ids, clients = await lobby(table)
    ann = clients["ann"]
    deep_argument = json.dumps({"jsonrpc": "2.0", "id": 4, "method": "game.add",
                                "params": [json.loads("[" * 16 + "]" * 16)]})
    for frame in ("[" * 2000 + "]" * 2000, deep_argument):
        await ann.send(frame)
        reply = await ann.reply()
        assert reply == {"jsonrpc": "2.0", "id": None, "error": {
            "code": -32600, "message": "Invalid request: frames nest at most 16 levels deep."}}, frame[:40]
    assert (await ann.call("volity.send_state"))["result"] == ["volity.ok"]  # the socket is still open
    for client in clients.values():
        await client.close()


MALFORMED_TOKENS = ["", "²-x", "²-" + "0" * 40, "１-" + "0" * 40, "-" + "0" * 40, "1-", "1-" + "G" * 40,
                    "9" * 30 + "-" + "0" * 40, "1 -" + "0" * 40, "1-" + "0" * 40 + "\n", "x" * 200]


async def test_malformed_tokens_are_refused_with_4403_and_leave_no_trace_in_the_group(table):
    """`"²".isdigit()` is true and int("²") raises: that token was an HTTP 500 after the socket had joined the
    game's group, which it never left; an empty `?token=` connected as an observer."""
    game, ids, keys = await sync(table)()
    for token in MALFORMED_TOKENS:
        assert await sync(identity_for_token)(game, token) is None, token
        path = f"/ws/games/{game.code}/rpc/?token={quote(token)}"
        assert await refusal(path) == 4403, token
        assert await refusal(path, keys["eve"]) == 4403, token   # a session does not stand in for a bad token
    assert not await group_members(get_channel_layer(), rpc_group(game.code))


async def group_members(layer, group):
    """The channels in `group`, on the in-memory layer or a channels-redis core layer."""
    if hasattr(layer, "groups"):
        return list(layer.groups.get(group, {}))
    return await layer.connection(layer.consistent_hash(group)).zrange(layer._group_key(group), 0, -1)


async def test_observers_get_607_before_any_other_check(table):
    """eve watches without a seat: whatever she calls but volity.send_state is 607, not 603 (an unknown method),
    604/605 (wrong arguments) or 609 (the game's state) first; the seated players still get those."""
    game, ids, clients = await lobby(table)
    eve, ann = clients["eve"], clients["ann"]
    calls = [("game.add", "x"), ("game.add",), ("game.add", 1), ("game.fly",), ("volity.fly",), ("volity.ready", 1),
             ("volity.ready",), ("volity.unready",), ("game.set_target", "12"), ("game.set_target", 13)]
    for call in calls:
        assert (await eve.call(*call))["error"]["code"] == 607, call
    assert (await eve.call("volity.send_state"))["result"] == ["volity.ok"]
    assert (await eve.call("volity.send_state", 1))["error"]["code"] == 604
    assert [(await ann.call(*call))["error"]["code"] for call in calls[:5]] == [605, 604, 609, 603, 603]
    await start(clients)
    for call in (("game.add", "x"), ("game.add", 1), ("game.fly",), ("volity.ready",), ("game.set_target", 13)):
        assert (await eve.call(*call))["error"]["code"] == 607, call   # 17 calls: within the rate limit
    assert await sync(lambda: game_row(game).options["target"])() == 12


async def test_a_frame_that_crosses_a_refusal_is_ignored(table):
    """A refused socket (accepted, then closed with its code) has no rate limit and no seat: a frame the client
    sent before reading the close raised AttributeError, whose error reply went to a closed socket (daphne:
    "Attempt to send on a closed protocol"). It is ignored, and so is what the socket's group sends it."""
    game, ids, keys = await sync(table)()
    for path, code in ((rpc_path(game.code, "1-bad"), 4403), ("/ws/games/nosuchgame/", 4404),
                       (rpc_path("nosuchgame"), 4404)):
        communicator = communicator_for(path, keys["eve"])
        assert (await communicator.connect(timeout=CONNECT_TIMEOUT))[0]
        assert (await communicator.receive_output(timeout=CONNECT_TIMEOUT))["code"] == code
        await communicator.send_to(text_data='{"jsonrpc": "2.0", "id": 1, "method": "volity.ready", "params": []}')
        await communicator.send_to(text_data='{"type": "ping", "ref": 1}')
        assert await communicator.receive_nothing(timeout=0.3), path
        await communicator.disconnect()   # raised the consumer's AttributeError


async def test_moves_publish_rpc_notifications_only_once_a_programs_socket_opened(table):
    """Players on the pages alone: a move builds and sends no RPC notification. A program's socket opening
    mid-game marks the game; its state holds the moves made before, and it is told of the next."""
    game, ids, keys = await sync(table)()

    def unseen_moves():
        for name in ("ann", "bob"):
            services.set_ready(game_id=game.pk, identity=ids[name], ready=True)
        with broadcast.collecting() as sent:
            for _ in range(2):
                row = game_row(game)
                mover_name = Seat.objects.get(game=row, position=row.to_act[0]).name
                services.play_action(game_id=game.pk, identity=ids[mover_name], expected_seq=row.event_seq,
                                     action={"type": "add", "amount": 1})
        return [group for group, _message in sent]

    groups = await sync(unseen_moves)()
    assert groups and rpc_group(game.code) not in groups
    assert not (await sync(game_row)(game)).rpc_readers
    eve = await connect(game.code, keys["eve"])
    assert (await sync(game_row)(game)).rpc_readers
    await eve.call("volity.send_state")
    burst = await eve.until("volity.state_sent")
    assert [n["params"] for n in burst if n["method"] == "game.count"] == [[2]]
    first, _second = await mover(game, {"ann": await connect(game.code, keys["ann"]),
                                        "bob": await connect(game.code, keys["bob"])})
    assert (await first.call("game.add", 3))["result"] == ["volity.ok"]
    assert (await eve.note("game.added"))["params"][1:] == [3, 5]
    await close_all()
