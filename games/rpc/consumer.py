"""/ws/games/<code>/rpc/: JSON-RPC 2.0 for programs (and anyone) playing a game that declares an RPC protocol.

Authentication as the game page's socket (session cookie or `Authorization: Bearer <API token>`) or `?token=`
(a seat token, or an API token `mkt_...`).
Thin like the other consumers: check the request, call one service, reply; every rule lives in the services
and the game's ruleset. A refused or malformed call gets an error reply, changes nothing and leaves the
socket open.
"""
import logging
from urllib.parse import parse_qs

from django.utils import translation

from config.registry import get_game
from games import services
from games.consumers import SeatSocketConsumer
from games.db_threads import db
from games.errors import (
    BadRequest, GameError, GameNotFound, IllegalAction, InvalidSettings, NotSeated, NotYourTurn, TooFewPlayers,
    WrongStatus,
)
from games.api_tokens.keys import looks_like_api_token
from games.api_tokens.selectors import identity_for_api_token
from games.api_tokens.sockets import authorization_header, socket_identity
from games.models import Game, Seat
from games.rate_limit import TokenBucket
from games.selectors.lookup import game_by_code, seat_of
from games.services.play import CURRENT_EVENT

from games.rpc import lobby, protocol as rpc
from games.rpc.notify import position_seq, rpc_group, state_burst
from games.rpc.tokens import identity_for_token

log = logging.getLogger(__name__)

PROTOCOL_LANGUAGE = "en"
MAX_FRAME_CHARS = 4096
MAX_BATCH = 8


class RpcConsumer(SeatSocketConsumer):
    def group(self):
        return rpc_group(self.code)

    async def connect(self):
        self.code = self.scope["url_route"]["kwargs"]["code"]
        # keep_blank_values: an empty `?token=` is a malformed token (4403), not a visit without one.
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        token = query.get("token", [None])[0]
        # Join the group first: what happens while the game is read queues up and is filtered by number.
        await self.channel_layer.group_add(self.group(), self.channel_name)
        joined, unknown_game = False, False
        try:
            try:
                found = await db(self._identify)(token)
            except GameNotFound:   # no such game, or no RPC protocol: 4404 whatever the token (a typo in the code)
                found, unknown_game = None, True
            except GameError:
                found = None
            except Exception:  # a bug: this client's handshake fails with a close code, not an HTTP 500
                log.exception("rpc handshake failed")
                await self.refuse(1011)
                return
            if found is None:
                offered = token is not None or authorization_header(self.scope) is not None
                await self.refuse(4403 if offered and not unknown_game else 4404)
                return
            self.identity, self.game_id, self.protocol, self.seq = found
            joined = True
        finally:
            if not joined:   # every way out of a refused handshake leaves the group it joined
                await self.channel_layer.group_discard(self.group(), self.channel_name)
        self.bucket = TokenBucket()
        await self.accept()
        await self.mark_present()

    def _identify(self, token):
        game = game_by_code(self.code)
        protocol = get_game(game.ruleset).rpc_protocol
        if protocol is None:
            raise GameNotFound("no RPC protocol")  # never shown: the close code says it
        if token is None:   # the session, or an API token in the handshake's Authorization: Bearer header
            identity = socket_identity(self.scope)
        elif looks_like_api_token(token):
            identity = identity_for_api_token(token)
        else:
            identity = identity_for_token(game, token)
        if identity is None:
            return None
        if not game.rpc_readers:   # the game's moves publish RPC notifications from now on: its state read again
            services.note_program_reader(game.pk)
            game = game_by_code(self.code)
        return identity, game.pk, protocol, position_seq(game)

    # ---- requests ------------------------------------------------------------------------------------

    async def receive(self, text_data=None, bytes_data=None):
        # The protocol speaks English whatever the site's language (db() carries this into the database threads):
        # a program reads the tokens; docs/aquarius-rpc.md gives every message in English and French.
        with translation.override(PROTOCOL_LANGUAGE):
            await self._receive(text_data)

    async def _receive(self, text_data):
        try:
            if text_data is None:
                raise rpc.Fault(rpc.INVALID_REQUEST, "Invalid request: send JSON text frames.")
            if len(text_data) > MAX_FRAME_CHARS:
                raise rpc.Fault(rpc.INVALID_REQUEST,
                                f"Invalid request: frames are at most {MAX_FRAME_CHARS} characters.")
            message = rpc.decode(text_data)
        except rpc.Fault as fault:
            await self.send(text_data=rpc.error_text(None, fault))
            return
        if isinstance(message, list):
            await self._batch(message)
            return
        reply = await self._answer(message)
        if reply is not None:
            await self.send(text_data=reply)
        for text in self._after_reply:
            await self.send(text_data=text)

    async def _batch(self, messages):
        if not 1 <= len(messages) <= MAX_BATCH:
            fault = rpc.Fault(rpc.INVALID_REQUEST, f"Invalid request: a batch holds 1 to {MAX_BATCH} requests.")
            await self.send(text_data=rpc.error_text(None, fault))
            return
        replies, after = [], []
        for message in messages:
            reply = await self._answer(message)
            if reply is not None:
                replies.append(reply)
            after += self._after_reply
        if replies:
            await self.send(text_data="[" + ",".join(replies) + "]")
        for text in after:
            await self.send(text_data=text)

    async def _answer(self, message):
        """The reply text to one request (None for a valid JSON-RPC notification), after carrying it out."""
        self._after_reply = []
        request_id, silent = None, False
        try:
            request = rpc.request_of(message)
            request_id, silent = request.id, request.notification
            if not self.bucket.take():
                raise rpc.Fault(rpc.BAD_STATE, "Too many calls: slow down.", ["volity.rate_limited"])
            result = await self._call_as_player(request)
        except rpc.Fault as fault:
            fault_reply = fault
            if fault.request_id is not None:
                request_id = fault.request_id
        except GameError as exc:
            fault_reply = fault_of(exc, self.protocol)
        except Exception:  # a bug must not close the socket: report it to this client only
            log.exception("rpc call failed")
            fault_reply = rpc.Fault(rpc.INTERNAL_ERROR, "Internal error: the referee failed; try again.")
        else:
            return None if silent else rpc.result_text(request_id, result)
        return None if silent else rpc.error_text(request_id, fault_reply)

    async def _call_as_player(self, request):
        """`_call`, where a refused call from someone not seated is 607 whatever else was wrong with it (an
        unknown method, wrong arguments, the game's state), except the calls observers may make. The seat is
        looked up only for refused calls: a player's accepted call costs nothing more."""
        try:
            return await self._call(request)
        except (rpc.Fault, GameError) as refusal:
            if request.method in OBSERVER_CALLS or isinstance(refusal, NotSeated) or await db(self._seated)():
                raise
        raise not_a_player()

    def _seated(self):
        return seat_of(list(Seat.objects.filter(game_id=self.game_id)), self.identity) is not None

    async def _call(self, request):
        lobby_call = rpc.VOLITY_CALLS.get(request.method)
        if lobby_call is not None:
            return await self.VOLITY[request.method](self, *rpc.coerce(lobby_call, request.params))
        call = self.protocol.calls.get(request.method)
        if call is None:
            raise rpc.Fault(rpc.UNKNOWN_METHOD, f"Unknown method {request.method!r}.")
        params = rpc.coerce(call, request.params)
        if call.phase == "config":
            name, value = self.protocol.config_option(request.method, params)
            await db(services.change_option)(game_id=self.game_id, identity=self.identity, name=name, value=value)
        else:
            action = self.protocol.action(request.method, params)
            await db(services.play_action)(game_id=self.game_id, identity=self.identity,
                                           expected_seq=CURRENT_EVENT, action=action)
        return rpc.OK

    # ---- Volity's lobby calls (games/rpc/lobby.py) ----------------------------------------------------

    async def volity_sit(self, player, seat=None):
        return await db(lobby.sit)(self.game_id, self.identity, self.protocol, player, seat)

    async def volity_stand(self, player):
        return await db(lobby.stand)(self.game_id, self.identity, player)

    async def volity_add_bot(self, kind=None):
        return await db(lobby.add_bot)(self.game_id, self.identity, kind)

    async def volity_remove_bot(self, bot):
        return await db(lobby.remove_bot)(self.game_id, self.identity, bot)

    async def volity_ready(self):
        """volity.ready(): refused while too few seats are filled (the game's own token), as Volity does."""
        try:
            await db(services.ready_to_play)(game_id=self.game_id, identity=self.identity)
        except TooFewPlayers:
            token, message = self.protocol.too_few_players()
            raise rpc.Fault(rpc.REFUSED, message, [token]) from None
        return rpc.OK

    async def volity_unready(self):
        await db(services.set_ready)(game_id=self.game_id, identity=self.identity, ready=False)
        return rpc.OK

    async def volity_invite_player(self, player, message=None):
        return await db(lobby.invite_player)(self.game_id, self.identity, player, message)

    async def volity_send_state(self):
        seq, burst = await db(self._burst)()
        self.seq = seq
        self._after_reply = [rpc.encode(n) for n in burst]
        return rpc.OK

    async def volity_suspend_game(self):
        return await db(lobby.suspend_game)(self.game_id, self.identity)

    async def push_state(self):
        """The state burst volity.send_state() returns, unasked: for a socket that may have missed
        notifications (a gap in event numbers, or the channel layer's resync). Programs already read it."""
        try:
            seq, burst = await db(self._burst)()
        except (GameError, Game.DoesNotExist):   # the game is gone
            return
        self.seq = seq
        for note in burst:
            await self.send(text_data=rpc.encode(note))

    def _burst(self):
        game = Game.objects.get(pk=self.game_id)
        seat = seat_of(list(Seat.objects.filter(game=game)), self.identity)
        return state_burst(game, seat)

    VOLITY = {  # every call of rpc.VOLITY_CALLS
        "volity.sit": volity_sit, "volity.stand": volity_stand, "volity.add_bot": volity_add_bot,
        "volity.remove_bot": volity_remove_bot, "volity.ready": volity_ready, "volity.unready": volity_unready,
        "volity.invite_player": volity_invite_player, "volity.send_state": volity_send_state,
        "volity.suspend_game": volity_suspend_game,
    }

    # ---- channel layer -------------------------------------------------------------------------------

    async def layer_resync(self, event):
        await self.push_state()

    async def rpc_frames(self, event):
        seq = event["seq"]
        if seq is not None:
            if seq <= self.seq:
                return  # already in the state this socket rebuilt
            if seq > self.seq + 1:   # an event was lost on the way: the program gets the whole state instead
                await self.push_state()
                return
            self.seq = seq
        key = self.identity.key
        for text in event["private"].get(key, event["public"]) if key else event["public"]:
            await self.send(text_data=text)


OBSERVER_CALLS = {"volity.send_state", "volity.sit"}   # what someone not seated may call


def not_a_player():
    return rpc.Fault(rpc.NOT_A_PLAYER, "Only the players seated at this game can do that.")


STATUS_TOKENS = {Game.Status.LOBBY: "volity.game_not_started", Game.Status.PLAYING: "volity.game_in_progress"}
# Lobby refusals by the service's error code: (fault code, token).
CODE_TOKENS = {
    "lobby_full": (rpc.REFUSED, "volity.no_seats_vacant"),
    "forbidden": (rpc.REFUSED, "volity.not_allowed"),
    "removed": (rpc.REFUSED, "volity.removed"),
    "forfeited": (rpc.REFUSED, "volity.forfeited"),
    "unknown_bot": (rpc.REFUSED, "volity.no_such_bot"),
    "unknown_player": (rpc.REFUSED, "volity.unknown_player"),
    "already_seated": (rpc.REFUSED, "volity.already_seated"),
    "already_invited": (rpc.REFUSED, "volity.already_invited"),
    "too_many_invites": (rpc.REFUSED, "volity.too_many_invites"),
    "identity_required": (rpc.NOT_A_PLAYER, "volity.identity_required"),
    "game_suspended": (rpc.BAD_STATE, "volity.game_suspended"),
}


def fault_of(exc, protocol):
    """The Volity fault for a service's refusal."""
    if isinstance(exc, NotSeated):
        return not_a_player()
    if isinstance(exc, NotYourTurn):
        return rpc.Fault(rpc.BAD_STATE, exc.message, ["volity.not_your_turn"])
    if isinstance(exc, WrongStatus):
        return rpc.Fault(rpc.BAD_STATE, exc.message, [STATUS_TOKENS.get(exc.details.get("status"), "volity.game_over")])
    if isinstance(exc, IllegalAction):
        return protocol.refusal(exc.code, exc.message)
    if exc.code in CODE_TOKENS:
        code, token = CODE_TOKENS[exc.code]
        return rpc.Fault(code, exc.message, [token])
    if isinstance(exc, InvalidSettings):
        return rpc.Fault(rpc.REFUSED, exc.message, ["volity.bad_config"])
    if isinstance(exc, BadRequest):
        return rpc.Fault(rpc.WRONG_TYPE, exc.message)
    return rpc.Fault(rpc.BAD_STATE, exc.message)
