"""WebSocket consumers: a game's page (lobby, chat, play) and the live list of open games.

Thin by design: parse and check the message, call one service, forward frames. Every rule and every
check of who may do what is in the services; errors go to the sender alone and the socket stays open.
"""
import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import translation
from django.utils.translation import gettext as _

from games import broadcast, services
from games.errors import BadRequest, GameError
from games.language import language_from_scope
from games.identity import scope_identity
from games.selectors.frames import snapshot_frame
from games.selectors.lists import open_games_frame
from games.selectors.lookup import game_by_id, game_id_by_code
from games.services.presence import refresh as refresh_presence
from games.socket_input import MAX_MESSAGE_CHARS, check_size, message_ref, parse_message

log = logging.getLogger(__name__)

RATE_CAPACITY = 20      # burst of messages a socket may send
RATE_PER_SECOND = 8.0   # sustained messages per second
MAX_WHOLE_NUMBER = 2**53  # ids and event numbers; larger ones do not fit a database column


_DB_POOL = None


def _db_pool():
    """A small thread pool for database work on PostgreSQL, where row locks keep moves of one game in order:
    moves of different games run in parallel. SQLite allows one writer: everything shares one thread."""
    global _DB_POOL
    threads = settings.GAMES_DB_THREADS
    if connection.vendor != "postgresql" or threads < 2:
        return None
    if _DB_POOL is None:
        _DB_POOL = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="games-db")
    return _DB_POOL


def _run(function, *args, **kwargs):
    with broadcast.collecting() as messages:
        try:
            return function(*args, **kwargs), messages, None
        except Exception as exc:  # what committed before the error is still sent
            return None, messages, exc


def _in_pool_thread(function, args, kwargs, language):
    # What database_sync_to_async does around a call, without asgiref's per-call context copying: connections
    # past CONN_MAX_AGE or broken are dropped before and after, and the socket's language is the thread's.
    close_old_connections()
    try:
        with translation.override(language):
            return _run(function, *args, **kwargs)
    finally:
        close_old_connections()


def db(function):
    """`function` in a database thread; what it broadcasts is sent from the event loop once it returns."""

    async def call(*args, **kwargs):
        pool = _db_pool()
        if pool is None:
            outcome = await database_sync_to_async(_run)(function, *args, **kwargs)
        else:
            outcome = await asyncio.get_running_loop().run_in_executor(
                pool, _in_pool_thread, function, args, kwargs, translation.get_language())
        result, messages, error = outcome
        await broadcast.send_collected(messages)
        if error is not None:
            raise error
        return result

    return call


class TokenBucket:
    def __init__(self, capacity=RATE_CAPACITY, rate=RATE_PER_SECOND):
        self.capacity = capacity
        self.rate = rate
        self.tokens = float(capacity)
        self.stamp = time.monotonic()

    def take(self):
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _int_field(message, name, required=True):
    value = message.get(name)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_WHOLE_NUMBER:
        raise BadRequest(f"`{name}` must be a whole number.")
    return value


class PresenceHeartbeat:
    """The presence rows of this process's open player sockets, all refreshed by one UPDATE every
    GAMES_PRESENCE_HEARTBEAT seconds: the cost does not grow with moves, and stops with the process."""

    def __init__(self):
        self.ids = set()
        self.task = None

    def add(self, presence_id):
        self.ids.add(presence_id)
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.task.get_loop() is not loop:
            self.task = loop.create_task(self._beat())

    def discard(self, presence_id):
        self.ids.discard(presence_id)
        if not self.ids and self.task is not None:
            self.task.cancel()
            self.task = None

    async def _beat(self):
        while self.ids:
            await asyncio.sleep(settings.GAMES_PRESENCE_HEARTBEAT)
            try:
                await db(refresh_presence)(frozenset(self.ids))
            except Exception:  # the next beat tries again; presence only lapses after the TTL
                log.exception("presence heartbeat failed")


HEARTBEAT = PresenceHeartbeat()


class LoopOnlyConsumer(AsyncWebsocketConsumer):
    """A consumer that never touches the database on the event loop.

    Channels' dispatch hops to the shared sync thread before every message to close stale database
    connections. These consumers reach the database only through `db()`, which does that cleanup around
    each call in its database thread, so the hop is skipped: a game update fanned out to every
    player's socket no longer queues on that one thread once per socket.
    """

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def refuse(self, code):
        """Close the handshake with `code` (4403, 4404) where the client can read it: closing before
        accepting is an HTTP 403 to a real client (daphne), and a browser reports it as code 1006."""
        await self.accept()
        await self.close(code=code)


class SeatSocketConsumer(LoopOnlyConsumer):
    """A socket of one game (its page's or its referee's): while open, in the game's group (`group()`) and,
    for a seated player, the seat's presence."""

    game_id = None
    presence_id = None

    def group(self):
        raise NotImplementedError

    async def mark_present(self):
        self.presence_id = await db(services.socket_opened)(game_id=self.game_id, identity=self.identity)
        if self.presence_id is not None:
            HEARTBEAT.add(self.presence_id)

    async def disconnect(self, code):
        if self.game_id is None:
            return
        try:
            await self.channel_layer.group_discard(self.group(), self.channel_name)
        finally:   # the seat's presence goes with the socket even if the channel layer failed
            if self.presence_id is not None:
                HEARTBEAT.discard(self.presence_id)
                await db(services.socket_closed)(self.presence_id)


class GameConsumer(SeatSocketConsumer):
    """/ws/games/<code>/: everything a game's page sends and receives."""

    def group(self):
        return broadcast.game_group(self.code)

    async def connect(self):
        self.code = self.scope["url_route"]["kwargs"]["code"]
        self.language = language_from_scope(self.scope)  # updates, errors and snapshots in the page's language
        try:
            self.identity, self.game_id = await db(self._open_page)(self.code)
        except GameError:
            await self.refuse(4404)
            return
        self.bucket = TokenBucket()
        await self.channel_layer.group_add(self.group(), self.channel_name)
        await self.accept()
        await self.mark_present()

    def _open_page(self, code):
        """(who opened the page, the game's id); the page's language is noted for the game's updates in the
        same database call (one thread hop per socket opened, not two)."""
        game_id = game_id_by_code(code)
        services.note_reader_language(game_id, self.language)
        return scope_identity(self.scope), game_id

    async def receive(self, text_data=None, bytes_data=None):
        with translation.override(self.language):  # db() carries it into the database threads
            await self._receive(text_data)

    async def _receive(self, text_data):
        ref = None
        try:
            check_size(text_data)
            if not self.bucket.take():
                raise BadRequest(_("Too many messages: slow down."), code="rate_limited")
            message = parse_message(text_data)
            ref = message_ref(message)
            handler = self.HANDLERS.get(message["type"])
            if handler is None:
                raise BadRequest(_("Unknown message type %(type)r.") % {"type": message["type"][:40]}, code="unknown_type")
            await handler(self, message)
        except GameError as exc:
            await self._send_frame({"type": "error", "ref": ref, **self._for_people(exc)})
        except Exception:  # a bug must not close everyone's game page: report it to this client only
            log.exception("game socket message failed")
            await self._send_frame({"type": "error", "ref": ref, "code": "server_error",
                                    "message": _("Something went wrong on the server; reload the page.")})

    def _for_people(self, exc):
        """The error as this socket's reader sees it: a game's refusal in their language (by its token)."""
        error = exc.as_dict()
        ruleset = getattr(exc, "ruleset", None)
        if ruleset is not None:
            with translation.override(self.language):
                error["message"] = ruleset.refusal_text(exc.code, exc.message)
        return error

    async def _send_frame(self, frame):
        await self.send(text_data=broadcast.encode(frame))

    # ---- client messages -------------------------------------------------------------------------------

    async def on_hello(self, message):
        since = _int_field(message, "since", required=False)
        frame = await db(self._snapshot)(since)
        await self._send_frame(frame)

    def _snapshot(self, since):
        with translation.override(self.language):  # card faces, market and log in this socket's language
            return snapshot_frame(game_by_id(self.game_id), self.identity, since)

    async def on_act(self, message):
        await db(services.play_action)(game_id=self.game_id, identity=self.identity,
                                       expected_seq=message.get("seq"), action=message.get("action"))

    async def on_chat(self, message):
        await db(services.post_chat)(game_id=self.game_id, identity=self.identity, text=message.get("text"))

    async def on_ready(self, message):
        await db(services.set_ready)(game_id=self.game_id, identity=self.identity, ready=message.get("ready"))

    async def on_leave(self, message):
        await db(services.leave)(game_id=self.game_id, identity=self.identity)

    async def on_kick(self, message):
        await db(services.kick)(game_id=self.game_id, identity=self.identity, seat_id=_int_field(message, "seat"))

    async def on_add_bot(self, message):
        kind = message.get("kind")
        if not isinstance(kind, str):
            raise BadRequest(_("Say which bot: `kind`."))
        await db(services.add_bot)(game_id=self.game_id, identity=self.identity, kind=kind)

    async def on_take_seat(self, message):
        await db(services.take_back_seat)(game_id=self.game_id, identity=self.identity)
        await self.on_hello({})

    async def on_timeout(self, message):
        # The page's clock ran out: the server checks the deadline itself and may hand the seat to a bot.
        await db(services.expire_turn)(self.game_id)

    async def on_hand_to_bot(self, message):
        outcome = await db(services.hand_stalled_seat_to_bot)(game_id=self.game_id, identity=self.identity,
                                                              seat_id=_int_field(message, "seat"))
        await self._send_frame({"type": "handover", "ref": message_ref(message), **outcome})

    async def on_ping(self, message):
        await self._send_frame({"type": "pong", "ref": message_ref(message), "at": time.time()})

    HANDLERS = {
        "hello": on_hello, "act": on_act, "chat": on_chat, "ready": on_ready, "leave": on_leave, "kick": on_kick,
        "add_bot": on_add_bot, "take_seat": on_take_seat, "timeout": on_timeout, "ping": on_ping,
        "hand_to_bot": on_hand_to_bot,
    }

    # ---- channel layer -------------------------------------------------------------------------------

    async def game_frame(self, event):
        await self.send(text_data=event["text"])

    async def game_frames(self, event):
        key = self.identity.key
        texts = event["private"].get(key, event["public"]) if key else event["public"]
        text = texts.get(self.language)
        if text is None:  # worded before this page's language was noted: the missed entry, in its language
            try:
                await self._send_frame(await db(self._snapshot)(event["seq"] - 1))
            except GameError:  # the game is gone
                pass
            return
        await self.send(text_data=text)


class OpenGamesConsumer(LoopOnlyConsumer):
    """/ws/games/: the public list of open lobbies and running games, pushed whenever it changes."""

    async def connect(self):
        self.language = language_from_scope(self.scope)
        await self.channel_layer.group_add(broadcast.OPEN_GAMES_GROUP, self.channel_name)
        await self.accept()
        with translation.override(self.language):  # db() carries it into the database thread
            frame = await db(open_games_frame)()
        await self.send(text_data=broadcast.encode(frame))

    async def disconnect(self, code):
        await self.channel_layer.group_discard(broadcast.OPEN_GAMES_GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        with translation.override(self.language):
            message = _("This socket only sends the list of games.")
        await self.send(text_data=broadcast.encode({"type": "error", "code": "read_only", "message": message}))

    async def games_list(self, event):
        texts = event["texts"]
        await self.send(text_data=texts.get(self.language) or texts[settings.LANGUAGE_CODE])


class EchoConsumer(AsyncWebsocketConsumer):
    """/ws/echo/<room>/: a plain Channels echo through the layer to everyone in a room (bench baseline)."""

    async def connect(self):
        if not settings.DEBUG and not getattr(settings, "GAMES_ECHO_SOCKET", False):
            await self.close(code=4404)
            return
        self.group = f"echo-{self.scope['url_route']['kwargs']['room']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None or len(text_data) > MAX_MESSAGE_CHARS:
            return
        await self.channel_layer.group_send(self.group, {"type": "echo.message", "text": text_data})

    async def echo_message(self, event):
        await self.send(text_data=event["text"])
