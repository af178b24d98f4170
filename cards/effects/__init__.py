"""Card effects in one grammar: parsed, validated, printed back and explained.

    parse(text, game="machi-koro", context=None) -> Effect     typed tree (cards/effects/tree.py)
    to_string(effect) -> str                                   canonical string
    explain(effect, card=None, language="en") -> str           English, or French with language="fr"
    rewrite(legacy) -> str                                     legacy Valeria string -> unified grammar
    parse_calls() -> int                                       parses so far in this process
    EffectError, EffectContext

Plain Python: no Django here, so the rules engine and scripts can use it directly.
"""

from cards.effects.context import EffectContext
from cards.effects.errors import EffectError
from cards.effects.explain import explain
from cards.effects.parser import parse, parse_calls
from cards.effects.printer import to_string
from cards.effects.rewrite import rewrite
from cards.effects.vocabulary import games

__all__ = ["EffectContext", "EffectError", "explain", "games", "parse", "parse_calls", "rewrite", "to_string"]
