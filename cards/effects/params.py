"""The parameters a verb of a vocabulary reads and writes: words, flags, numbers, amounts, names, filters, nested
actions, pairs and repeats, over a cursor on the raw legs of syntax.py.

Each parameter reads its words with precise errors and writes its value back, so parsing and printing cannot
drift apart (vocabulary.py declares the verbs that use them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import END_OF_EFFECT, EffectError
from .syntax import RawBracket, RawDotted, RawLeg, RawNumber, RawPair, RawWord, join_choices
from .tree import Amount, Filter, KeyValue

BARE_WORD = re.compile(r"[^\W\d]\w*\Z")
BARE_DOTTED = re.compile(r"[^\W\d]\w*(?:\.[^\W\d]\w*)*\Z")
DOTTED_ONLY = re.compile(r"[^\W\d]\w*(?:\.[^\W\d]\w*)+\Z")
KEYWORDS = frozenset({"where", "and", "or"})
MISSING = object()


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
        raise EffectError(1, text, 'a name without double quotes or line breaks')
    return f'"{text}"'


# ---- reading ------------------------------------------------------------------------------------------------

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
        where = f" after '{self.last}'" if after and self.last else ""
        if item is None:
            return EffectError(self.follow_start + 1, self.follow_text, expected + where)
        return EffectError(item.start + 1, item.source(self.text), expected + where)

    def error_at(self, start: int, token: str, expected: str) -> EffectError:
        return EffectError(start + 1, token, expected)

    def end_of_leg(self) -> list[str]:
        """What may follow a complete leg here."""
        if self.follow_text in ("+", END_OF_EFFECT):
            return ["'+'", "end of effect"]
        return ["'+'", "'where'", "'>'"] if self.follow_text == "where" else ["'+'", "'>'"]


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
    what: str = "a word"
    optional: bool = False

    def accepts(self, item, cursor):
        return isinstance(item, RawWord) and not item.quoted and (self.choices is None or item.text in self.choices)

    def describe(self):
        if self.field is None:
            return quoted(self.choices)
        if self.choices is None:
            return self.what
        return f"{self.what} ({listed(self.choices)})"

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
    what: str = "a number"
    optional: bool = False

    def accepts(self, item, cursor):
        return isinstance(item, RawNumber)

    def describe(self):
        if self.minimum == 1:
            return f"{self.what} (a whole number of 1 or more)"
        if self.minimum == 0:
            return f"{self.what} (a whole number of 0 or more)"
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


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
        return f"a resource ({listed(vocabulary.resources)})"

    def describe(self):
        return "a resource amount"

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
            number = "a number (1 or more)"
        elif self.minimum == 0:
            number = "a number (0 or more)"
        else:
            number = "a number"
        return join_choices([number, *self.words])

    def write(self, value, vocabulary):
        if value is None and self.optional:
            return []
        if not isinstance(value, Amount) or value.resource not in vocabulary.resources:
            raise unprintable(value, self.describe_resource(vocabulary) + " amount")
        number_ok = is_int(value.value) and (self.minimum is None or value.value >= self.minimum)
        if not number_ok and value.value not in self.words:
            raise unprintable(value.value, self._describe_value())
        return write_amount(value)


def write_amount(amount: Amount) -> list[str]:
    return [amount.resource, str(amount.value)]


@dataclass
class Name(Param):
    """A name: a bare word or a "quoted name" (`Harbor`, `"Train Station"`); `known` checks it in the context."""

    field: str
    what: str = "a name"
    known: str | None = None
    optional: bool = False

    def accepts(self, item, cursor):
        return isinstance(item, (RawWord, RawDotted))

    def describe(self):
        return self.what

    def read(self, cursor):
        item = cursor.peek()
        if not self.accepts(item, cursor):
            raise cursor.error(f'{self.what} (a word or a "quoted name")')
        names = getattr(cursor.context, self.known, None) if (cursor.context is not None and self.known) else None
        if names is not None and item.text not in names:
            raise cursor.error(f"a known {self.what.removeprefix('a ').removeprefix('an ')}", item)
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
    what: str = "a dotted name such as action.name"
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


@dataclass
class FilterParam(Param):
    """`<kind [N] [where CONDITION]>`: a set of cards."""

    field: str
    kinds: tuple[str, ...] = ("cards",)
    what: str = "a card filter such as <cards where icon==cup>"
    allow_count: bool = False
    optional: bool = False

    def accepts(self, item, cursor):
        return (isinstance(item, RawBracket) and pick_kind(item, self.kinds, self.allow_count) is not None)

    def describe(self):
        return self.what

    def read(self, cursor):
        item = cursor.peek()
        if not self.accepts(item, cursor):
            raise cursor.error(self.what)
        cursor.take()
        return read_filter(cursor, item, self.kinds, self.allow_count)

    def write(self, value, vocabulary):
        if not isinstance(value, Filter) or value.kind not in self.kinds or (
                value.count is not None and not self.allow_count):
            raise unprintable(value, self.what)
        return [vocabulary.print_filter(value)]


def pick_kind(bracket: RawBracket, kinds, allow_count) -> str | None:
    """The kind of a `<kind [N] [where ...]>` bracket, or None when the bracket is not that shape."""
    if len(bracket.legs) != 1 or bracket.legs[0].phase is not None:
        return None
    items = bracket.legs[0].items
    if not items or not isinstance(items[0], RawWord) or items[0].quoted or items[0].text not in kinds:
        return None
    if len(items) == 1:
        return items[0].text
    if len(items) == 2 and allow_count and isinstance(items[1], RawNumber) and items[1].value >= 1:
        return items[0].text
    return None


def read_filter(cursor: Cursor, bracket: RawBracket, kinds, allow_count) -> Filter:
    items = bracket.legs[0].items
    count = items[1].value if len(items) == 2 else None
    where = None
    if bracket.where is not None:
        where = cursor.vocabulary.read_condition(cursor, bracket.where, items[0].text)
    return Filter(items[0].text, where, count)


@dataclass
class ActionParam(Param):
    """The rest of the leg read as another action (`count own <...> ACTION`, `if COND ACTION`)."""

    field: str
    allowed: tuple[type, ...] | None = None
    what: str = "an action"
    optional: bool = False

    def accepts(self, item, cursor):
        return item is not None

    def describe(self):
        return self.what

    def read(self, cursor):
        first = cursor.peek()
        if first is None:
            raise cursor.error(self.what)
        action = cursor.vocabulary.read_action(cursor)
        if self.allowed is not None and not isinstance(action, self.allowed):
            raise cursor.error(self.what, first, after=False)
        return action

    def write(self, value, vocabulary):
        return [vocabulary.print_action(value)]


@dataclass
class Pairs(Param):
    """Legacy `key=value` arguments, in any order, keys out of `keys`; `required` keys must be present."""

    field: str
    keys: tuple[str, ...]
    required: tuple[str, ...] = ()
    optional: bool = True

    def accepts(self, item, cursor):
        return isinstance(item, RawPair) and item.key in self.keys

    def describe(self):
        return f"key=value ({listed(k + '=' for k in self.keys)})"

    def read(self, cursor):
        pairs, seen = [], set()
        while isinstance(cursor.peek(), RawPair):
            item = cursor.peek()
            if item.key not in self.keys or item.key in seen:
                raise cursor.error(f"one of {listed(k + '=...' for k in self.keys if k not in seen)}")
            seen.add(item.key)
            cursor.take()
            pairs.append(KeyValue(item.key, item.value))
        missing = [k for k in self.required if k not in seen]
        if missing:
            raise cursor.error(f"{missing[0]}=...")
        return tuple(pairs)

    def absent(self):
        return ()

    def write(self, value, vocabulary):
        return [f"{kv.key}={kv.value}" for kv in value]


@dataclass
class Repeat(Param):
    """One or more of `param` (as a tuple)."""

    param: Param
    field: str = ""
    optional: bool = False

    def __post_init__(self):
        self.field = self.field or self.param.field

    def accepts(self, item, cursor):
        return self.param.accepts(item, cursor)

    def describe(self):
        return self.param.describe()

    def read(self, cursor):
        values = [self.param.read(cursor)]
        while self.param.accepts(cursor.peek(), cursor):
            values.append(self.param.read(cursor))
        return tuple(values)

    def write(self, value, vocabulary):
        return [word for v in value for word in self.param.write(v, vocabulary)]
