"""Hostile input on the Aquarius JSON-RPC socket (/ws/games/<code>/rpc/), a bounded property-based fuzz
(hypothesis): malformed frames, wrong envelopes and ids, unknown methods, wrong numbers and types of
arguments, huge and deeply nested params, lone surrogates (escaped and raw), binary frames and batches, from
seated players (by session cookie and by seat token) and from an observer, in the lobby and during play;
then every card-taking call with another seat's cards (its hand, the deck, the board).

Every frame must get a JSON-RPC fault reply (never a result, never 608 "internal error"), the socket must
stay open (a `volity.send_state` probe sent after it is answered, with its state burst), and the database
must be exactly as before. The explicit regressions are in test_rpc_transport.py; this is the fuzz the
game page's socket has in games/tests/test_socket_hostile_input.py.
"""
import json

import pytest
import pytest_asyncio
from hypothesis import HealthCheck, example, given, settings as hypothesis_settings, strategies as st

from games import services
from games.models import ChatMessage, Game, GameEvent, Seat
from games.rpc import protocol as rpc
from games.rpc.consumer import MAX_BATCH, MAX_FRAME_CHARS, RpcConsumer
from games.aquarius.rpc import CALLS, SEATS

from games.tests.sockets import close_consumer_connections, sync
from games.tests.rpc.aquarius_tables import aquarius_table, tokens_of
from games.tests.rpc.rpc_sockets import close_all, connect, schema_validator

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

# Every fault a hostile frame may get: anything but 608 (a bug in the referee) and, of course, a result.
FAULTS = {rpc.PARSE_ERROR, rpc.INVALID_REQUEST, rpc.UNKNOWN_METHOD, rpc.MISSING_ARGUMENT, rpc.WRONG_TYPE,
          rpc.REFUSED, rpc.NOT_A_PLAYER, rpc.BAD_STATE}

FUZZ = hypothesis_settings(max_examples=50, deadline=None, derandomize=True,
                           suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                                  HealthCheck.data_too_large])


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_all()
    await close_consumer_connections()


def database_state():
    """Everything a call could change (presence rows aside: they follow the sockets themselves)."""
    return (
        list(Game.objects.order_by("pk").values_list("status", "event_seq", "state", "options", "to_act",
                                                     "turn_deadline", "handover_votes", "kicked", "host_user_id")),
        list(Seat.objects.order_by("pk").values_list("pk", "position", "ready", "autopilot", "left", "name")),
        ChatMessage.objects.count(), GameEvent.objects.count(),
    )


def aquarius_game(django_user_model, playing):
    """ann and bob at an Aquarius table, in the lobby or playing; their session keys and seat tokens."""
    game, ids, keys = aquarius_table(django_user_model, ["ann", "bob"])
    if playing:
        for identity in ids.values():
            services.set_ready(game_id=game.pk, identity=identity, ready=True)
    game = Game.objects.get(pk=game.pk)
    assert game.status == (Game.Status.PLAYING if playing else Game.Status.LOBBY)
    return game, keys, tokens_of(game)


@pytest_asyncio.fixture(params=["lobby", "playing"])
async def rpc_table(request, django_user_model):
    game, keys, tokens = await sync(aquarius_game)(django_user_model, request.param == "playing")
    return game, keys, tokens


async def open_as(game, keys, tokens, who):
    """An RPC socket for `who`: "ann"/"bob" by session cookie, "ann-token"/"bob-token" by seat token, or
    "observer" (anonymous). Every frame it receives is checked against the schema."""
    validate = schema_validator()
    if who == "observer":
        return await connect(game.code, validate=validate)
    if who.endswith("-token"):
        return await connect(game.code, token=tokens[who[:-len("-token")]], validate=validate)
    return await connect(game.code, keys[who], validate=validate)


SENDERS = ["ann", "bob", "ann-token", "bob-token", "observer"]


def request(method, *params, request_id=1):
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": list(params)})


async def receive(client, timeout=5):
    """The next frame, decoded, after checking that it can go out as UTF-8 as the server sends it (a lone surrogate
    in a reply closed the socket with 1011), and against the schema."""
    text = await client.socket.receive_from(timeout=timeout)
    text.encode("utf-8")
    frame = json.loads(text)
    client.frames.append(frame)
    client.validate(frame)
    return frame


async def replies_then_probe(client, probe_id="probe"):
    """Every frame answered to what was sent before, then proof the socket is open and still works: a
    `volity.send_state` probe is answered with a result and its whole state burst."""
    await client.socket.send_to(text_data=request("volity.send_state", request_id=probe_id))
    frames = []
    while True:
        frame = await receive(client)
        if isinstance(frame, dict) and frame.get("id") == probe_id and "method" not in frame:
            assert frame.get("result") == rpc.OK, frame
            break
        frames.append(frame)
    burst = await client.until("volity.state_sent", timeout=5)
    assert burst[0]["method"] == "volity.receive_state"
    return frames


def check_faults(sent, frames):
    """Exactly one reply frame, holding only faults with a known code and a message (no notification: nothing
    happened)."""
    assert len(frames) == 1, (sent, frames)
    reply = frames[0]
    for one in reply if isinstance(reply, list) else [reply]:
        assert isinstance(one, dict) and one.get("jsonrpc") == "2.0" and "result" not in one, (sent, reply)
        assert one["error"]["code"] in FAULTS and one["error"]["message"], (sent, reply)
    return reply


# ---- what a hostile client sends ---------------------------------------------------------------------------

surrogates = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
hostile_text = st.text(st.characters(codec=None, categories=None) | surrogates, max_size=40)
huge_text = st.integers(min_value=rpc.MAX_STRING + 1, max_value=MAX_FRAME_CHARS + 500).map(lambda n: "x" * n)
scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=2**53, max_value=2**80)
           | st.floats() | hostile_text | huge_text)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(hostile_text, inner, max_size=3), max_leaves=12)
DEEP_VALUE = "@@deep@@"
deep_or_value = st.just(DEEP_VALUE) | json_values

VOLITY = sorted(RpcConsumer.VOLITY)
KNOWN = sorted(CALLS) + VOLITY
DECLARED = {**CALLS, **rpc.VOLITY_CALLS}
KINDS = {m: [kind for _, kind in DECLARED[m].params] for m in KNOWN}
WRONG = {
    "string": json_values.filter(lambda v: not isinstance(v, str)) | huge_text,
    "int": json_values.filter(lambda v: isinstance(v, bool) or not isinstance(v, (int, float))
                              or (isinstance(v, float) and not v.is_integer())),
    "bool": json_values.filter(lambda v: not isinstance(v, bool)),
    "array": json_values.filter(lambda v: not isinstance(v, list) or not all(isinstance(s, str) for s in v)),
}
RIGHT = {"string": st.sampled_from(["w_a_1", "act_f_3", "q_waef", "seat2", ""]) | hostile_text,
         "int": st.integers(-3, 3) | st.integers(-3, 3).map(float), "bool": st.booleans(),
         "array": st.lists(st.sampled_from(["w_a_1", "seat1"]), max_size=3)}
valid_ids = (st.integers(min_value=-2**53, max_value=2**53) | st.text(max_size=64) | hostile_text
             | st.floats(allow_nan=False, allow_infinity=False) | st.none())  # (a lone surrogate in an id: -32600)
invalid_ids = (st.booleans() | st.lists(st.integers(), max_size=2) | st.dictionaries(st.text(max_size=3), st.integers(),
               max_size=2) | st.integers(min_value=2**53 + 1, max_value=2**80) | st.text(min_size=65, max_size=80))
ENVELOPE = {"jsonrpc", "id", "method", "params"}
unknown_methods = (st.sampled_from(["game.fly", "volity.kick", "game.", "volity.", "game.play_card ", "GAME.PASS",
                                    "volity.send_state\x00", "__init__", "rpc_frames", "volity_ready", "x" * 80])
                   | hostile_text.filter(lambda m: m and m not in KNOWN) | huge_text)


@st.composite
def wrong_arguments(draw, method):
    """Params `method` must refuse whatever the caller's seat or the game's phase: 604 or 605."""
    kinds = KINDS[method]
    fewest = len(kinds) - DECLARED[method].optional
    if not kinds or draw(st.booleans()):
        count = draw(st.integers(0, 6).filter(lambda n: not fewest <= n <= len(kinds)))
        return [draw(deep_or_value) for _ in range(count)]
    params = [draw(RIGHT[kind] | WRONG[kind]) for kind in kinds]
    spoilt = draw(st.integers(0, len(kinds) - 1))
    params[spoilt] = draw(WRONG[kinds[spoilt]])
    return params


@st.composite
def hostile_request(draw):
    """One request object that must be refused: a bad envelope, an unknown method, or a known method with
    wrong arguments. It always has an id (a valid JSON-RPC notification would get no reply)."""
    shape = draw(st.sampled_from(["known", "known", "unknown", "envelope"]))
    request = {"jsonrpc": "2.0", "id": draw(valid_ids)}
    if shape == "known":
        request["method"] = draw(st.sampled_from(KNOWN))
        request["params"] = draw(wrong_arguments(request["method"]))
    elif shape == "unknown":
        request["method"] = draw(unknown_methods)
        request["params"] = draw(st.lists(deep_or_value, max_size=5))
    else:
        request["method"] = draw(st.sampled_from(KNOWN) | unknown_methods | json_values)
        if draw(st.booleans()):
            request["params"] = draw(json_values.filter(lambda v: not isinstance(v, list) and v != DEEP_VALUE))
        flaw = draw(st.sampled_from(["jsonrpc", "id", "method", "params"] if "params" not in request
                                    or isinstance(request["params"], list) else ["params"]))
        if flaw == "jsonrpc":
            if draw(st.booleans()):
                del request["jsonrpc"]
            else:
                request["jsonrpc"] = draw(json_values.filter(lambda v: v != "2.0"))
        elif flaw == "id":
            request["id"] = draw(invalid_ids)
        elif flaw == "method":
            request["method"] = draw(json_values.filter(lambda v: not isinstance(v, str) or not v))
    extras = draw(st.dictionaries(hostile_text.filter(lambda k: k not in ENVELOPE), json_values, max_size=2))
    return {**request, **extras}


def encode(message, depth, raw):
    """JSON text as a client could send it: lone surrogates as \\u escapes, or raw (a server that let them
    through), with the marked value nested `depth` levels deep."""
    text = json.dumps(message, ensure_ascii=not raw)
    return text.replace(json.dumps(DEEP_VALUE), "[" * depth + "]" * depth) if depth else text


@st.composite
def hostile_frames(draw):
    """A text frame (or, rarely, a binary one) every request of which must get a fault."""
    shape = draw(st.sampled_from(["request"] * 4 + ["batch", "batch", "bad batch", "garbage", "binary"]))
    if shape == "binary":
        return draw(st.binary(max_size=60))
    if shape == "garbage":
        return draw(hostile_text | st.sampled_from(["", "{oops", "NaN", "[1e999]", "Infinity", "[]", "null", "\"x\"",
                                                    "{" * 3000, "[" * 20 + "]" * 20, "[" * 2000 + "]" * 2000]))
    if shape == "request":
        message = draw(hostile_request())
    elif shape == "batch":
        message = draw(st.lists(hostile_request(), min_size=1, max_size=MAX_BATCH))
    else:
        message = draw(st.lists(hostile_request(), min_size=MAX_BATCH + 1, max_size=MAX_BATCH + 3) | st.just([]))
    depth = draw(st.integers(min_value=1, max_value=12) | st.integers(min_value=13, max_value=2000))
    return encode(message, depth, draw(st.booleans()))


async def send_frame(client, frame):
    """As the server hands a frame to the consumer (empty frames too, which the communicator's send_to refuses)."""
    key = "bytes" if isinstance(frame, bytes) else "text"
    await client.socket.send_input({"type": "websocket.receive", key: frame})


@FUZZ
@given(frame=hostile_frames(), who=st.sampled_from(SENDERS))
@example(frame=request("volity.unready", request_id="\ud800"), who="ann")  # echoed, it could not go out as UTF-8
@example(frame='{"jsonrpc": "2.0", "id": "\ud800", "method": "game.fly"}', who="observer")  # a raw surrogate
@example(frame=request("game.pass", 1, request_id=2.0**53 + 2), who="bob")  # past the safe whole numbers
@example(frame=request("game.play_card", "w_a_1", "0", 0, True), who="ann-token")
@example(frame=request("game.play_move_card", "w_a_1", "l_fw", [1], 0, True), who="bob-token")
@example(frame=request("game.set_chicken", "\ud800"), who="ann")
@example(frame="[" + request("game.play_trade_goals", "w_a_1", None) + ", 1e999]", who="bob")
@example(frame=request("game.see_goal", "@").replace('"@"', "[" * 20 + "]" * 20), who="ann")  # too deep
async def test_fuzz_hostile_frames_get_faults_keep_the_socket_and_change_nothing(rpc_table, frame, who):
    game, keys, tokens = rpc_table
    before = await sync(database_state)()
    client = await open_as(game, keys, tokens, who)
    await send_frame(client, frame)
    check_faults(frame, await replies_then_probe(client))
    assert not client.notes, client.notes
    assert await sync(database_state)() == before, frame
    await client.close()


async def test_the_fuzz_frames_reach_every_fault_code_they_aim_at(django_user_model, monkeypatch):
    """The strategies are not vacuous: a fixed sample of them, sent on one socket (its rate limit lifted), meets
    every protocol fault they aim at, and only faults."""
    from games.rate_limit import TokenBucket

    monkeypatch.setattr(TokenBucket, "take", lambda self: True)
    game, keys, tokens = await sync(aquarius_game)(django_user_model, False)
    frames = []

    @hypothesis_settings(max_examples=150, deadline=None, derandomize=True, database=None,
                         suppress_health_check=list(HealthCheck))
    @given(frame=hostile_frames())
    def collect(frame):
        frames.append(frame)

    collect()
    client = await open_as(game, keys, tokens, "ann")
    seen = set()
    for frame in frames:
        await send_frame(client, frame)
        reply = check_faults(frame, [await receive(client)])
        seen |= {one["error"]["code"] for one in (reply if isinstance(reply, list) else [reply])}
    assert await replies_then_probe(client) == []
    await client.close()
    assert seen == {rpc.PARSE_ERROR, rpc.INVALID_REQUEST, rpc.UNKNOWN_METHOD, rpc.MISSING_ARGUMENT, rpc.WRONG_TYPE}


# ---- other seats' cards ----------------------------------------------------------------------------------

CARD_CALLS = {m: c for m, c in CALLS.items() if c.params and c.params[0] == ("card", "string")}


def table_view(game):
    """Whose turn it is and where every card is: each seat's hand, the deck, the board."""
    game = Game.objects.get(pk=game.pk)
    state = game.state  # the engine's GameState.to_json()
    names = {s.position: s.name for s in Seat.objects.filter(game=game)}
    mover = names[game.to_act[0]]
    hands = {names[p]: hand for p, hand in enumerate(state["hands"])}
    return mover, hands, list(state["draw"]), [c["card"] for c in state["board"]]


@pytest_asyncio.fixture
async def playing_table(django_user_model):
    game, keys, tokens = await sync(aquarius_game)(django_user_model, True)
    mover, hands, deck, board = await sync(table_view)(game)
    assert all(len(hand) >= 3 for hand in hands.values()) and deck and board
    return game, keys, tokens, mover, hands, deck, board


@st.composite
def arguments_with_a_card(draw, method, card, cards):
    """Well-typed arguments for `method`, its card (and a target's) given."""
    values = {"x": st.integers(-4, 4), "y": st.integers(-4, 4), "upright": st.booleans(),
              "seat": st.sampled_from(SEATS), "target": st.sampled_from(cards), "flag": st.booleans()}
    return [card if name == "card" else draw(values[name]) for name, _ in CALLS[method].params]


# Every method but the lobby calls that take a name (a card id is a well-formed name: they are tested by name).
CARDLESS_OR_CARD_CALLS = [m for m in KNOWN if m in CARD_CALLS or not KINDS[m] or KINDS[m][0] != "string"]


@FUZZ
@given(data=st.data())
async def test_fuzz_another_seats_cards_at_every_method(playing_table, data):
    """Every call naming a card the caller does not hold (another seat's hand, the deck, the board) is refused
    with the fault the caller's place calls for, at every method, and changes nothing."""
    game, keys, tokens, mover, hands, deck, board = playing_table
    who = data.draw(st.sampled_from(SENDERS), label="who")
    name = who.removesuffix("-token")
    others = [c for seat, hand in hands.items() if seat != name for c in hand] + deck + board
    card = data.draw(st.sampled_from(others), label="card")
    method = data.draw(st.sampled_from(CARDLESS_OR_CARD_CALLS), label="method")
    if method in CARD_CALLS:
        params = data.draw(arguments_with_a_card(method, card, others), label="params")
        if who == "observer":
            expected = (rpc.NOT_A_PLAYER, None)
        elif name == mover:
            expected = (rpc.REFUSED, ["game.dont_have_card"])
        else:
            expected = (rpc.BAD_STATE, ["volity.not_your_turn"])
    else:  # the card as an argument a call does not take, or of a type it does not take
        params = [card] + ([] if method == "game.set_chicken" else data.draw(st.lists(st.booleans(), max_size=2)))
        expected = (rpc.WRONG_TYPE if method == "game.set_chicken" else rpc.MISSING_ARGUMENT, None)
        if who == "observer" and method != "volity.send_state":   # 607 first; observers may ask for the state
            expected = (rpc.NOT_A_PLAYER, None)
    before = await sync(database_state)()
    client = await open_as(game, keys, tokens, who)
    await client.socket.send_to(text_data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}))
    reply = await receive(client)
    assert "result" not in reply, (who, method, params, reply)
    assert reply["error"]["code"] == expected[0], (who, method, params, reply)
    if expected[1] is not None:
        assert reply["error"]["data"]["tokens"] == expected[1], (who, method, params, reply)
    assert await replies_then_probe(client) == []
    assert not client.notes, client.notes
    assert await sync(database_state)() == before, (who, method, params)
    await client.close()
