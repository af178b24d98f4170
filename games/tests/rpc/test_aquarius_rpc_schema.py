"""The JSON Schema (games/rpc/aquarius.schema.json) against the referee: its requests are exactly the protocol's
calls with their parameters (what the schema refuses, the referee refuses as malformed), and its notifications
are exactly the calls the referee's code makes, every one of which a session below receives."""
import ast
from pathlib import Path

import pytest
import pytest_asyncio

from games import services
from games.models import Game
from games.rpc import protocol as rpc
from games.aquarius.rpc import PROTOCOL

from games.tests.sockets import close_consumer_connections, sync
from games.tests.rpc.aquarius_tables import aquarius_table, arrange
from games.tests.rpc.rpc_sockets import Schema, branch_names, check_requests_are_the_calls, close_all, connect, definitions, methods

ROOT = Path(__file__).resolve().parents[3]

# A good value for each parameter of the protocol's calls, by name, and values of the wrong type by kind.
GOOD = {"flag": True, "card": "act_a_1", "x": 1, "y": -2, "upright": False, "seat": "seat2", "target": "w_a_2"}
WRONG = {"string": [7, None, True, ["w_a_1"]], "int": [1.5, "1", True, None], "bool": ["yes", 1, None]}


@pytest.fixture(scope="module")
def schema():
    return Schema()


def request(method, params):
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}


def test_the_schemas_requests_are_the_protocols_calls_and_the_lobby_calls():
    check_requests_are_the_calls("aquarius", PROTOCOL)


@pytest.mark.parametrize("method", sorted(PROTOCOL.calls))
def test_the_schema_refuses_what_the_referee_finds_malformed(schema, method):
    call = PROTOCOL.calls[method]
    good = [GOOD[name] for name, _ in call.params]
    assert not schema.request_errors(request(method, good))
    assert rpc.coerce(call, good) == good
    for i, (name, kind) in enumerate(call.params):
        if kind == "int":  # a whole float is a whole number to both
            whole = good[:i] + [3.0] + good[i + 1:]
            assert not schema.request_errors(request(method, whole))
            assert rpc.coerce(call, whole)[i] == 3
        for value in WRONG[kind]:
            wrong = good[:i] + [value] + good[i + 1:]
            assert schema.request_errors(request(method, wrong)), (method, name, value)
            with pytest.raises(rpc.Fault) as fault:
                rpc.coerce(call, wrong)
            assert fault.value.code == rpc.WRONG_TYPE, (method, name, value)
    for count in (good[:-1], good + [1]) if good else ([1],):
        assert schema.request_errors(request(method, count)), (method, count)
        with pytest.raises(rpc.Fault) as fault:
            rpc.coerce(call, count)
        assert fault.value.code == rpc.MISSING_ARGUMENT


LOBBY_GOOD = {"player": "ann", "seat": "seat2", "kind": "greedy", "bot": "Greedy bot", "message": "Come and play"}


@pytest.mark.parametrize("method", sorted(rpc.VOLITY_CALLS))
def test_the_lobby_calls_take_their_arguments_and_optional_ones(schema, method):
    call = rpc.VOLITY_CALLS[method]
    whole = [LOBBY_GOOD[name] for name, _ in call.params]
    required = len(call.params) - call.optional
    for count in range(required, len(whole) + 1):  # with and without the optional arguments
        assert not schema.request_errors(request(method, whole[:count])), (method, count)
        assert rpc.coerce(call, whole[:count]) == whole[:count]
    if required == 0:
        assert not schema.request_errors({"jsonrpc": "2.0", "id": "a", "method": method})
    for count in ([*whole, "x"], whole[:required - 1] if required else None):
        if count is None:
            continue
        assert schema.request_errors(request(method, count)), (method, count)
        with pytest.raises(rpc.Fault) as fault:
            rpc.coerce(call, count)
        assert fault.value.code == rpc.MISSING_ARGUMENT
    for i in range(len(whole)):
        wrong = whole[:i] + [7] + whole[i + 1:]
        assert schema.request_errors(request(method, wrong)), (method, i)
        with pytest.raises(rpc.Fault) as fault:
            rpc.coerce(call, wrong)
        assert fault.value.code == rpc.WRONG_TYPE


def test_malformed_requests_are_refused_by_the_schema(schema):
    assert schema.request_errors(request("game.fly", []))  # an unknown method (fault 603)
    assert schema.request_errors({"jsonrpc": "2.0", "id": 1, "method": "game.pass", "params": {}})  # not positional
    assert schema.request_errors({"jsonrpc": "2.0", "id": 1e999, "method": "game.pass"})  # id: infinity


def notification_names_in_the_code():
    """Every method the referee's code passes to notification(...) or announce_table(game, ...)."""
    files = [ROOT / "games/rpc/notify.py", ROOT / "games/rpc/consumer.py", ROOT / "games/aquarius/rpc.py",
             *sorted((ROOT / "games/services").glob("*.py"))]
    names, passed_on = set(), []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            callee = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            position = {"notification": 0, "announce_table": 1}.get(callee)
            if position is None or len(node.args) <= position:
                continue
            arg = node.args[position]
            if isinstance(arg, ast.Name):  # a name handed on (announce_table's own body): its callers say it
                passed_on.append((path.name, arg.id))
                continue
            found = {c.value for c in ast.walk(arg) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
            assert found, f"{path}:{node.lineno}: a notification whose name is not written out"
            names |= found
    assert passed_on == [("notify.py", "method")]
    return names


def test_the_schemas_notifications_are_the_ones_the_referees_code_makes():
    assert set(definitions("aquarius", "notifications")) == notification_names_in_the_code()
    assert sorted(branch_names("aquarius", "notification")) == sorted(definitions("aquarius", "notifications"))


@pytest_asyncio.fixture
async def close_sockets():
    yield
    await close_all()
    await close_consumer_connections()


def frames_of(clients):
    return [f for client in clients for f in client.frames if isinstance(f, dict) and "method" in f]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_session_receives_every_notification_of_the_schema(django_user_model, close_sockets):
    """From the lobby to the outcome, three players and an observer: every frame follows the schema, and together
    they receive every notification the schema describes."""
    schema = Schema()
    game, ids, keys = await sync(aquarius_table)(django_user_model, ("ann", "bob", "cid"))
    clients = {n: await connect(game.code, keys[n], validate=schema) for n in ("ann", "bob", "cid")}
    observer = await connect(game.code, validate=schema)
    sockets = [*clients.values(), observer]
    ok = {"result": ["volity.ok"]}

    # The lobby: readiness, a config change, a player who leaves and comes back, an observer's state.
    assert (await clients["ann"].call("volity.ready"))["result"] == ok["result"]
    assert (await clients["ann"].call("volity.unready"))["result"] == ok["result"]
    assert (await clients["bob"].call("game.set_chicken", True))["result"] == ok["result"]
    await clients["cid"].close()
    await sync(services.leave)(game_id=game.pk, identity=ids["cid"])
    await observer.note("volity.player_stood")
    await sync(services.join_game)(game_id=game.pk, identity=ids["cid"])
    await observer.note("volity.player_sat")
    clients["cid"] = await connect(game.code, keys["cid"], validate=schema)
    sockets.append(clients["cid"])
    assert (await clients["ann"].call("volity.ready"))["result"] == ok["result"]
    assert (await observer.call("volity.send_state"))["result"] == ok["result"]
    await observer.until("volity.state_sent")

    # The start, a look at a goal (Aqua-Chicken), a Move, a state burst in play, and the end of the deck.
    for name in ("bob", "cid"):
        assert (await clients[name].call("volity.ready"))["result"] == ok["result"]
    for client in clients.values():
        await client.until("game.your_turn", "game.other_turn")
    row = await sync(Game.objects.get)(pk=game.pk)
    by_seat = {row.table.index(n): c for n, c in clients.items()}
    assert (await by_seat[1].call("game.see_goal"))["result"] == ok["result"]
    await by_seat[1].note("game.new_goal")
    assert (await clients["ann"].call("volity.suspend_game"))["result"] == ok["result"]  # then everyone is ready again
    for client in clients.values():
        assert (await client.call("volity.ready"))["result"] == ok["result"]
    await observer.note("volity.resume_game")
    await sync(arrange)(game, 0, {0: ["act_e_1", "w_f_1"]}, [("w_a_1", 0, 0, True), ("w_a_2", 1, 0, True)])
    assert (await by_seat[0].call("game.play_move_card", "act_e_1", "w_a_2", 0, 1, False))["result"] == ok["result"]
    await observer.note("game.remove_card")
    assert (await observer.call("volity.send_state"))["result"] == ok["result"]
    await observer.until("volity.state_sent")
    await sync(arrange)(game, 0, {0: ["w_a_2"], 1: ["w_e_1"], 2: ["w_w_1"]}, [("w_a_1", 0, 0, True)], draw=[])
    assert (await by_seat[0].call("game.play_card", "w_a_2", 1, 0, True))["result"] == ok["result"]
    for client in (*clients.values(), observer):
        await client.note("volity.end_game")

    received = set(methods(frames_of(sockets)))
    assert received == set(definitions("aquarius", "notifications"))
