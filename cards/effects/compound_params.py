"""The parameters of a verb made of more than one item or of other parameters: a bracketed card filter, the rest
of the leg read as another action, legacy key=value pairs, and one parameter repeated."""

from __future__ import annotations

from dataclasses import dataclass

from cards.effects.cursor import Cursor
from cards.effects.pair_types import value_expected
from cards.effects.params import Param
from cards.effects.phrases import _
from cards.effects.spelling import listed, unprintable
from cards.effects.syntax import RawBracket, RawNumber, RawPair, RawWord
from cards.effects.tree import Filter, KeyValue


@dataclass
class FilterParam(Param):
    """`<kind [N] [where CONDITION]>`: a set of cards."""

    field: str
    kinds: tuple[str, ...] = ("cards",)
    what: str = _("a card filter such as <cards where icon==cup>")
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
    what: str = _("an action")
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
    """Legacy `key=value` arguments, in any order; `keys` maps each key to the type of its value (pair_types.py),
    which is checked as it is read; `required` keys must be present."""

    field: str
    keys: dict
    required: tuple[str, ...] = ()
    optional: bool = True

    def accepts(self, item, cursor):
        return isinstance(item, RawPair) and item.key in self.keys

    def describe(self):
        return _("key=value (%(keys)s)", keys=listed(k + "=" for k in self.keys))

    def read(self, cursor):
        pairs, seen = [], set()
        while isinstance(cursor.peek(), RawPair):
            item = cursor.peek()
            if item.key not in self.keys or item.key in seen:
                left = listed(k + "=..." for k in self.keys if k not in seen)
                raise cursor.error(_("one of %(choices)s", choices=left))
            kind, resources = self.keys[item.key], cursor.vocabulary.resources
            if not kind.check(item.value, resources):  # refused at the value itself, not at its key
                token = cursor.text[item.value_start:item.end]
                raise cursor.error_at(item.value_start, token, value_expected(item.key, kind, resources))
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
