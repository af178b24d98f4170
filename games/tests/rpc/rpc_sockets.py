"""Helpers for RPC socket tests: a client that numbers its calls, collects notifications and checks replies.

With a `Schema` (games/rpc/<game>.schema.json and the shared volity.schema.json), a client checks every frame it
receives and every request it sends: a test that sends something the schema refuses on purpose says so
(`conforms=False`), and the schema must then refuse it."""
import asyncio
import itertools
import json
from pathlib import Path

import jsonschema
from referencing import Registry, Resource

from games.clients.rpc import RpcError
from games.rpc import protocol as rpc
from games.rpc.consumer import RpcConsumer
from games.tests.sockets import CONNECT_TIMEOUT, communicator_for


class RpcTestClient:
    """One RPC socket. `call` returns the reply; notifications received meanwhile are kept in `notes`."""

    def __init__(self, communicator, validate=None):
        self.socket = communicator
        self.ids = itertools.count(1)
        self.notes = []
        self.frames = []  # every frame received, decoded, in order
        self.validate = validate

    async def receive(self, timeout=3):
        frame = json.loads(await self.socket.receive_from(timeout=timeout))
        self.frames.append(frame)
        if self.validate is not None:
            self.validate(frame)
        return frame

    async def call(self, method, *params, timeout=3, conforms=True):
        request_id = next(self.ids)
        await self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": list(params)},
                        conforms=conforms)
        return await self.reply(request_id, timeout)

    async def send(self, message, conforms=True):
        """Send a request (an object, a batch, or raw text). With a schema, a request is checked against it first:
        it must follow the schema, or, with `conforms=False` (hostile input on purpose), be refused by it."""
        check = getattr(self.validate, "check_request", None)
        if check is not None:
            check(message, conforms)
        await self.socket.send_to(text_data=json.dumps(message) if not isinstance(message, str) else message)

    async def reply(self, request_id=None, timeout=3):
        while True:
            frame = await self.receive(timeout)
            if isinstance(frame, list) or "method" not in frame:
                if request_id is None or isinstance(frame, list) or frame.get("id") == request_id:
                    return frame
            else:
                self.notes.append(frame)

    async def note(self, method, timeout=3):
        """The first kept or next notification called `method` (earlier ones of other names are dropped)."""
        while True:
            while self.notes:
                note = self.notes.pop(0)
                if note["method"] == method:
                    return note
            frame = await self.receive(timeout)
            if "method" in frame:
                self.notes.append(frame)

    async def note_any(self, timeout=3):
        """The next notification, whatever it is."""
        while not self.notes:
            frame = await self.receive(timeout)
            if "method" in frame:
                self.notes.append(frame)
        return self.notes.pop(0)

    async def until(self, *names, timeout=3):
        """Every notification up to and including the next one called by one of `names`."""
        seen = []
        while True:
            while self.notes:
                note = self.notes.pop(0)
                seen.append(note)
                if note["method"] in names:
                    return seen
            frame = await self.receive(timeout)
            if "method" in frame:
                self.notes.append(frame)

    async def quiet(self, timeout=0.3):
        """True if nothing arrives within `timeout`."""
        return not self.notes and await self.socket.receive_nothing(timeout=timeout)

    async def close(self):
        await self.socket.disconnect()


def rpc_path(code, token=None):
    return f"/ws/games/{code}/rpc/" + (f"?token={token}" if token else "")


async def connect(code, session_key=None, token=None, validate=None):
    communicator = communicator_for(rpc_path(code, token), session_key)
    connected, code = await communicator.connect(timeout=CONNECT_TIMEOUT)
    assert connected, f"handshake refused before it was accepted ({code})"
    OPEN.append(communicator)
    return RpcTestClient(communicator, validate)


OPEN = []  # sockets a test opened: closed at its end, before its database goes away


async def close_all():
    while OPEN:
        communicator = OPEN.pop()
        try:
            await communicator.disconnect()
        except (Exception, asyncio.CancelledError):  # already closed by the test, or its consumer ended by a failure
            pass


def methods(notes):
    return [n["method"] for n in notes]


async def gather(*awaitables):
    return await asyncio.gather(*awaitables)


class CommunicatorConnection:
    """An in-process `RpcTestClient` with the interface of games.clients.rpc.RpcConnection (for play()). Every
    request the client's policy makes is checked against the schema before it is sent, every frame after."""

    def __init__(self, client, timeout=20):
        assert isinstance(client.validate, Schema), "a policy's requests are checked against the schema"
        self.client = client
        self.timeout = timeout

    async def call(self, method, *params):
        reply = await self.client.call(method, *params, timeout=self.timeout)
        if "error" in reply:
            raise RpcError(reply["error"])
        return reply["result"]

    async def notification(self, timeout=None):
        """As RpcConnection's: TimeoutError after a short `timeout` leaves the socket open (the communicator's own
        receive timeout would cancel the consumer, as no real socket does)."""
        while not self.client.notes:
            if timeout is not None and await self.client.socket.receive_nothing(timeout):
                raise TimeoutError
            frame = await self.client.receive(self.timeout)
            if "method" in frame:
                self.client.notes.append(frame)
        return self.client.notes.pop(0)


class SuspendedOnItsTurn:
    """A program's connection that, before its `move`-th move, has `suspender` (another socket of a seated
    player) call volity.suspend_game() and waits for the reply, kept in `reply`. It is this program's turn, so
    nobody moves meanwhile: the suspension meets the game in progress however slowly the test runs, and the
    move then sent is refused as suspended (kept in `refusal`), which the program must wait out."""

    def __init__(self, connection, suspender, move=2):
        self.connection = connection
        self.suspender = suspender
        self.moves_before = move - 1
        self.reply = self.refusal = None

    async def call(self, method, *params):
        suspending = not method.startswith("volity.") and self.moves_before == 0
        if not method.startswith("volity."):
            self.moves_before -= 1
        if not suspending:
            return await self.connection.call(method, *params)
        self.reply = await self.suspender.call("volity.suspend_game")
        try:
            return await self.connection.call(method, *params)
        except RpcError as error:
            self.refusal = error
            raise

    async def notification(self, timeout=None):
        return await self.connection.notification(timeout)


SCHEMA_DIR = Path(__file__).resolve().parents[2] / "rpc"
SHARED_SCHEMA = "volity"  # volity.schema.json: the lobby calls and volity.* notifications every game refers to
NOT_JSON = object()


def load_schema(game="aquarius"):
    """One schema document as published (a game's refers to volity.schema.json for its volity.* part)."""
    return json.loads((SCHEMA_DIR / f"{game}.schema.json").read_text())


def schema_registry():
    """Every published schema under its $id, as a third party would load them to follow their $refs."""
    documents = [json.loads(path.read_text()) for path in sorted(SCHEMA_DIR.glob("*.schema.json"))]
    return Registry().with_resources((d["$id"], Resource.from_contents(d)) for d in documents)


def definitions(game, section):
    """{method: definition} of a game's "requests" or "notifications": its own and the shared volity.* ones."""
    return {**load_schema(SHARED_SCHEMA)["$defs"][section], **load_schema(game)["$defs"][section]}


def branch_names(game, union):
    """The method names a game's "request" or "notification" union reaches, through the shared schema's."""
    names = []
    for document in (load_schema(game), load_schema(SHARED_SCHEMA)):
        names += [r["$ref"].rsplit("/", 1)[1] for r in document["$defs"][union]["oneOf"]
                  if r["$ref"].startswith(f"#/$defs/{union}s/")]
    return names


def definition_validator(game, section, method):
    """A validator of one named definition as the game's schema sees it: the wrapper carries the game's dynamic
    anchors (its seats, seat list, ruleset), which the shared volity.* definitions refer to."""
    document = load_schema(game)
    home = document if method in document["$defs"][section] else load_schema(SHARED_SCHEMA)
    anchors = {name: {"$dynamicAnchor": definition["$dynamicAnchor"], "$ref": f"{document['$id']}#/$defs/{name}"}
               for name, definition in document["$defs"].items() if "$dynamicAnchor" in definition}
    return jsonschema.Draft202012Validator(
        {"$schema": document["$schema"], "$id": f"urn:rpc-tests:{game}:{method}", "$defs": anchors,
         "$ref": f"{home['$id']}#/$defs/{section}/{method}"},
        registry=schema_registry())


class Schema:
    """games/rpc/<game>.schema.json (with the shared volity.schema.json) both ways: `schema(frame)` raises unless a
    received frame follows it, `schema.check_request(message, conforms)` checks a request (or batch, or raw text)
    about to be sent."""

    def __init__(self, game="aquarius"):
        self.game = game
        document = load_schema(game)
        registry = schema_registry()
        self.frames = jsonschema.Draft202012Validator(document, registry=registry)
        # A notification's method picks its one definition (each fixes "method" with a const), so a frame its
        # definition accepts is one the whole schema accepts: checking that one alone is 20 times cheaper.
        notes = definitions(game, "notifications")
        self.by_method = {m: None for m in branch_names(game, "notification")
                          if notes[m]["properties"]["method"] == {"const": m}}
        request = {"$ref": f"{document['$id']}#/$defs/request"}
        requests = {"$schema": document["$schema"], "anyOf": [
            request, {"type": "array", "minItems": 1, "maxItems": 8, "items": request}]}
        self.requests = jsonschema.Draft202012Validator(requests, registry=registry)

    def __call__(self, frame):
        method = frame.get("method") if isinstance(frame, dict) else None
        if method in self.by_method:
            if self.by_method[method] is None:
                self.by_method[method] = definition_validator(self.game, "notifications", method)
            if self.by_method[method].is_valid(frame):
                return
        errors = sorted(self.frames.iter_errors(frame), key=lambda e: list(e.path))
        assert not errors, f"{frame} breaks the schema: {errors[0].message}"

    def request_errors(self, message):
        """Why the schema refuses `message` as a request the client sends ([] if it does not)."""
        if isinstance(message, str):
            try:
                message = json.loads(message)
            except (ValueError, RecursionError):
                return ["not JSON"]
        return [e.message for e in self.requests.iter_errors(message)]

    def check_request(self, message, conforms=True):
        errors = self.request_errors(message)
        if conforms:
            assert not errors, f"the test sends {str(message)[:300]}, which breaks the schema: {errors[0]}"
        else:
            assert errors, f"{str(message)[:300]} is sent as off-schema, but the schema accepts it"


def schema_validator(game="aquarius"):
    """The game's schema, checking received frames and sent requests (see `Schema`)."""
    return Schema(game)


def check_requests_are_the_calls(game, protocol):
    """`game`'s schema requests are exactly its protocol's calls and the lobby calls, each with the arguments the
    referee takes (optional ones may be left out)."""
    requests = definitions(game, "requests")
    declared = set(protocol.calls) | set(rpc.VOLITY_CALLS)
    assert set(RpcConsumer.VOLITY) == set(rpc.VOLITY_CALLS)  # the socket serves every lobby call it declares
    assert set(requests) == declared
    assert sorted(branch_names(game, "request")) == sorted(declared)
    for method, definition in requests.items():
        assert definition["properties"]["method"] == {"const": method}
        params = definition["properties"]["params"]
        call = protocol.calls.get(method) or rpc.VOLITY_CALLS[method]
        assert params.get("minItems", 0) == len(call.params) - call.optional, method
        assert params["maxItems"] == len(call.params), method
