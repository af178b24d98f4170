"""English for Valeria trees (see explain.py for the entry point).

Valeria cards are not played here yet, so this aims at a readable gloss for designers, not rules text; a verb
without its own wording is read out from its name and arguments.
"""

from __future__ import annotations

from .explain import sentence
from .tree import (Acquire, AllOf, Amount, AnyOf, Call, Choose, Compare, Effect, Filter, Gain, Group, KeyValue,
                   Leg)

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


def quantity(amount: Amount) -> str:
    name = RESOURCE_NAMES.get(amount.resource, amount.resource)
    n = amount.value
    if isinstance(n, int) and abs(n) != 1:
        name = PLURAL_NAMES.get(name, name)
    return f"{abs(n) if isinstance(n, int) else n} {name}"


def explain_valeria(effect: Effect) -> str:
    return " ".join(sentence(_leg(leg)) for leg in effect.legs)


def _leg(leg: Leg) -> str:
    clause = _action(leg.action)
    if leg.phase is None:
        return clause
    return f"{PHASE_OPENINGS.get(leg.phase, leg.phase)}, {clause}"


def pick(card_filter: Filter) -> str:
    kind = KIND_NAMES.get(card_filter.kind, card_filter.kind)
    if card_filter.count is not None:
        noun = f"{card_filter.count} {kind}s" if card_filter.count != 1 else f"1 {kind}"
    else:
        noun = f"a {kind}"
    if card_filter.where is None:
        return noun
    return f"{noun} whose {_condition(card_filter.where)}"


def _condition(where) -> str:
    if isinstance(where, Compare):
        words = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
                 ">=": "is at least"}[where.op]
        return f"{where.field.replace('_', ' ')} {words} {where.value}"
    joiner = " and " if isinstance(where, AllOf) else " or "
    assert isinstance(where, (AllOf, AnyOf))
    return joiner.join(_condition(t) for t in where.terms)


def _option(option) -> str:
    if isinstance(option, Amount):
        return quantity(option)
    if isinstance(option, Filter):
        return f"take {pick(option)}"
    if isinstance(option, Group):
        return " and ".join(_leg(leg) for leg in option.legs)
    return _value(option)


def _action(action) -> str:
    if isinstance(action, Gain):
        value = action.amount.value
        verb = "pay" if isinstance(value, int) and value < 0 else "gain"
        return f"{verb} {quantity(action.amount)}"
    if isinstance(action, Choose):
        options = [_option(o) for o in action.options]
        return "choose one: " + (", ".join(options[:-1]) + " or " + options[-1] if len(options) > 1 else options[0])
    if isinstance(action, Acquire):
        return f"take {pick(action.filter)}"
    if isinstance(action, Call):
        return _call(action)
    return _value(action)


def _call(call: Call) -> str:
    verb, args = call.verb, call.args
    amounts = [a for a in args if isinstance(a, Amount)]
    optional = "optional" in args
    may = "you may " if optional else ""
    if verb in ("exchange", "self_convert") and len(amounts) == 2:
        return f"you may exchange {quantity(amounts[0])} for {quantity(amounts[1])}"
    if verb == "pay_to_player" and len(amounts) == 2:
        return f"{may}pay {quantity(amounts[0])} to a player of your choice to gain {quantity(amounts[1])}"
    if verb == "take_from_player" and amounts:
        return f"{may}take {quantity(amounts[0])} from a player of your choice"
    if verb == "steal" and amounts:
        return "steal " + " or ".join(quantity(a) for a in amounts) + " from an opponent"
    if verb == "count" and amounts:
        what = " ".join(str(a) for a in args if isinstance(a, str))
        return f"gain {quantity(amounts[0])} for each {_count_words(what)}"
    if verb in ("all_lose", "all_gain", "active_gain", "others_gain", "active_lose", "others_lose") and amounts:
        group, _, change = verb.partition("_")
        return f"{GROUPS[group]} {change + 's' if group == 'active' else change} {quantity(amounts[0])}"
    if verb in ("all_may", "all_must", "active_may"):
        group, _, modal = verb.partition("_")
        return f"{GROUPS[group]} {modal} {_action(args[0])}"
    if verb == "seq" and args:
        return f"in turn order, {_action(args[0])}"
    if verb == "on_event" and len(args) == 2:
        return f"whenever {args[0]} are rolled, {_action(args[1])}"
    if verb == "slay":
        return "you may slay a Monster"
    if verb == "modify_monster_strength" and args:
        return f"add {args[0]} Strength to the cost of a Monster in the center stacks"
    words = [verb.replace("_", " ")] + [_value(a) for a in args if a != "optional"]
    return (may + " ".join(words)).strip()


def _count_words(what: str) -> str:
    scope, _, name = what.partition(" ")
    if scope.startswith("owned_") and name:
        return f"{name} you own"
    if scope.startswith("owned_"):
        return f"{scope.removeprefix('owned_').rstrip('s')} you own"
    if scope == "area":
        return f"{name} Monster you own"
    return f"{name} {scope} Monster you own"


def _value(value) -> str:
    if isinstance(value, Amount):
        return quantity(value)
    if isinstance(value, KeyValue):
        return f"{value.key.replace('_', ' ')} {value.value}"
    if isinstance(value, Filter):
        return pick(value)
    if isinstance(value, Compare):
        return _condition(value)
    if isinstance(value, (Gain, Choose, Acquire, Call)):
        return _action(value)
    return str(value).replace("_", " ")
