"""Typed errors raised by the rules engine."""


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class CardSetError(EngineError):
    """The card data cannot be played: unknown verb, bad filter, unsupported phase, missing field."""


class OptionsError(EngineError):
    """The game options or the player list are not valid for the chosen card set. `code` names the rule for
    an adapter that words it for people; `field` is the option it concerns ("__all__": several)."""

    def __init__(self, message, code="invalid_options", field="__all__"):
        super().__init__(message)
        self.code = code
        self.field = field


class IllegalActionError(EngineError):
    """The action is not one of the legal actions in this state; the state is left unchanged. `code` names the
    rule it breaks (the RPC API's refusal token, docs/machikoro-rpc.md)."""

    def __init__(self, message, code="illegal_action"):
        super().__init__(message)
        self.code = code


class NotYourTurnError(IllegalActionError):
    """A seat tried to act while another seat is the one to act (or after the end: code "game_over")."""

    def __init__(self, message, code="not_your_turn"):
        super().__init__(message, code)


class SerialisationError(EngineError):
    """A JSON document does not describe a valid state, action or event for this card set."""


class ReplayError(EngineError):
    """Events replayed on a state do not match it (wrong dice, wrong card set, out of order)."""
