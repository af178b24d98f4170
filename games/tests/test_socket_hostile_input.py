"""Hostile input on the game socket: every malformed message gets a clear error frame, changes nothing,
and leaves the socket open. Explicit regressions first, then a bounded property-based fuzz over every
message type (hypothesis)."""
import json

import pytest
import pytest_asyncio
from hypothesis import HealthCheck, given, settings as hypothesis_settings, strategies as st

from games.consumers import GameConsumer
from games.models import ChatMessage, Game, GameEvent, Seat

from games.tests.sockets import close_consumer_connections, open_socket, sync
from games.tests.test_game_socket import start, table  # noqa: F401  (fixture)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_consumer_connections()


def database_state():
    """Everything a message could change (presence rows aside: they follow the sockets themselves)."""
    return (
        list(Game.objects.order_by("pk").values_list("status", "event_seq", "state", "to_act", "turn_deadline",
                                                     "handover_votes", "kicked", "host_user_id")),
        list(Seat.objects.order_by("pk").values_list("pk", "position", "ready", "autopilot", "left", "name")),
        ChatMessage.objects.count(), GameEvent.objects.count(),
    )


async def frames_until_pong(socket, probe="probe"):
    """Every frame the server sent in answer to what was sent before, then proof the socket is open."""
    await socket.send_json_to({"type": "ping", "ref": probe})
    frames = []
    while True:
        frame = await socket.receive_json_from(timeout=5)
        if frame["type"] == "pong" and frame["ref"] == probe:
            return frames
        frames.append(frame)


async def running_game(table):  # noqa: F811
    game, ids, keys = await sync(table)()
    path = f"/ws/games/{game.code}/"
    ann, bob = await open_socket(path, keys["ann"]), await open_socket(path, keys["bob"])
    await start(game, ann, bob)
    return game, path, keys, ann, bob


LONE_SURROGATE = '"\\ud800"'
DEEP = "[" * 1500 + "]" * 1500  # under the 4096-character limit


@pytest.mark.parametrize("raw, code", [
    ('{"type": "ping", "ref": %s}' % LONE_SURROGATE, "bad_text"),
    ('{"type": "chat", "text": "hi \\udfff there"}', "bad_text"),
    ('{"type": "chat", "text": "fine", "ref": %s}' % LONE_SURROGATE, "bad_text"),
    ('{"type": "act", "seq": 0, "action": %s}' % DEEP, "too_deep"),
    ('{"type": "chat", "text": %s}' % ("[" * 17 + "]" * 17), "too_deep"),
    ('{"type": "act", "seq": 0, "action": {"type": "add", "amount": %s}}' % ("{\"a\":" * 600 + "1" + "}" * 600),
     "too_deep"),
    ("[" * 4000, "too_deep"),
    ('{"type": "chat", "text": "%s"}' % ("x" * 5000), "too_large"),
    ('{"type": "ping"' + " " * 10**6 + "}", "too_large"),
    ("not json", "bad_json"),
    ('["ping"]', "bad_message"),
    ('{"type": 7}', "bad_message"),
    ('{"type": "\\ud800"}', "bad_text"),
    ('{"type": "nope\\ud800"}', "bad_text"),
    ('{"type": "act", "seq": "0", "action": {"type": "add", "amount": 1}}', "bad_request"),
    ('{"type": "act", "seq": 0, "action": ["add", 1]}', "bad_request"),
    ('{"type": "act", "seq": 0, "action": {"type": "add", "amount": "lots"}}', None),
    ('{"type": "chat", "text": 5}', "chat_invalid"),
    ('{"type": "chat", "text": {"text": "hi"}}', "chat_invalid"),
    ('{"type": "ready", "ready": "yes"}', "bad_request"),
    ('{"type": "kick", "seat": "1"}', "bad_request"),
    ('{"type": "kick", "seat": 1e400}', "bad_request"),
    ('{"type": "hand_to_bot", "seat": 100000000000000000000000000000}', "bad_request"),
    ('{"type": "hand_to_bot", "seat": true}', "bad_request"),
    ('{"type": "add_bot", "kind": ["greedy"]}', "bad_request"),
    ('{"type": "hello", "since": "x"}', "bad_request"),
])
async def test_malformed_messages_get_an_error_change_nothing_and_keep_the_socket(table, raw, code):  # noqa: F811
    game, path, keys, ann, bob = await running_game(table)
    before = await sync(database_state)()
    await ann.send_to(text_data=raw)
    frames = await frames_until_pong(ann)
    errors = [f for f in frames if f["type"] == "error"]
    assert len(errors) == 1, frames
    if code is not None:
        assert errors[0]["code"] == code, errors
    assert errors[0]["code"] != "server_error" and errors[0]["message"]
    assert await sync(database_state)() == before
    for socket in (ann, bob):
        await socket.disconnect()


async def test_binary_frames_and_raw_surrogates_are_refused(table):  # noqa: F811
    game, path, keys, ann, bob = await running_game(table)
    before = await sync(database_state)()
    await ann.send_to(bytes_data=b"\xff\xfe{}")
    await ann.send_to(text_data='{"type": "chat", "text": "raw \ud800 surrogate", "ref": "\udc00"}')
    codes = [f["code"] for f in await frames_until_pong(ann) if f["type"] == "error"]
    assert codes == ["bad_message", "bad_text"]
    assert await sync(database_state)() == before
    for socket in (ann, bob):
        await socket.disconnect()


# ---- the fuzz ---------------------------------------------------------------------------------------------

FIELDS = {"hello": ["since"], "act": ["seq", "action"], "chat": ["text"], "ready": ["ready"], "leave": [],
          "kick": ["seat"], "add_bot": ["kind"], "take_seat": [], "timeout": [], "ping": [],
          "hand_to_bot": ["seat"], "invite": ["name"], "seen": ["seq"], "suspend": []}
MESSAGE_TYPES = sorted(GameConsumer.HANDLERS)

hostile_text = st.text(st.characters(codec=None, categories=None) | st.characters(min_codepoint=0xD800,
                                                                                   max_codepoint=0xDFFF), max_size=40)
scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=2**53, max_value=2**80)
           | st.floats(allow_nan=False) | hostile_text)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(hostile_text, inner, max_size=3), max_leaves=12)
not_an_int = json_values.filter(lambda v: isinstance(v, bool) or not isinstance(v, int) or abs(v) > 2**53)
DEEP_VALUE = "@@deep@@"


def encode(message, depth):
    """JSON text as a client could send it (lone surrogates as \\u escapes), nested `depth` levels deep."""
    text = json.dumps(message, ensure_ascii=True)
    return text.replace(json.dumps(DEEP_VALUE), "[" * depth + "]" * depth) if depth else text


@st.composite
def hostile_messages(draw, types):
    kind = draw(st.sampled_from(types))
    message = {"type": kind}
    for field in FIELDS[kind]:
        if draw(st.booleans()):
            message[field] = draw(st.just(DEEP_VALUE) | json_values)
    if draw(st.booleans()):
        message["ref"] = draw(json_values)
    message.update(draw(st.dictionaries(hostile_text.filter(lambda k: k not in message), json_values, max_size=2)))
    return encode(message, draw(st.integers(min_value=1, max_value=2000)))


FUZZ = hypothesis_settings(max_examples=60, deadline=None, derandomize=True,
                           suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest_asyncio.fixture
async def fuzz_table(table):  # noqa: F811
    game, path, keys, ann, bob = await running_game(table)
    yield path, keys
    for socket in (ann, bob):
        await socket.disconnect()


async def send_and_check(socket, raw, before):
    await socket.send_to(text_data=raw)
    frames = await frames_until_pong(socket)
    assert not [f for f in frames if f.get("code") == "server_error"], (raw, frames)
    assert await sync(database_state)() == before, raw


@FUZZ
@given(raw=hostile_messages(MESSAGE_TYPES))
async def test_fuzz_every_message_type_from_a_spectator(fuzz_table, raw):
    """An anonymous spectator may send anything: no server error, the socket stays, nothing changes."""
    path, keys = fuzz_table
    before = await sync(database_state)()
    socket = await open_socket(path)
    await send_and_check(socket, raw, before)
    await socket.disconnect()


def seated_messages():
    """A seated player's messages with every field malformed (leaving and suspending are valid messages with no
    fields)."""
    malformed = {"since": not_an_int, "seq": not_an_int, "action": json_values, "ready": json_values.filter(
        lambda v: not isinstance(v, bool)), "seat": not_an_int, "kind": json_values,
        "text": hostile_text.filter(lambda t: any(0xD800 <= ord(c) <= 0xDFFF for c in t)) | json_values.filter(
            lambda v: not isinstance(v, str))}
    malformed["name"] = malformed["text"]  # an invitation's player name

    @st.composite
    def build(draw):
        kind = draw(st.sampled_from([t for t in MESSAGE_TYPES if t not in ("leave", "suspend")]))
        message = {"type": kind, **{f: draw(malformed[f]) for f in FIELDS[kind]}}
        if draw(st.booleans()):
            message["ref"] = draw(json_values)
        return encode(message, 0)

    return build()


@FUZZ
@given(raw=seated_messages())
async def test_fuzz_every_message_type_from_a_seated_player(fuzz_table, raw):
    path, keys = fuzz_table
    before = await sync(database_state)()
    socket = await open_socket(path, keys["ann"])
    await send_and_check(socket, raw, before)
    await socket.disconnect()
