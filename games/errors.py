"""Typed errors of the game services. Each carries a short code the client can act on and a readable message."""


class GameError(Exception):
    code = "game_error"

    def __init__(self, message, code=None, **details):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        self.details = details

    def as_dict(self):
        return {"code": self.code, "message": self.message, **self.details}


class GameNotFound(GameError):
    code = "not_found"


class IdentityRequired(GameError):
    code = "identity_required"


class NotAllowed(GameError):
    code = "forbidden"


class NotSeated(GameError):
    code = "not_seated"


class WrongStatus(GameError):
    code = "wrong_status"


class LobbyFull(GameError):
    code = "lobby_full"


class NotYourTurn(GameError):
    code = "not_your_turn"


class StaleEvent(GameError):
    code = "stale_event"


class IllegalAction(GameError):
    code = "illegal_action"


class GameSuspended(GameError):
    """A move, or a seat handed to a bot, while the game is suspended (games/services/suspension.py)."""

    code = "game_suspended"


class BadRequest(GameError):
    code = "bad_request"


class TooManyGuests(GameError):
    """More guests created from one client address than GAMES_GUEST_RATE allows; `wait`: seconds to wait."""

    code = "too_many_guests"


class ChatRejected(GameError):
    code = "chat_rejected"


class CannotStart(GameError):
    """The lobby is complete but its rules cannot be set up (a card the engine cannot play); the lobby stays."""

    code = "cannot_start"


class TooFewPlayers(GameError):
    """Getting ready is refused while too few seats are filled to play (the RPC socket's volity.ready())."""

    code = "too_few_players"


class InvalidSettings(GameError):
    """Game settings that cannot be played; `errors` maps form fields to messages."""

    code = "invalid_settings"

    def __init__(self, errors):
        super().__init__("; ".join(m for messages in errors.values() for m in messages))
        self.errors = errors
