"""How effect parameters spell their values: when a name may be written bare, how numbers and amounts are
written back, how choices are listed in errors, and the error for a value the parser could never have produced."""

from __future__ import annotations

import re

from cards.effects.errors import EffectError
from cards.effects.phrases import _
from cards.effects.syntax import join_choices
from cards.effects.tree import Amount

BARE_WORD = re.compile(r"[^\W\d]\w*\Z")
BARE_DOTTED = re.compile(r"[^\W\d]\w*(?:\.[^\W\d]\w*)*\Z")
DOTTED_ONLY = re.compile(r"[^\W\d]\w*(?:\.[^\W\d]\w*)+\Z")
KEYWORDS = frozenset({"where", "and", "or"})


def unprintable(value, expected: str) -> EffectError:
    """The error for a tree value the parser could never have produced."""
    return EffectError(1, repr(value), expected)


def quoted(words) -> str:
    return join_choices([f"'{w}'" for w in words])


def listed(words) -> str:
    return join_choices(list(words))


def print_name(text: str, allow_dotted: bool = False) -> str:
    """A word or name as written: bare when the lexer reads it back as one word, else in double quotes."""
    bare = BARE_DOTTED if allow_dotted else BARE_WORD
    if bare.match(text) and text not in KEYWORDS:
        return text
    if '"' in text or "\n" in text:
        raise EffectError(1, text, _('a name without double quotes or line breaks'))
    return f'"{text}"'


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def write_amount(amount: Amount) -> list[str]:
    return [amount.resource, str(amount.value)]
