"""parse(): effect string -> typed tree, for any registered game. Counts its calls (see parse_calls)."""

from __future__ import annotations

from cards.effects.context import EffectContext
from cards.effects.errors import EffectError
from cards.effects.phrases import _
from cards.effects.syntax import parse_raw
from cards.effects.tree import Effect
from cards.effects.vocabulary import vocabulary_for

_parse_calls = 0


def parse_calls() -> int:
    """How many times parse() ran in this process: a game that never re-parses leaves it unchanged."""
    return _parse_calls


def parse(text: str, game=None, context: EffectContext | None = None) -> Effect:
    """The typed tree of `text` in `game`'s vocabulary (a registered game's name, a Vocabulary, or None for the
    default vocabulary: cards/effects/vocabulary.py); names are checked against `context` when given.

    Raises EffectError (a ValueError) for anything that is not a valid effect, and nothing else.
    """
    global _parse_calls
    _parse_calls += 1
    if not isinstance(text, str):
        raise EffectError(1, type(text).__name__, _("an effect string"))
    if context is not None and not isinstance(context, EffectContext):
        raise EffectError(1, type(context).__name__, _("an EffectContext or None as context"))
    vocabulary = vocabulary_for(game)
    try:
        legs = parse_raw(text)
        return Effect(vocabulary.read_effect(text, legs, context), vocabulary.game)
    except RecursionError:
        raise EffectError(1, text[:1], _("an effect nested less deeply")) from None
