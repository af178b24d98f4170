"""Valeria trees in words: one traversal for both languages (see explain.py for the entry point).

Valeria cards are not played here yet, so this aims at a readable gloss for designers, not rules text. The
functions at the top walk the tree and decide which verb wording fits its arguments; the words come from a
phrasebook: this module's second half for English, valeria_explain_fr.py for French (same names: WORDING,
CALLS, quantity() ...). A verb neither phrasebook words is read out from its name and arguments.
"""

from __future__ import annotations

from dataclasses import dataclass

from .explain import phrasebook, sentence
from .tree import (Acquire, AllOf, Amount, AnyOf, Call, Choose, Compare, Effect, Filter, Gain, Group, KeyValue,
                   Leg)

GROUP_CHANGES = ("all_lose", "all_gain", "active_gain", "others_gain", "active_lose", "others_lose")
GROUP_MODALS = ("all_may", "all_must", "active_may")


@dataclass(frozen=True)
class Verb:
    """A call's verb with its arguments sorted out, and how to word what is nested in it."""

    name: str
    args: tuple
    book: object

    @property
    def amounts(self) -> list[Amount]:
        return [a for a in self.args if isinstance(a, Amount)]

    @property
    def may(self) -> bool:
        return "optional" in self.args

    @property
    def words(self) -> list:
        return [a for a in self.args if a != "optional"]

    def quantity(self, index: int = 0) -> str:
        return self.book.quantity(self.amounts[index])

    def action(self, action) -> str:
        return _action(action, self.book)

    def value(self, value) -> str:
        return _value(value, self.book)


def _fits(verb: Verb) -> bool:
    """Whether the verb's arguments are the ones its wording speaks of (else it is read out as it stands)."""
    amounts, words, name = len(verb.amounts), verb.words, verb.name
    if name in ("exchange", "self_convert", "pay_to_player"):
        return amounts == 2
    if name in ("take_from_player", "steal", "count") or name in GROUP_CHANGES:
        return amounts > 0
    if name in GROUP_MODALS or name in ("seq", "modify_monster_strength"):
        return bool(verb.args)
    if name == "on_event":
        return len(verb.args) == 2
    if name in ("banish_center", "banish_owned", "add", "grant_all"):
        return len(words) == 1 and isinstance(words[0], str)
    if name == "add_slay_cost":
        return amounts > 0 and len(words) == 1
    return True


# ---- the traversal ------------------------------------------------------------------------------------------

def explain_valeria(effect: Effect, language: str = "en") -> str:
    book = phrasebook(language, __name__)
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


def _action(action, book) -> str:
    if isinstance(action, Gain):
        value = action.amount.value
        return book.WORDING["pay" if isinstance(value, int) and value < 0 else "gain"].format(
            book.quantity(action.amount))
    if isinstance(action, Choose):
        options = [_option(o, book) for o in action.options]
        listed = options[0] if len(options) == 1 else \
            f"{', '.join(options[:-1])} {book.WORDING['or']} {options[-1]}"
        return book.WORDING["choose"].format(listed)
    if isinstance(action, Acquire):
        return book.WORDING["take"].format(pick(action.filter, book))
    if isinstance(action, Call):
        verb = Verb(action.verb, action.args, book)
        phrase = book.CALLS.get(verb.name) if _fits(verb) else None
        return (phrase(verb) if phrase else None) or book.unworded(verb)
    return _value(action, book)


def count_words(what: str, book) -> str:
    """The counted thing of a `count` verb ("owned_citizens", "area Forest" ...) in the phrasebook's words."""
    scope, _, name = what.partition(" ")
    if scope.startswith("owned_") and name:
        return book.COUNTED["owned_named"].format(name=name)
    if scope.startswith("owned_"):
        return book.COUNTED["owned_kind"].format(kind=book.word(scope.removeprefix("owned_").rstrip("s")))
    if scope == "area":
        return book.COUNTED["area"].format(name=name)
    return book.COUNTED["other"].format(name=name, scope=scope)


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


# ---- the English phrasebook ---------------------------------------------------------------------------------

WORDING = {"phase": "{}", "whose": "{} whose {}", "and": "and", "or": "or", "take": "take {}", "pay": "pay {}",
           "gain": "gain {}", "choose": "choose one: {}"}
RESOURCE_NAMES = {"g": "Gold", "m": "Magic", "s": "Strength", "v": "Victory Point", "p": "Map", "t": "Tome",
                  "wild": "Wild"}
PLURAL_NAMES = {"Victory Point": "Victory Points", "Map": "Maps", "Tome": "Tomes"}
PHASE_OPENINGS = {
    "action.start": "at the start of your Action phase",
    "action.end": "at the end of your Action phase",
    "action.hire": "when you gain a Citizen",
    "action.slay": "when you slay a Monster",
    "action.build": "when you build a Domain",
    "action.build_domain": "when you buy a Domain",
    "action.on_opponent_slay": "when an opponent slays a Monster",
    "roll": "during the Roll phase",
    "harvest": "during the Harvest phase",
    "effect": "during your Action phase",
    "immunity": "for the rest of the game",
}
KIND_NAMES = {"citizens": "Citizen", "domains": "Domain", "monsters": "Monster", "goods": "Goods",
              "noble": "Noble", "starters": "Starter", "tomes": "Tome"}
GROUPS = {"all": "all players", "active": "the active player", "others": "all other players"}
OPS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than", ">=": "is at least"}
COUNTED = {"owned_named": "{name} you own", "owned_kind": "{kind} you own", "area": "{name} Monster you own",
           "other": "{name} {scope} Monster you own"}


def quantity(amount: Amount) -> str:
    name = RESOURCE_NAMES.get(amount.resource, amount.resource)
    n = amount.value
    if isinstance(n, int) and abs(n) != 1:
        name = PLURAL_NAMES.get(name, name)
    return f"{abs(n) if isinstance(n, int) else n} {name}"


def cards(kind: str, count: int | None) -> str:
    name = KIND_NAMES.get(kind, kind)
    if count is None:
        return f"a {name}"
    return f"{count} {name}s" if count != 1 else f"1 {name}"


def compare(field: str, op: str, value) -> str:
    return f"{field.replace('_', ' ')} {OPS[op]} {value}"


def key_value(key: str, value) -> str:
    return f"{key.replace('_', ' ')} {value}"


def word(value) -> str:
    return str(value).replace("_", " ")


def _group_change(verb: Verb) -> str:
    group, _, change = verb.name.partition("_")
    return f"{GROUPS[group]} {change + 's' if group == 'active' else change} {verb.quantity()}"


def _group_modal(verb: Verb) -> str:
    group, _, modal = verb.name.partition("_")
    return f"{GROUPS[group]} {modal} {verb.action(verb.args[0])}"


CALLS = {  # verb -> its wording, given a Verb whose arguments fit (valeria_explain._fits)
    "exchange": lambda v: f"you may exchange {v.quantity(0)} for {v.quantity(1)}",
    "self_convert": lambda v: f"you may exchange {v.quantity(0)} for {v.quantity(1)}",
    "pay_to_player": lambda v: (f"{'you may ' if v.may else ''}pay {v.quantity(0)} to a player of your choice to "
                                f"gain {v.quantity(1)}"),
    "take_from_player": lambda v: f"{'you may ' if v.may else ''}take {v.quantity()} from a player of your choice",
    "steal": lambda v: "steal " + " or ".join(quantity(a) for a in v.amounts) + " from an opponent",
    "count": lambda v: (f"gain {v.quantity()} for each "
                        f"{count_words(' '.join(str(a) for a in v.args if isinstance(a, str)), v.book)}"),
    **{name: _group_change for name in GROUP_CHANGES},
    **{name: _group_modal for name in GROUP_MODALS},
    "seq": lambda v: f"in turn order, {v.action(v.args[0])}",
    "on_event": lambda v: f"whenever {v.args[0]} are rolled, {v.action(v.args[1])}",
    "slay": lambda v: "you may slay a Monster",
    "modify_monster_strength": lambda v: f"add {v.args[0]} Strength to the cost of a Monster in the center stacks",
}


def unworded(verb: Verb) -> str:
    words = [verb.name.replace("_", " ")] + [verb.value(a) for a in verb.words]
    return (("you may " if verb.may else "") + " ".join(words)).strip()
