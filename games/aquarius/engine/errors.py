"""Typed errors of the Aquarius engine. A refused move carries the seed's token and its exact English text."""

# The seed's error vocabulary (seed 004), token -> message.
MESSAGES = {
    "game.two_seats_needed": "At least two players are needed to play.",
    "game.dont_have_card": "That card is not in your hand.",
    "game.space_not_empty": "That space is already occupied.",
    "game.not_adjacent": "That space is not adjacent to a card on the board.",
    "game.no_match": "That move does not match any elements.",
    "game.move_possible": "You may not pass, because you have a legal move.",
    "game.board_too_small": "You may not remove the only card on the board.",
    "game.not_on_board": "That card is not on the board.",
    "game.identity_move": "You must change the card's location or orientation.",
    # Refusals the seed has no token for (documented in docs/rules-aquarius.md).
    "not_your_turn": "It is not your turn.",
    "unknown_action": "Unknown or malformed action.",
    "wrong_card": "That card cannot be played that way.",
    "bad_seat": "Choose another seated player.",
    "game_over": "The game is over.",
}


class AquariusError(Exception):
    """Base class of every error the engine raises on purpose."""


class DeckError(AquariusError):
    """The card data cannot be played (unknown kind, panels inconsistent with the kind, duplicate id...)."""


class OptionsError(AquariusError):
    """Game options the rules refuse. `code` names the rule for an adapter that words it; `field` the option."""

    def __init__(self, message, code="invalid_options", field="__all__"):
        super().__init__(message)
        self.code = code
        self.field = field


class IllegalMove(AquariusError):
    """A refused action; the state is unchanged. `code` is the seed's token, `message` its text."""

    def __init__(self, code, detail=""):
        self.code = code
        self.message = MESSAGES[code] + (f" ({detail})" if detail else "")
        super().__init__(self.message)


class SerialisationError(AquariusError):
    """A JSON document does not describe a valid Aquarius state."""


class ReplayError(AquariusError):
    """Events replayed on a state do not match it."""
