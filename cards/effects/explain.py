"""explain(): typed tree -> English (or French with language="fr"), one sentence per leg.

The tree does not know when a card fires (that is its colour and dice numbers). Pass `card`, a small mapping
(or object) with `colour` and `activation` (an int or a list of ints; `activation_min`/`activation_max` also
work), and the text starts with the trigger and speaks of the roller as "them":

    explain(parse("take c 1 from roller"))                                   Take 1 coin from the roller.
    explain(parse("take c 1 from roller"), {"colour": "red", "activation": 3})
                                                        When another player rolls 3, take 1 coin from them.
"""

from __future__ import annotations

from collections.abc import Mapping

from cards.effects.errors import EffectError
from cards.effects.phrases import _
from cards.effects.tree import Effect
from cards.effects.vocabulary import games, registered


LANGUAGES = ("en", "fr")


def explain(effect: Effect, card=None, language: str = "en") -> str:
    """`effect` in `language` ("en" or "fr"); `card` (optional) gives its colour and activation numbers."""
    if not isinstance(effect, Effect):
        raise EffectError(1, type(effect).__name__, _("an Effect"))
    if language not in LANGUAGES:
        raise EffectError(1, str(language), _("a language to explain in (en, fr)"))
    vocabulary = registered(effect.game)
    if vocabulary is None or vocabulary.explain is None:
        explained = ", ".join(game for game in games() if registered(game).explain is not None)
        raise EffectError(1, str(effect.game), _("a game with an explainer (%(games)s)", games=explained))
    try:
        return vocabulary.explain(effect, card, language)
    except (AttributeError, TypeError, KeyError, ValueError) as error:
        if isinstance(error, EffectError):
            raise
        raise EffectError(1, type(error).__name__, _("a well-formed %(game)s tree (%(error)s)", game=effect.game,
                                                      error=error)) from None
    except RecursionError:
        raise EffectError(1, "", _("a tree nested less deeply")) from None


class CardFacts:
    """The colour and activation numbers of the card an effect belongs to, if known."""

    def __init__(self, colour: str | None = None, numbers: tuple[int, ...] = ()):
        self.colour, self.numbers = colour, numbers

    @classmethod
    def of(cls, card) -> "CardFacts":
        if card is None:
            return cls()

        def get(key):
            if isinstance(card, Mapping):
                return card.get(key)
            return getattr(card, key, None)

        colour = get("colour") or get("color")
        colour = getattr(colour, "slug", colour)  # a model instance (Colour) as well as a slug
        activation = get("activation")
        if activation is None and get("activation_min") is not None:
            low, high = get("activation_min"), get("activation_max") or get("activation_min")
            activation = list(range(int(low), int(high) + 1))
        if isinstance(activation, int):
            activation = [activation]
        numbers = tuple(int(n) for n in activation) if activation else ()
        return cls(str(colour) if colour else None, numbers)


def sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def numbers_in_words(numbers, word: str = "or") -> str:
    numbers = [str(n) for n in numbers]
    if len(numbers) <= 1:
        return "".join(numbers)
    return ", ".join(numbers[:-1]) + f" {word} " + numbers[-1]
