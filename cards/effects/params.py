"""The parameters a verb of a vocabulary reads and writes, each one item of a leg: words, flags, numbers, amounts,
names and dotted names (the parameters made of several items or of other parameters are in compound_params.py).

Each parameter reads its words with precise errors (cursor.py) and writes its value back (spelling.py), so parsing
and printing cannot drift apart (vocabulary.py declares the verbs that use them).
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.effects.cursor import Cursor
from cards.effects.phrases import _
from cards.effects.spelling import BARE_WORD, DOTTED_ONLY, is_int, listed, print_name, quoted, unprintable, write_amount
from cards.effects.syntax import RawDotted, RawNumber, RawWord, join_choices
from cards.effects.tree import Amount


class Param:
    """One parameter of a verb. `field` names the node attribute it fills (None: a fixed word); `optional`
    parameters may be left out when the next item does not fit them. Subclasses are dataclasses."""

    def accepts(self, item, cursor: Cursor) -> bool:
        raise NotImplementedError

    def read(self, cursor: Cursor):
        raise NotImplementedError

    def write(self, value, vocabulary) -> list[str]:
        raise NotImplementedError

    def absent(self):
        return None


@dataclass
class Word(Param):
    """A fixed word (`from`) or one bare word out of `choices` (`roller`); choices=None takes any bare word."""

    field: str | None
    choices: tuple[str, ...] | None = None
    what: str = _("a word")
    optional: bool = False

    def accepts(self, item, cursor):
        return isinstance(item, RawWord) and not item.quoted and (self.choices is None or item.text in self.choices)

    def describe(self):
        if self.field is None:
            return quoted(self.choices)
        if self.choices is None:
            return self.what
        return with_choices(self.what, self.choices)

    def read(self, cursor):
        item = cursor.peek()
        if not self.accepts(item, cursor):
            raise cursor.error(self.describe())
        return cursor.take().text

    def write(self, value, vocabulary):
        if self.field is None:
            return [self.choices[0]]
        if value is None and self.optional:
            return []
        if not isinstance(value, str) or not BARE_WORD.match(value) or (
                self.choices is not None and value not in self.choices):
            raise unprintable(value, self.describe())
        return [value]


def Literal(word: str) -> Word:
    return Word(None, (word,))


def with_choices(what: str, choices) -> str:
    """"a payer (roller, each_opponent or chosen_opponent)"."""
    return _("%(what)s (%(choices)s)", what=what, choices=listed(choices))


@dataclass
class Flag(Param):
    """An optional trailing word such as `optional`: True when present (as_word: the word itself, else None)."""

    field: str
    word: str = "optional"
    as_word: bool = False
    optional: bool = True

    def accepts(self, item, cursor):
        return isinstance(item, RawWord) and not item.quoted and item.text == self.word

    def read(self, cursor):
        cursor.take()
        return self.word if self.as_word else True

    def absent(self):
        return None if self.as_word else False

    def write(self, value, vocabulary):
        return [self.word] if value else []

    def describe(self):
        return f"'{self.word}'"


@dataclass
class Number(Param):
    field: str
    minimum: int | None = 1
    what: str = _("a number")
    optional: bool = False

    def accepts(self, item, cursor):
        return isinstance(item, RawNumber)

    def describe(self):
        if self.minimum == 1:
            return _("%(what)s (a whole number of 1 or more)", what=self.what)
        if self.minimum == 0:
            return _("%(what)s (a whole number of 0 or more)", what=self.what)
        return self.what

    def read(self, cursor):
        item = cursor.peek()
        if not isinstance(item, RawNumber) or (self.minimum is not None and item.value < self.minimum):
            raise cursor.error(self.describe())
        return cursor.take().value

    def write(self, value, vocabulary):
        if value is None and self.optional:
            return []
        if not is_int(value) or (self.minimum is not None and value < self.minimum):
            raise unprintable(value, self.describe())
        return [str(value)]



@dataclass
class AmountParam(Param):
    """`RESOURCE N`: a resource of the vocabulary then a number (or one of `words`, e.g. half)."""

    field: str
    minimum: int | None = 1
    words: tuple[str, ...] = ()
    optional: bool = False

    def accepts(self, item, cursor):
        return isinstance(item, RawWord) and not item.quoted and item.text in cursor.vocabulary.resources

    def describe_resource(self, vocabulary):
        return _("a resource (%(choices)s)", choices=listed(vocabulary.resources))

    def describe(self):
        return _("a resource amount")

    def read(self, cursor):
        if not self.accepts(cursor.peek(), cursor):
            raise cursor.error(self.describe_resource(cursor.vocabulary))
        resource = cursor.take().text
        item = cursor.peek()
        if isinstance(item, RawNumber) and (self.minimum is None or item.value >= self.minimum):
            return Amount(resource, cursor.take().value)
        if isinstance(item, RawWord) and not item.quoted and item.text in self.words:
            return Amount(resource, cursor.take().text)
        raise cursor.error(self._describe_value())

    def _describe_value(self):
        if self.minimum == 1:
            number = _("a number (1 or more)")
        elif self.minimum == 0:
            number = _("a number (0 or more)")
        else:
            number = _("a number")
        return join_choices([number, *self.words])

    def write(self, value, vocabulary):
        if value is None and self.optional:
            return []
        if not isinstance(value, Amount) or value.resource not in vocabulary.resources:
            raise unprintable(value, _("%(resource)s amount", resource=self.describe_resource(vocabulary)))
        number_ok = is_int(value.value) and (self.minimum is None or value.value >= self.minimum)
        if not number_ok and value.value not in self.words:
            raise unprintable(value.value, self._describe_value())
        return write_amount(value)



@dataclass
class Name(Param):
    """A name: a bare word or a "quoted name" (`Harbor`, `"Train Station"`); `known` checks it in the context."""

    field: str
    what: str = _("a name")
    known: str | None = None
    optional: bool = False
    known_what: str | None = None  # "a known landmark name": what a name missing from the context should be

    def accepts(self, item, cursor):
        return isinstance(item, (RawWord, RawDotted))

    def describe(self):
        return self.what

    def read(self, cursor):
        item = cursor.peek()
        if not self.accepts(item, cursor):
            raise cursor.error(_('%(what)s (a word or a "quoted name")', what=self.what))
        names = getattr(cursor.context, self.known, None) if (cursor.context is not None and self.known) else None
        if names is not None and item.text not in names:
            known = self.known_what or _("a known %(what)s", what=self.what.removeprefix("a ").removeprefix("an "))
            raise cursor.error(known, item)
        return cursor.take().text

    def write(self, value, vocabulary):
        if value is None and self.optional:
            return []
        if not isinstance(value, str):
            raise unprintable(value, self.what)
        return [print_name(value, allow_dotted=True)]


@dataclass
class Dotted(Param):
    """A dotted word used as an argument (`action.emeraldstronghold`)."""

    field: str
    what: str = _("a dotted name such as action.name")
    optional: bool = False

    def accepts(self, item, cursor):
        return isinstance(item, RawDotted)

    def describe(self):
        return self.what

    def read(self, cursor):
        if not self.accepts(cursor.peek(), cursor):
            raise cursor.error(self.what)
        return cursor.take().text

    def write(self, value, vocabulary):
        if not isinstance(value, str) or not DOTTED_ONLY.match(value):
            raise unprintable(value, self.what)
        return [value]
