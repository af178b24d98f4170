"""Helpers for RPC socket tests: a client that numbers its calls, collects notifications and checks replies."""
import asyncio
import itertools
import json

from ..sockets import CONNECT_TIMEOUT, communicator_for


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

    async def call(self, method, *params, timeout=3):
        request_id = next(self.ids)
        await self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": list(params)})
        return await self.reply(request_id, timeout)

    async def send(self, message):
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
        except Exception:  # already closed by the test
            pass


def methods(notes):
    return [n["method"] for n in notes]


async def gather(*awaitables):
    return await asyncio.gather(*awaitables)


class CommunicatorConnection:
    """An in-process `RpcTestClient` with the interface of games.clients.rpc.RpcConnection (for play())."""

    def __init__(self, client, timeout=20):
        self.client = client
        self.timeout = timeout

    async def call(self, method, *params):
        from games.clients.rpc import RpcError

        reply = await self.client.call(method, *params, timeout=self.timeout)
        if "error" in reply:
            raise RpcError(reply["error"])
        return reply["result"]

    async def notification(self, timeout=None):
        while not self.client.notes:
            frame = await self.client.receive(timeout or self.timeout)
            if "method" in frame:
                self.client.notes.append(frame)
        return self.client.notes.pop(0)


def schema_validator():
    """A function raising if a frame does not follow games/rpc/aquarius.schema.json."""
    from pathlib import Path

    import jsonschema

    path = Path(__file__).resolve().parents[2] / "rpc" / "aquarius.schema.json"
    validator = jsonschema.Draft202012Validator(json.loads(path.read_text()))

    def validate(frame):
        errors = sorted(validator.iter_errors(frame), key=lambda e: e.path)
        assert not errors, f"{frame} breaks the schema: {errors[0].message}"

    return validate
