"""Valeria trees in words: one traversal for both languages (see explain.py for the entry point).

Valeria cards are not played here yet, so this aims at a readable gloss for designers, not rules text. The
functions at the top walk the tree and decide which verb wording fits its arguments; the words come from a
phrasebook: explain_en.py for English, explain_fr.py for French (same names: WORDING, CALLS,
quantity() ...). A verb neither phrasebook words is read out from its name and arguments.
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.effects.explain import sentence
from cards.effects.tree import Acquire, AllOf, Amount, AnyOf, Call, Choose, Compare, Effect, Filter, Gain, Group, KeyValue, Leg
from cards.valeria import explain_en, explain_fr
from cards.valeria.wording import (CARD_KINDS, GROUP_CHANGES, GROUP_MODALS, NO_ARGUMENTS, RESOURCE_WORDS, ROLES, _number,
                                   amounts_in, cost_in)

@dataclass(frozen=True)
class Verb:
    """A call's verb with its arguments sorted out, and how to word what is nested in it.

    `subject` is the group a modal verb puts before it (`all_may X`: "all", X worded without its own "you may");
    None when the verb speaks to the card's owner.
    """

    name: str
    args: tuple
    book: object
    subject: str | None = None

    @property
    def amounts(self) -> list[Amount]:
        return [a for a in self.args if isinstance(a, Amount)]

    @property
    def pairs(self) -> dict:
        return {a.key: a.value for a in self.args if isinstance(a, KeyValue)}

    @property
    def may(self) -> bool:
        return "optional" in self.args or self.pairs.get("optional") == "true"

    @property
    def words(self) -> list:
        return [a for a in self.args if a != "optional"]

    @property
    def plain(self) -> list:
        """The arguments that are neither amounts, `optional` nor key=value pairs."""
        return [a for a in self.words if not isinstance(a, (Amount, KeyValue))]

    @property
    def owner(self):
        """The phrasebook's words for whose cards these are: the owner ("you") or the modal's group."""
        return self.book.OWNERS[self.subject or "you"]

    def number(self, key) -> int | None:
        return _number(self.pairs.get(key))

    def paid(self, key) -> tuple[Amount, ...] | None:
        return amounts_in(self.pairs[key]) if key in self.pairs else None

    def exchange(self) -> tuple[tuple, tuple] | None:
        """(what is paid, what is gained): `self_convert g 3 v 3` or its legacy `pay=g:3 gain=v:3`."""
        if len(self.amounts) == 2 and not self.pairs:
            return (self.amounts[0],), (self.amounts[1],)
        if not self.amounts and {"pay", "gain"} <= set(self.pairs) <= {"pay", "gain", "optional"}:
            pay, gain = self.paid("pay"), self.paid("gain")
            return (pay, gain) if pay and gain else None
        return None

    def quantity(self, index: int = 0) -> str:
        return self.book.quantity(self.amounts[index])

    def listing(self, amounts, joiner: str = "and") -> str:
        return listing([self.book.quantity(a) for a in amounts], self.book, joiner)

    def action(self, action, subject: str | None = None) -> str:
        return _action(action, self.book, subject)

    def value(self, value) -> str:
        return _value(value, self.book)


def listing(items, book, joiner: str = "and") -> str:
    """"a, b and c" in the phrasebook's words (joiner: "and" or "or")."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {book.WORDING[joiner]} {items[-1]}"


def _keys(verb: Verb, allowed, required=()) -> bool:
    return set(required) <= set(verb.pairs) <= set(allowed)


def _only(verb: Verb, amounts: int = 0, plain: int = 0, pairs=()) -> bool:
    """Exactly `amounts` amounts, `plain` other words and no key=value pair outside `pairs`."""
    return len(verb.amounts) == amounts and len(verb.plain) == plain and _keys(verb, pairs)


def _set_one_die_fits(verb: Verb) -> bool:
    pairs = verb.pairs
    if not _keys(verb, ("target", "subtract", "cost")) or ("target" in pairs) == ("subtract" in pairs):
        return False
    change = verb.number("target" if "target" in pairs else "subtract")
    return change is not None and ("cost" not in pairs or cost_in(pairs["cost"]) is not None) and not verb.plain


FITS = {  # verb -> whether its arguments are the ones its wording speaks of (else it is read out as it stands)
    "exchange": lambda v: v.exchange() is not None and not v.plain,
    "self_convert": lambda v: v.exchange() is not None and not v.plain,
    "pay_to_player": lambda v: v.exchange() is not None and not v.plain,
    "take_from_player": lambda v: _only(v, amounts=1),
    "steal": lambda v: len(v.amounts) > 0 and not v.plain and _keys(v, ("victim_vp",))
    and ("victim_vp" not in v.pairs or v.number("victim_vp") is not None),
    "count": lambda v: len(v.amounts) > 0,
    **{name: (lambda v: len(v.amounts) > 0) for name in GROUP_CHANGES},
    **{name: (lambda v: bool(v.args)) for name in GROUP_MODALS + ("seq",)},
    "modify_monster_strength": lambda v: len(v.args) == 1 and _number(v.args[0]) is not None,
    "on_event": lambda v: len(v.args) == 2,
    "banish_center": lambda v: _only(v, plain=1, pairs=("type",)) and v.plain[0] in CARD_KINDS,
    "banish_owned": lambda v: _only(v, plain=1) and v.plain[0] in CARD_KINDS,
    "add": lambda v: _only(v, plain=1) and isinstance(v.plain[0], str),
    "grant_all": lambda v: _only(v, plain=1) and isinstance(v.plain[0], str),
    "add_slay_cost": lambda v: _only(v, amounts=1),
    "add_self_slay_cost": lambda v: _only(v, amounts=1, pairs=("max",))
    and ("max" not in v.pairs or v.number("max") is not None),
    "take_owned": lambda v: len(v.plain) == 2 and v.plain[0] in CARD_KINDS and v.plain[1] == "random"
    and not v.amounts and _keys(v, ("to", "victim_vp")) and v.pairs.get("to", "self") in ("self", "stack")
    and ("victim_vp" not in v.pairs or v.number("victim_vp") is not None),
    "return_owned": lambda v: _only(v, amounts=1, plain=1) and v.plain[0] in CARD_KINDS,
    "flip_citizen": lambda v: _only(v, plain=len(v.plain)) and v.plain in ([], ["targeted"]),
    "set_one_die": _set_one_die_fits,
    "gain_per_owned_citizen_name": lambda v: _only(v, amounts=1, plain=1),
    "gain_per_owned_starter_name": lambda v: _only(v, amounts=1, plain=1),
    "on_any_magic_gain": lambda v: _only(v, amounts=1),
    "steal_citizen": lambda v: len(v.args) == 1 and isinstance(v.args[0], Compare),
    "add_self_gold_pool": lambda v: len(v.args) == 1 and _number(v.args[0]) is not None,
    "pay_to_chosen": lambda v: _only(v, pairs=("pay",)) and bool(v.paid("pay")),
    "gain_action": lambda v: _only(v, pairs=("pay",)) and bool(v.paid("pay")),
    "place_reserve_monster": lambda v: _only(v, pairs=("pool",)) and "pool" in v.pairs,
    "banish_owned_citizen": lambda v: _only(v, pairs=("role", "gain")) and v.pairs.get("role", "holy") in ROLES
    and ("gain" not in v.pairs or bool(v.paid("gain"))),
    "all_gain_per_owned": lambda v: _only(v, pairs=("gain", "per")) and bool(v.paid("gain"))
    and v.pairs.get("per") in CARD_KINDS,
    "wild_choose": lambda v: len(v.args) == 2 and all(_number(a) is not None for a in v.args),
    "floor_div": lambda v: len(v.args) == 3 and v.args[0] in RESOURCE_WORDS
    and all(_number(a) is not None for a in v.args[1:]),
    "ignore_requirement": lambda v: len(v.args) == 1 and _number(v.args[0]) is not None,
    "slay_discount": lambda v: _only(v, pairs=("magic", "strength")) and bool(v.pairs)
    and all(_number(n) is not None for n in v.pairs.values()),
    **{name: (lambda v: not v.words) for name in NO_ARGUMENTS},
}


def _fits(verb: Verb) -> bool:
    """Whether the verb's arguments are the ones its wording speaks of (else it is read out as it stands)."""
    check = FITS.get(verb.name)
    return check is None or check(verb)


# ---- the traversal ------------------------------------------------------------------------------------------

def explain_valeria(effect: Effect, language: str = "en") -> str:
    book = explain_fr if language == "fr" else explain_en
    return " ".join(sentence(_leg(leg, book)) for leg in effect.legs)


def _leg(leg: Leg, book) -> str:
    clause = _action(leg.action, book)
    if leg.phase is None:
        return clause
    return f"{book.PHASE_OPENINGS.get(leg.phase) or book.WORDING['phase'].format(leg.phase)}, {clause}"


def pick(card_filter: Filter, book) -> str:
    noun = book.cards(card_filter.kind, card_filter.count)
    if card_filter.where is None:
        return noun
    return book.WORDING["whose"].format(noun, _condition(card_filter.where, book))


def _condition(where, book) -> str:
    if isinstance(where, Compare):
        return book.compare(where.field, where.op, where.value)
    if not isinstance(where, (AllOf, AnyOf)):
        raise TypeError(f"{type(where).__name__} is not a condition")
    joiner = book.WORDING["and" if isinstance(where, AllOf) else "or"]
    return f" {joiner} ".join(_condition(t, book) for t in where.terms)


def _option(option, book) -> str:
    if isinstance(option, Amount):
        return book.quantity(option)
    if isinstance(option, Filter):
        return book.WORDING["take"].format(pick(option, book))
    if isinstance(option, Group):
        return f" {book.WORDING['and']} ".join(_leg(leg, book) for leg in option.legs)
    return _value(option, book)


def _action(action, book, subject: str | None = None) -> str:
    """An action in words; under a modal (`subject`: the group that may or must do it) in the form that follows
    "may"/"must" (the phrasebook's *_after_modal wordings; English reads the same, French takes the infinitive)."""
    after = "_after_modal" if subject else ""
    if isinstance(action, Gain):
        value = action.amount.value
        return book.WORDING[("pay" if isinstance(value, int) and value < 0 else "gain") + after].format(
            book.quantity(action.amount))
    if isinstance(action, Choose):
        if len(action.options) == 1:  # nothing to choose between: the option itself
            only = action.options[0]
            if isinstance(only, Amount):
                return _action(Gain(only), book, subject)
            if isinstance(only, Filter):
                return _action(Acquire(only), book, subject)
        options = [_option(o, book) for o in action.options]
        return book.WORDING["choose" + after].format(listing(options, book, "or"))
    if isinstance(action, Acquire):
        return book.WORDING["take" + after].format(pick(action.filter, book))
    if isinstance(action, Call):
        verb = Verb(action.verb, action.args, book, subject)
        phrase = book.CALLS.get(verb.name) if _fits(verb) else None
        return (phrase(verb) if phrase else None) or book.unworded(verb)
    return _value(action, book)


def _value(value, book) -> str:
    if isinstance(value, Amount):
        return book.quantity(value)
    if isinstance(value, KeyValue):
        return book.key_value(value.key, value.value)
    if isinstance(value, Filter):
        return pick(value, book)
    if isinstance(value, Compare):
        return _condition(value, book)
    if isinstance(value, (Gain, Choose, Acquire, Call)):
        return _action(value, book)
    return book.word(value)
