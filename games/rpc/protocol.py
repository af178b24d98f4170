"""JSON-RPC 2.0 with the Volity referee conventions: the codec, the faults and what a game's protocol declares.

A game that speaks RPC provides an `RpcProtocol`, named by its declaration (config/games.py, `rpc=`) and found
through the registry (`config.registry.get_game(slug).rpc_protocol`):
its calls with their parameter types, and how calls become actions or option changes and events become
notifications. Everything here is generic: nothing names a game.
"""
import json
import math
from dataclasses import dataclass

from games.socket_input import MAX_DEPTH, holds_lone_surrogate, nests_deeper_than

JSONRPC = "2.0"
OK = ["volity.ok"]

# Volity fault codes (see docs/aquarius-rpc.md) and the two JSON-RPC ones for unreadable frames.
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
UNKNOWN_METHOD = 603
MISSING_ARGUMENT = 604
WRONG_TYPE = 605
REFUSED = 606
NOT_A_PLAYER = 607
INTERNAL_ERROR = 608
BAD_STATE = 609

MAX_STRING = 200  # no card, seat or option value is longer: longer strings are refused before any work
MAX_ARRAY = 100


class Fault(Exception):
    """An error reply: a Volity fault code, an English message and, for refusals, the tokens naming it."""

    def __init__(self, code, message, tokens=(), request_id=None):
        super().__init__(message)
        self.request_id = request_id  # for frames that fail before their id is known to be usable
        self.code = code
        self.message = message
        self.tokens = list(tokens)

    def as_error(self):
        error = {"code": self.code, "message": self.message}
        if self.tokens:
            error["data"] = {"tokens": self.tokens}
        return error


@dataclass(frozen=True)
class Call:
    """A call a game accepts: its positional parameters as (name, type) and when it may be made.

    Types: "string", "int" (whole floats such as 3.0 accepted), "bool", "array" (of strings).
    `phase` is "config" (the lobby: it changes an option), "play" (a running game: it is an action) or "table"
    (a Volity lobby call, answered by the socket itself). The last `optional` parameters may be left out.
    """

    method: str
    params: tuple = ()
    phase: str = "play"
    optional: int = 0


@dataclass(frozen=True)
class Request:
    id: object
    method: str
    params: list
    notification: bool  # sent without an id: JSON-RPC says no reply


# Frames nest at most MAX_DEPTH levels (the game socket's limit; a batch of calls with an array argument nests
# 4 deep). Like the frame size, a limit of the socket: INVALID_REQUEST whether json.loads gave up
# (RecursionError) or the parsed frame is too deep; PARSE_ERROR stays for text that is not JSON.
TOO_DEEP = f"Invalid request: frames nest at most {MAX_DEPTH} levels deep."


def _no_constants(name):
    raise ValueError(f"{name} is not JSON")


def decode(text):
    """The parsed frame, or Fault(PARSE_ERROR). NaN and Infinity are refused (they are not JSON). A frame nested
    more than MAX_DEPTH levels, and a lone UTF-16 surrogate, are Fault(INVALID_REQUEST), the surrogate before
    anything can echo it (an id, a seat name) in a reply."""
    try:
        message = json.loads(text, parse_constant=_no_constants)
    except RecursionError:
        raise Fault(INVALID_REQUEST, TOO_DEEP) from None
    except ValueError:
        raise Fault(PARSE_ERROR, "Parse error: that is not JSON.") from None
    if nests_deeper_than(text, message, MAX_DEPTH):
        raise Fault(INVALID_REQUEST, TOO_DEEP)
    if holds_lone_surrogate(text, message):
        raise Fault(INVALID_REQUEST, "Invalid request: text must be valid Unicode (a lone UTF-16 surrogate).")
    return message


def request_of(message):
    """A `Request` from one decoded JSON-RPC request object, or Fault(INVALID_REQUEST) (with the id if any)."""
    if not isinstance(message, dict):
        raise Fault(INVALID_REQUEST, "Invalid request: send a JSON-RPC 2.0 request object.")
    request_id = message.get("id")
    if isinstance(request_id, bool) or not isinstance(request_id, (str, int, float, type(None))) or (
            isinstance(request_id, str) and len(request_id) > 64) or (
            isinstance(request_id, float) and not math.isfinite(request_id)) or (
            isinstance(request_id, (int, float)) and abs(request_id) > 2 ** 53):
        raise Fault(INVALID_REQUEST, "Invalid request: the id is a number or a short string.")
    if message.get("jsonrpc") != JSONRPC:
        raise Fault(INVALID_REQUEST, 'Invalid request: "jsonrpc" must be "2.0".', request_id=request_id)
    method = message.get("method")
    if not isinstance(method, str) or not method:
        raise Fault(INVALID_REQUEST, 'Invalid request: "method" must be a string.', request_id=request_id)
    params = message.get("params", [])
    if not isinstance(params, list):
        raise Fault(INVALID_REQUEST, "Invalid request: params are positional (an array).", request_id=request_id)
    return Request(request_id, method[:80], params, "id" not in message)


def coerce(call, params):
    """The parameters of `call` checked and converted, or Fault 604 (how many) / 605 (which type)."""
    most = len(call.params)
    fewest = most - call.optional
    if not fewest <= len(params) <= most:
        names = ", ".join(name for name, _ in call.params) or "no arguments"
        count = f"{fewest} to {most}" if fewest != most else str(most)
        raise Fault(MISSING_ARGUMENT,
                    f"{call.method} takes {count} argument{'s' if most != 1 else ''} ({names}); got {len(params)}.")
    return [_coerce_one(call.method, name, kind, value) for (name, kind), value in zip(call.params, params)]


def _coerce_one(method, name, kind, value):
    def wrong(expected):
        return Fault(WRONG_TYPE, f"{method}: `{name}` must be {expected}.")

    if kind == "string":
        if not isinstance(value, str):
            raise wrong("a string")
        if len(value) > MAX_STRING:
            raise wrong(f"a string of at most {MAX_STRING} characters")
        return value
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise wrong("a whole number")
        if isinstance(value, float):
            if not math.isfinite(value) or not value.is_integer():
                raise wrong("a whole number")
            value = int(value)
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise wrong("true or false")
        return value
    if kind == "array":
        if not isinstance(value, list) or len(value) > MAX_ARRAY or not all(isinstance(v, str) for v in value):
            raise wrong(f"an array of at most {MAX_ARRAY} strings")
        return value
    raise ValueError(f"unknown parameter type {kind!r}")


# Volity's lobby calls (the referee's own, whatever the game), served by the socket on the lobby services.
VOLITY_CALLS = {c.method: c for c in (
    Call("volity.sit", (("player", "string"), ("seat", "string")), phase="table", optional=1),
    Call("volity.stand", (("player", "string"),), phase="table"),
    Call("volity.add_bot", (("kind", "string"),), phase="table", optional=1),
    Call("volity.remove_bot", (("bot", "string"),), phase="table"),
    Call("volity.ready", phase="table"),
    Call("volity.unready", phase="table"),
    Call("volity.invite_player", (("player", "string"), ("message", "string")), phase="table", optional=1),
    Call("volity.send_state", phase="table"),
    Call("volity.suspend_game", phase="table"),
)}


def encode(message):
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def result_text(request_id, result=OK):
    return encode({"jsonrpc": JSONRPC, "id": request_id, "result": result})


def error_text(request_id, fault):
    return encode({"jsonrpc": JSONRPC, "id": request_id, "error": fault.as_error()})


def notification(method, *params):
    return {"jsonrpc": JSONRPC, "method": method, "params": list(params)}


def invalid_seat_message(name, seat_ids):
    return f"There is no seat called {name[:20]!r}: seats are {seat_ids[0]} to {seat_ids[-1]}."


class RpcProtocol:
    """What a game declares to be played over JSON-RPC. Subclass it next to the game's ruleset."""

    seat_ids = ()  # the seats' names, in position order (e.g. "seat1".."seat5")
    calls = {}     # method -> Call
    docs = ""            # the site guide describing it (a config.docs.GUIDES name, linked from the game page)
    client_command = ""  # a manage.py command that plays a seat over this protocol, if there is one

    def seat_name(self, position):
        return self.seat_ids[position]

    def seat_position(self, name):
        """The position of the seat called `name`, or Fault 606 `volity.invalid_seat`."""
        if name in self.seat_ids:
            return self.seat_ids.index(name)
        raise Fault(REFUSED, invalid_seat_message(name, self.seat_ids), ["volity.invalid_seat"])

    def config_option(self, method, params):
        """A config call's (option name, value)."""
        raise NotImplementedError

    def config_notifications(self, options, sender):
        """The calls that tell a client the table's options (echoed after each change, sent in state bursts)."""
        return []

    def action(self, method, params):
        """A play call's action dict for the ruleset (may raise Fault)."""
        raise NotImplementedError

    def notifications(self, match, events, seat):
        """The notifications telling `seat` (a position, None for an observer) about `events`."""
        return []

    def start_notifications(self, match, seat):
        """What `seat` is told when the game starts, after volity.start_game()."""
        return self.state_notifications(match, seat)

    def state_notifications(self, match, seat):
        """The calls rebuilding `seat`'s view of a running or finished game (state recovery)."""
        return []

    def refusal(self, code, message):
        """The fault for a move the rules refuse (`RuleViolation(message, code)`): 606 with the game's token;
        codes outside the game's vocabulary become `game.<code>`."""
        return Fault(REFUSED, message, [code if "." in code else f"game.{code}"])

    def too_few_players(self):
        """(token, English message) refusing volity.ready() while too few seats are filled."""
        return "volity.empty_seats", "Too few seats are filled to play."

