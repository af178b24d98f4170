"""A JSON-RPC 2.0 WebSocket connection: numbered calls, their replies, and the notifications in between."""
import asyncio
import itertools
import json
from urllib.parse import quote, urlsplit

import websockets


class RpcError(Exception):
    def __init__(self, error):
        super().__init__(error.get("message", ""))
        self.code = error.get("code")
        self.message = error.get("message", "")
        self.tokens = (error.get("data") or {}).get("tokens", [])


def suspended_meanwhile(error):
    """A call refused because another player suspended the game: the client waits for volity.resume_game()."""
    return error.code == 609 and "volity.game_suspended" in error.tokens


def rate_limited(error):
    """A call refused for going over the socket's rate limit: it changed nothing and may be sent again."""
    return error.code == 609 and "volity.rate_limited" in error.tokens


def socket_address(game_url, token=None):
    """(ws URL of the game's RPC socket, Origin) from the game page's address, e.g. http://host/games/<code>/."""
    parts = urlsplit(game_url)
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.netloc:
        raise ValueError(f"not a game address: {game_url!r}")
    path = [p for p in parts.path.split("/") if p]
    if "ws" in path:  # already a socket address
        code = path[path.index("games") + 1]
    elif len(path) >= 2 and path[-2] == "games":
        code = path[-1]
    else:
        raise ValueError(f"not a game address (…/games/<code>/): {game_url!r}")
    secure = parts.scheme in ("https", "wss")
    url = f"{'wss' if secure else 'ws'}://{parts.netloc}/ws/games/{code}/rpc/"
    if token:
        url += "?token=" + quote(token, safe="")
    return url, f"{'https' if secure else 'http'}://{parts.netloc}"


class RpcConnection:
    """`call` sends a request and returns its result (RpcError on an error reply); notifications that arrive
    meanwhile wait in `inbox` for `notification()`. `on_frame(direction, text)` sees every frame."""

    def __init__(self, url, origin, cookie=None, on_frame=None, timeout=30):
        self.url = url
        self.origin = origin
        self.cookie = cookie
        self.on_frame = on_frame
        self.timeout = timeout
        self.ids = itertools.count(1)
        self.inbox = []
        self.socket = None

    async def __aenter__(self):
        headers = {"Cookie": self.cookie} if self.cookie else {}
        self.socket = await websockets.connect(self.url, origin=self.origin, additional_headers=headers,
                                               open_timeout=self.timeout, max_size=2 ** 20)
        return self

    async def __aexit__(self, *exc):
        await self.socket.close()

    async def _receive(self, timeout=None):
        text = await asyncio.wait_for(self.socket.recv(), timeout or self.timeout)
        if self.on_frame:
            self.on_frame("in", text)
        return json.loads(text)

    async def call(self, method, *params):
        request_id = next(self.ids)
        text = json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": list(params)})
        if self.on_frame:
            self.on_frame("out", text)
        await self.socket.send(text)
        while True:
            frame = await self._receive()
            if isinstance(frame, dict) and "method" in frame:
                self.inbox.append(frame)
            elif isinstance(frame, dict) and frame.get("id") == request_id:
                if "error" in frame:
                    raise RpcError(frame["error"])
                return frame["result"]

    async def notification(self, timeout=None):
        """The next notification; TimeoutError after `timeout` seconds (the connection's timeout if None)."""
        if self.inbox:
            return self.inbox.pop(0)
        while True:
            frame = await self._receive(timeout)
            if isinstance(frame, dict) and "method" in frame:
                return frame


async def get_ready(connection):
    """volity.ready(): True once ready (or the game has started meanwhile: 609); False while too few seats are
    filled (606)."""
    try:
        await connection.call("volity.ready")
    except RpcError as error:
        if error.code == 606:
            return False
        if error.code != 609:
            raise
    return True


RATE_LIMIT_PAUSE = 0.25  # seconds: two calls' worth of the socket's refill


class Patient:
    """A connection whose calls refused by the rate limit (8 calls a second) wait a moment and are sent again, so
    a policy never mistakes that refusal for a position that moved on."""

    def __init__(self, connection, pause=RATE_LIMIT_PAUSE):
        self.connection = connection
        self.pause = pause

    async def call(self, method, *params):
        while True:
            try:
                return await self.connection.call(method, *params)
            except RpcError as error:
                if not rate_limited(error):
                    raise
            await asyncio.sleep(self.pause)

    async def notification(self, timeout=None):
        return await self.connection.notification(timeout)


class Replaying:
    """A connection whose first notifications are `held` (read already, to learn which game this is)."""

    def __init__(self, connection, held):
        self.connection = connection
        self.held = list(held)

    async def call(self, method, *params):
        return await self.connection.call(method, *params)

    async def notification(self, timeout=None):
        if self.held:
            return self.held.pop(0)
        return await self.connection.notification(timeout)
