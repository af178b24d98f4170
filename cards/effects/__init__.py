"""Card effects in one grammar: parsed, validated, printed back and explained.

    parse(text, game=None, context=None) -> Effect             typed tree (cards/effects/tree.py)
    to_string(effect) -> str                                   canonical string
    explain(effect, card=None, language="en") -> str           English, or French with language="fr"
    rewrite(text, game=None) -> str                            canonical spelling (legacy Valeria forms rewritten)
    parse_calls() -> int                                       parses so far in this process
    games() -> list[str]                                       the registered games
    EffectError, EffectContext

The grammar names no game: each game's vocabulary (cards/machikoro/vocabulary.py, cards/valeria/vocabulary.py)
registers itself when imported, and `game` is a registered name or a vocabulary (None: the default one).
Plain Python: no Django here, so the rules engine and scripts can use it directly.
"""

from cards.effects.context import EffectContext
from cards.effects.errors import EffectError
from cards.effects.explain import explain
from cards.effects.parser import parse, parse_calls
from cards.effects.printer import rewrite, to_string
from cards.effects.vocabulary import games

__all__ = ["EffectContext", "EffectError", "explain", "games", "parse", "parse_calls", "rewrite", "to_string"]
