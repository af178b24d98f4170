"""to_string(): typed tree -> canonical effect string (the inverse of parse); rewrite(): a string's canonical spelling."""

from __future__ import annotations

from cards.effects.errors import EffectError
from cards.effects.parser import parse
from cards.effects.phrases import _
from cards.effects.tree import Effect
from cards.effects.vocabulary import legacy_vocabulary, vocabulary_for


def to_string(effect: Effect) -> str:
    """The canonical string of `effect`: parse(to_string(t), t.game) == t.

    Raises EffectError for a tree the parser could never have produced (an unknown node, a phase body out of
    its phase, an empty effect...).
    """
    if not isinstance(effect, Effect):
        raise EffectError(1, type(effect).__name__, _("an Effect"))
    if not effect.legs:
        raise EffectError(1, "", _("at least one leg"))
    vocabulary = vocabulary_for(effect.game)
    try:
        return " + ".join(vocabulary.print_leg(leg) for leg in effect.legs)
    except (AttributeError, TypeError) as error:
        raise EffectError(1, type(error).__name__, _("a well-formed %(game)s tree (%(error)s)", game=effect.game,
                                                      error=error)) from None
    except RecursionError:
        raise EffectError(1, "", _("a tree nested less deeply")) from None


def rewrite(text: str, game=None) -> str:
    """The canonical spelling of an effect string in `game`'s vocabulary (as parse() takes it; by default the one that
    reads legacy spellings, Valeria's: cards/valeria/legacy.py), legacy forms rewritten. Raises EffectError."""
    return to_string(parse(text, game=game if game is not None else legacy_vocabulary()))
