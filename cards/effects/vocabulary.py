"""Vocabularies: the words of one game over the shared syntax, with typed signatures.

A vocabulary turns the raw legs of syntax.py into the typed tree of tree.py and knows how to print every node it
can produce. Each verb is declared once as a `VerbSpec`: its word, the node it builds and its parameters in
order. The same parameter objects read the words (with precise errors) and write them back, so parsing and
printing cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from cards.effects.compound_params import Pairs, Repeat
from cards.effects.context import EffectContext
from cards.effects.cursor import Cursor, after_token
from cards.effects.errors import EffectError
from cards.effects.params import Param, with_choices
from cards.effects.phrases import _
from cards.effects.spelling import BARE_WORD, is_int, listed, print_name, unprintable, write_amount
from cards.effects.syntax import RawAll, RawAny, RawCompare, RawLeg, join_choices
from cards.effects.tree import AllOf, Amount, AnyOf, Call, Compare, Filter, Group, KeyValue, Leg


# ---- verbs --------------------------------------------------------------------------------------------------

@dataclass
class VerbSpec:
    """One verb: `word` (None for a body without a verb word), the node it builds, its parameters.

    `signatures` lists alternative parameter lists; the first whose first parameter accepts the next item is
    used. `phases` restricts where the verb may appear (None: anywhere). `build` makes the node from the values
    (default: node(**fields)); `call_verb` makes a `Call(call_verb, args)` node instead.
    """

    word: str | None
    node: type
    signatures: tuple[tuple[Param, ...], ...] = ((),)
    phases: frozenset[str] | None = None
    call_verb: str | None = None
    build: Callable[..., Any] | None = None

    def read(self, cursor: Cursor):
        params = self._pick_signature(cursor)
        values: list[tuple[Param, Any, Any]] = []  # (parameter, value, the raw item it started at)
        for param in params:
            item = cursor.peek()
            if param.optional and not param.accepts(item, cursor):
                cursor.could_continue.append(param.describe())
                values.append((param, param.absent(), item))
                continue
            values.append((param, param.read(cursor), item))
        if self.build is not None:
            return self.build(values, cursor)
        if self.call_verb is not None:
            return Call(self.call_verb, call_args(values))
        return self.node(**{p.field: v for p, v, _item in values if p.field})

    def _pick_signature(self, cursor):
        if len(self.signatures) == 1:
            return self.signatures[0]
        item = cursor.peek()
        for params in self.signatures:
            if params and params[0].accepts(item, cursor):
                return params
        raise cursor.error(join_choices([params[0].describe() for params in self.signatures if params]))


def call_args(values) -> tuple:
    """The arguments of a Call node: present values in order, repeated ones spliced in."""
    args = []
    for param, value, _item in values:
        if param.field is None or value is None or value is False:
            continue
        if isinstance(value, tuple) and (isinstance(param, (Repeat, Pairs)) or getattr(param, "splice", False)):
            args.extend(value)
        else:
            args.append(value)
    return tuple(args)


@dataclass
class FieldSpec:
    """A filter field: `values` says what it compares with ("number", "name", or "word" = a bare-word set);
    `known` names the EffectContext attribute that lists the valid values; `choices` fixes them."""

    name: str
    values: str
    what: str
    ops: tuple[str, ...] = ("==", "!=")
    known: str | None = None
    choices: tuple[str, ...] | None = None


@dataclass
class Vocabulary:
    """The base of a game's vocabulary; each game's vocabulary (cards/<game>/vocabulary.py) fills it in and refines
    reading, and words its trees by overriding `explain` (a vocabulary without an explainer leaves it None)."""

    game: str
    resources: tuple[str, ...]
    verbs: dict[str, VerbSpec] = field(default_factory=dict)
    fields: dict[str, FieldSpec] = field(default_factory=dict)

    explain = None  # explain(effect, card, language) -> str, for a game with an explainer
    reads_legacy = False  # True: it reads legacy spellings, and rewrite() without a game rewrites in it

    # -- reading -----------------------------------------------------------------------------------------------

    def read_effect(self, text: str, legs: list[RawLeg], context: EffectContext | None):
        return tuple(self.read_leg(text, leg, context) for leg in legs)

    def read_leg(self, text, leg: RawLeg, context) -> Leg:
        raise NotImplementedError

    def finish_leg(self, cursor: Cursor):
        if cursor.peek() is not None:
            raise cursor.error(join_choices(cursor.could_continue + cursor.end_of_leg()), after=False)

    def read_action(self, cursor: Cursor):
        raise NotImplementedError

    def read_verb(self, cursor: Cursor, spec: VerbSpec):
        if spec.phases is not None and cursor.phase not in spec.phases:
            needs = listed(sorted(spec.phases))
            if cursor.phase is None:
                expected = _("an action allowed without a phase ('%(verb)s' needs the phase %(phases)s)",
                             verb=spec.word, phases=needs)
            else:
                expected = _("an action allowed after %(phase)s ('%(verb)s' needs the phase %(phases)s)",
                             phase=cursor.phase, verb=spec.word, phases=needs)
            raise cursor.error(expected, after=False)
        if spec.word is not None:
            cursor.take()
        return spec.read(cursor)

    def read_condition(self, cursor: Cursor, raw, kind: str):
        """A filter condition (`icon==cup or icon==bread`) checked against this game's fields."""
        if isinstance(raw, RawAny):
            return AnyOf(tuple(self.read_condition(cursor, t, kind) for t in raw.terms))
        if isinstance(raw, RawAll):
            return AllOf(tuple(self.read_condition(cursor, t, kind) for t in raw.terms))
        return self.read_compare(cursor, raw)

    def read_compare(self, cursor: Cursor, raw: RawCompare) -> Compare:
        spec = self.fields.get(raw.field)
        if spec is None:
            raise cursor.error_at(raw.start, raw.field, _("a filter field (%(fields)s)", fields=listed(self.fields)))
        if raw.op not in spec.ops:
            raise cursor.error_at(raw.op_start, raw.op, after_token(join_choices(list(spec.ops)), raw.field))
        value_token = cursor.text[raw.value_start:raw.end]
        if spec.values == "number":
            if not isinstance(raw.value, int):
                raise cursor.error_at(raw.value_start, value_token, after_token(_("a number"), f"{raw.field}{raw.op}"))
            return Compare(raw.field, raw.op, raw.value)
        if isinstance(raw.value, int):
            raise cursor.error_at(raw.value_start, value_token, after_token(spec.what, f"{raw.field}{raw.op}"))
        valid = spec.choices
        if valid is None and spec.known and cursor.context is not None:
            valid = getattr(cursor.context, spec.known)
        if valid is not None and raw.value not in valid:
            expected = with_choices(spec.what, sorted(valid)) if len(valid) <= 12 else spec.what
            raise cursor.error_at(raw.value_start, value_token, expected)
        return Compare(raw.field, raw.op, raw.value)

    # -- printing ----------------------------------------------------------------------------------------------

    def spec_for(self, action) -> VerbSpec:
        raise NotImplementedError

    def print_leg(self, leg: Leg, in_group=False) -> str:
        """The leg as written; in_group: inside a `<leg + leg>` option, where a plain card pick goes bare."""
        raise NotImplementedError

    def print_action(self, action) -> str:
        spec = self.spec_for(action)
        words = [] if spec.word is None else [spec.word]
        if spec.call_verb is not None:
            words += [self.print_value(arg) for arg in action.args]
            return " ".join(words)
        for param in spec.signatures[0]:
            if param.field is None:
                words += param.write(None, self)
            else:
                words += param.write(getattr(action, param.field), self)
        return " ".join(words)

    def print_filter(self, value: Filter) -> str:
        if not isinstance(value.kind, str) or not BARE_WORD.match(value.kind):
            raise unprintable(value.kind, _("a card kind (one word)"))
        if value.count is not None and not (is_int(value.count) and value.count >= 1):
            raise unprintable(value.count, _("a count of 1 or more"))
        if value.where is not None:
            self._check_condition(value.where)
        inside = value.kind if value.count is None else f"{value.kind} {value.count}"
        if value.where is not None:
            inside += " where " + print_condition(value.where)
        return f"<{inside}>"

    def _check_condition(self, where):
        """Refuse filter terms the parser would refuse: unknown fields, operators or value types."""
        if isinstance(where, (AllOf, AnyOf)):
            for term in where.terms:
                self._check_condition(term)
            return
        if not isinstance(where, Compare):
            raise unprintable(where, _("a filter condition (Compare, AllOf or AnyOf)"))
        spec = self.fields.get(where.field)
        if spec is None:
            raise unprintable(where.field, _("a filter field (%(fields)s)", fields=listed(self.fields)))
        if where.op not in spec.ops:
            raise unprintable(where.op, after_token(join_choices(list(spec.ops)), where.field))
        if (spec.values == "number") != is_int(where.value) or not isinstance(where.value, (int, str)):
            raise unprintable(where.value, after_token(spec.what, f"{where.field}{where.op}"))
        if spec.choices is not None and where.value not in spec.choices:
            raise unprintable(where.value, with_choices(spec.what, spec.choices))

    def print_value(self, value) -> str:
        """An argument of a Call node, from its type alone."""
        if isinstance(value, bool):
            raise EffectError(1, str(value), _("an argument value (not a bool)"))
        if isinstance(value, int):
            return str(value)
        if isinstance(value, str):
            return print_name(value, allow_dotted=True)
        if isinstance(value, Amount):
            return " ".join(write_amount(value))
        if isinstance(value, KeyValue):
            return f"{value.key}={value.value}"
        if isinstance(value, Compare):
            return print_compare(value)
        if isinstance(value, Filter):
            return self.print_filter(value)
        if isinstance(value, Group):
            return "<" + " + ".join(self.print_leg(leg, in_group=True) for leg in value.legs) + ">"
        return self.print_action(value)


def print_compare(compare: Compare) -> str:
    value = compare.value
    if isinstance(value, bool):
        raise EffectError(1, str(value), _("a number or a name in a comparison"))
    text = str(value) if isinstance(value, int) else print_name(value)
    return f"{compare.field}{compare.op}{text}"


def print_condition(condition, parent=None) -> str:
    if isinstance(condition, Compare):
        return print_compare(condition)
    if isinstance(condition, (AllOf, AnyOf)):
        if len(condition.terms) < 2:
            raise EffectError(1, "", _("two or more terms in an 'and'/'or' condition"))
        joiner = " and " if isinstance(condition, AllOf) else " or "
        text = joiner.join(print_condition(t, condition) for t in condition.terms)
        needs_parentheses = isinstance(parent, AllOf) or (isinstance(parent, AnyOf) and isinstance(condition, AnyOf))
        return f"({text})" if needs_parentheses else text
    raise EffectError(1, type(condition).__name__, _("a filter condition (Compare, AllOf or AnyOf)"))


# ---- registry -----------------------------------------------------------------------------------------------
# A game's vocabulary registers itself when its module is imported (cards/<game>/vocabulary.py): the grammar never
# imports a game. Whoever parses a game's effects imports that game's vocabulary first, or passes the vocabulary
# itself as `game`. The vocabulary registered with default=True reads effects parsed without a game.

_VOCABULARIES: dict[str, Vocabulary] = {}
_DEFAULT: list[Vocabulary] = []


def register(vocabulary: Vocabulary, *, default: bool = False) -> Vocabulary:
    _VOCABULARIES[vocabulary.game] = vocabulary
    if default:
        _DEFAULT[:] = [vocabulary]
    return vocabulary


def registered(game) -> Vocabulary | None:
    """The vocabulary of `game` (a name, or a Vocabulary passed through), or None when none is registered."""
    if isinstance(game, Vocabulary):
        return game
    if game is None:
        return _DEFAULT[0] if _DEFAULT else None
    try:
        return _VOCABULARIES.get(game)
    except TypeError:
        return None


def vocabulary_for(game) -> Vocabulary:
    vocabulary = registered(game)
    if vocabulary is None:
        raise EffectError(1, str(game), _("a game (%(games)s)", games=listed(sorted(_VOCABULARIES))))
    return vocabulary


def legacy_vocabulary() -> Vocabulary | None:
    """The vocabulary that reads legacy spellings (rewrite()'s default), or None."""
    return next((v for v in _VOCABULARIES.values() if v.reads_legacy), None)


def games() -> list[str]:
    return sorted(_VOCABULARIES)
