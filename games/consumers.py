"""WebSocket consumers: a game's page (lobby, chat, play) and the live list of open games.

Their plumbing is beside them: the database threads (db_threads.py), the rate limit (rate_limit.py), the
presence heartbeat (presence_heartbeat.py); the benchmark's echo socket is echo.py.

Thin by design: parse and check the message, call one service, forward frames. Every rule and every
check of who may do what is in the services; errors go to the sender alone and the socket stays open.
"""
import logging
import time

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games import broadcast, services
from games.db_threads import db
from games.errors import BadRequest, GameError
from games.api_tokens.sockets import socket_identity
from games.language import language_from_scope
from games.models import Game
from games.presence_heartbeat import HEARTBEAT
from games.rate_limit import TokenBucket
from games.selectors.frames import snapshot_frame
from games.selectors.lists import open_games_frame
from games.selectors.lookup import game_by_id, game_id_by_code
from games.socket_close import DropsTrafficAfterClose
from games.socket_input import check_size, message_ref, parse_message

log = logging.getLogger(__name__)

RESYNC_FRAME = {"type": "resync"}   # to a page that may have missed frames: ask for them
MAX_WHOLE_NUMBER = 2**53  # ids and event numbers; larger ones do not fit a database column


def _int_field(message, name, required=True):
    value = message.get(name)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_WHOLE_NUMBER:
        raise BadRequest(f"`{name}` must be a whole number.")
    return value


class LoopOnlyConsumer(DropsTrafficAfterClose, AsyncWebsocketConsumer):
    """A consumer that never touches the database on the event loop (and, once closed, stays quiet).

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

    async def layer_resync(self, event):
        """The channel layer may have lost messages for this socket (config/pubsub_layer.py): by default,
        nothing to catch up; sockets that show numbered state override this."""

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
        if self.identity is None:   # an API token in the Authorization header that is not a valid one
            await self.refuse(4403)
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
        return socket_identity(self.scope), game_id

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

    async def on_invite(self, message):
        name = message.get("name")
        if not isinstance(name, str):
            raise BadRequest(_("Type the name of a registered player."), code="unknown_player")
        invited = await db(self._invite)(name)
        await self._send_frame({"type": "invited", "ref": message_ref(message), "name": invited})

    def _invite(self, name):
        return services.do_invite_player(self.game_id, self.identity, name).invitee.get_username()

    async def on_take_seat(self, message):
        await db(services.take_back_seat)(game_id=self.game_id, identity=self.identity)
        await self.on_hello({})

    async def on_timeout(self, message):
        # The page's clock ran out: the server checks the deadline itself and may hand the seat to a bot.
        await db(services.expire_turn)(self.game_id)

    async def on_suspend(self, message):
        # Volity's suspension: play stops until every player is ready again (services.suspension).
        await db(services.do_suspend_game)(game_id=self.game_id, identity=self.identity)

    async def on_seen(self, message):
        # The page is hidden or closed: the player has seen the game up to `seq` (turn-based games keep it).
        await db(services.note_seen)(game_id=self.game_id, identity=self.identity, seq=message.get("seq"))

    async def on_hand_to_bot(self, message):
        outcome = await db(services.hand_stalled_seat_to_bot)(game_id=self.game_id, identity=self.identity,
                                                              seat_id=_int_field(message, "seat"))
        await self._send_frame({"type": "handover", "ref": message_ref(message), **outcome})

    async def on_ping(self, message):
        """A pong; with `since` (the page's last event number), a page that missed the game's latest events
        (a lost last message shows no gap) gets them instead: one read of the game's number when up to date."""
        since = _int_field(message, "since", required=False)
        if since is not None and await self._latest_seq() > since:
            await self.on_hello({"since": since})
            return
        await self._send_frame({"type": "pong", "ref": message_ref(message), "at": time.time()})

    async def _latest_seq(self):
        # From the pub/sub layer's note in Redis when it keeps one (no database thread: pages ping often),
        # else from the game's row.
        noted = getattr(self.channel_layer, "latest_seq", None)
        if noted is not None:
            try:
                latest = await noted(self.group())
            except Exception:  # noqa: BLE001: Redis down: the row still knows
                log.warning("latest event number unreadable from the channel layer", exc_info=True)
                latest = None
            if latest is not None:
                return latest
        return await db(self._latest_seq_of_row)()

    def _latest_seq_of_row(self):
        return Game.objects.filter(pk=self.game_id).values_list("event_seq", flat=True).first() or 0

    HANDLERS = {
        "hello": on_hello, "act": on_act, "chat": on_chat, "ready": on_ready, "leave": on_leave, "kick": on_kick,
        "add_bot": on_add_bot, "take_seat": on_take_seat, "timeout": on_timeout, "ping": on_ping,
        "hand_to_bot": on_hand_to_bot, "invite": on_invite, "seen": on_seen, "suspend": on_suspend,
    }

    # ---- channel layer -------------------------------------------------------------------------------

    async def layer_resync(self, event):
        # The page answers with `hello {since}` (static/js/game-page.js).
        await self._send_frame(RESYNC_FRAME)

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

    async def layer_resync(self, event):
        # The list is whole in every message: send the current one.
        with translation.override(self.language):
            frame = await db(open_games_frame)()
        await self.send(text_data=broadcast.encode(frame))

    async def games_list(self, event):
        texts = event["texts"]
        await self.send(text_data=texts.get(self.language) or texts[settings.LANGUAGE_CODE])
