"""The cursor that effect parameters read with: it walks the items of one raw leg (syntax.py) and words the
error at any of them, naming what was expected and what came just before."""

from __future__ import annotations

from cards.effects.errors import END_OF_EFFECT, EffectError
from cards.effects.phrases import _
from cards.effects.syntax import RawLeg

MISSING = object()


def after_token(expected: str, token: str) -> str:
    """"a number after 'c'": what was expected, right after which token."""
    return _("%(expected)s after '%(token)s'", expected=expected, token=token)


class Cursor:
    """Walks the items of one leg (or of the rest of a leg, for nested actions)."""

    __slots__ = ("text", "items", "pos", "follow_start", "follow_text", "last", "vocabulary", "context",
                 "phase", "could_continue")

    def __init__(self, text, leg: RawLeg, vocabulary, context, phase):
        self.text, self.items, self.pos = text, leg.items, 0
        self.follow_start, self.follow_text = leg.follow_start, leg.follow_text
        self.last = leg.phase.text if leg.phase is not None else ""
        self.vocabulary, self.context, self.phase = vocabulary, context, phase
        self.could_continue: list[str] = []

    def peek(self):
        return self.items[self.pos] if self.pos < len(self.items) else None

    def take(self):
        item = self.items[self.pos]
        self.pos += 1
        self.last = item.source(self.text)
        self.could_continue = []
        return item

    def error(self, expected: str, item=MISSING, after: bool = True) -> EffectError:
        """An error at `item` (default: the next item, or what follows the leg when there is none)."""
        if item is MISSING:
            item = self.peek()
        if after and self.last:
            expected = after_token(expected, self.last)
        if item is None:
            return EffectError(self.follow_start + 1, self.follow_text, expected)
        return EffectError(item.start + 1, item.source(self.text), expected)

    def error_at(self, start: int, token: str, expected: str) -> EffectError:
        return EffectError(start + 1, token, expected)

    def end_of_leg(self) -> list[str]:
        """What may follow a complete leg here."""
        if self.follow_text in ("+", END_OF_EFFECT):
            return ["'+'", _("end of effect")]
        return ["'+'", "'where'", "'>'"] if self.follow_text == "where" else ["'+'", "'>'"]
