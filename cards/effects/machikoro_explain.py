"""English for Machi Koro trees (see explain.py for the entry point)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import EffectError
from .explain import CardFacts, numbers_in_words, sentence
from .tree import (Activate, AdjustRoll, AllOf, Amount, AnyOf, Check, Close, Compare, Count, Demolish, Effect,
                   ExtraTurn, Filter, Gain, Has, If, IncomeBonus, Invest, Move, Pay, Redistribute, Renovate, Reroll,
                   RollDice, SharedRoll, Take, Trade)

PHASE_OPENINGS = {
    "turn.end": "at the end of your turn",
    "build.before": "right before you build",
    "build.self": "when you build this card",
    "build.skip": "if you build nothing on your turn",
    "roll.after": "after you roll",
    "roll.broken": "if your dice roll is 'broken' (a die falls off the table or lands tilted)",
}
COMPARISONS = {  # op -> (words before the number, words after it)
    "==": ("exactly", ""), "!=": ("not exactly", ""), ">=": ("at least", ""), ">": ("more than", ""),
    "<=": ("at most", ""), "<": ("fewer than", ""),
}
TOTAL_COMPARISONS = {
    "==": "is {n}", "!=": "is not {n}", ">=": "is {n} or more", ">": "is more than {n}", "<=": "is {n} or less",
    "<": "is less than {n}",
}


@dataclass(frozen=True)
class Voice:
    """Who is who in the sentence being built."""

    facts: CardFacts
    payer_condition: Has | Check | None = None  # from an `if payer ...` condition around the take

    @property
    def roller_is_them(self) -> bool:
        return self.facts.colour == "red"


def coins(amount: Amount) -> str:
    if amount.resource != "c":
        raise EffectError(1, amount.resource, "the resource c in a Machi Koro effect")
    n = amount.value
    return f"{n} coin" if n == 1 else f"{n} coins"


def explain_machikoro(effect: Effect, facts: CardFacts) -> str:
    voice = Voice(facts)
    sentences, triggered = [], False
    for leg in effect.legs:
        if leg.phase is None:
            opening = "then" if triggered else _trigger(facts)
            triggered = True
            clause = _clause(leg.action, voice)
            sentences.append(sentence(f"{opening} {clause}" if opening == "then" else
                                      (f"{opening}, {clause}" if opening else clause)))
        else:
            sentences.append(sentence(_phase_leg(leg.phase, leg.action, voice)))
    return " ".join(sentences)


def _trigger(facts: CardFacts) -> str:
    numbers = numbers_in_words(facts.numbers)
    colour = facts.colour
    if colour == "red":
        return f"when another player rolls {numbers}" if numbers else "when another player's roll activates this card"
    if colour == "blue":
        return f"when anyone rolls {numbers}" if numbers else "when anyone's roll activates this card"
    if colour in ("green", "purple"):
        return f"when you roll {numbers}" if numbers else "when your own roll activates this card"
    return f"when {numbers} is rolled" if numbers else ""


def _phase_leg(phase: str, action, voice: Voice) -> str:
    if isinstance(action, RollDice):
        n = action.max_dice
        if n == 1:
            return "you roll 1 die"
        return "you may roll 1 or 2 dice" if n == 2 else f"you may roll 1 to {n} dice"
    if isinstance(action, Reroll):
        times = "once" if action.times == 1 else ("twice" if action.times == 2 else f"up to {action.times} times")
        return f"{times} per turn, you may re-roll your dice"
    if isinstance(action, IncomeBonus):
        return (f"each of your {filter_noun(action.filter, plural=True)} earns {coins(action.bonus)} more "
                f"whenever it pays out")
    opening = PHASE_OPENINGS.get(phase, f"during {phase}")
    return f"{opening}, {_clause(action, voice)}"


def _clause(action, voice: Voice) -> str:
    if isinstance(action, Gain):
        return f"get {coins(action.amount)} from the bank"
    if isinstance(action, Take):
        return _take(action, voice)
    if isinstance(action, Pay):
        return f"pay {coins(action.amount)} to the bank"
    if isinstance(action, Count):
        return _count(action, voice)
    if isinstance(action, If):
        return _if(action, voice)
    if isinstance(action, SharedRoll):
        dice = "1 die" if action.dice == 1 else f"{action.dice} dice"
        return (f"the active player rolls {dice} (once per turn, shared by every owner) and you get "
                f"{coins(action.per_pip)} for each point rolled")
    if isinstance(action, Trade):
        may = "you may swap" if action.optional else "swap"
        return f"{may} one of your {filter_noun(action.filter, plural=True)} with one of an opponent's"
    if isinstance(action, Renovate):
        return (f"name a type of {filter_noun(action.filter, plural=False)}: every copy owned by any player closes "
                f"for renovation, and each opponent pays you {coins(action.per_copy)} for each of their copies "
                f"that closed")
    if isinstance(action, Close):
        return "this card closes for renovation"
    if isinstance(action, Demolish):
        landmarks = "1 of your landmarks" if action.count == 1 else f"{action.count} of your landmarks"
        return (f"un-build {landmarks} if you can (never one that starts built); if you do, get "
                f"{coins(action.reward)} from the bank")
    if isinstance(action, Move):
        return (f"give one of your {filter_noun(action.filter, plural=True)} to an opponent of your choice; if you "
                f"do, get {coins(action.reward)} from the bank")
    if isinstance(action, Invest):
        return f"you may put {coins(action.amount)} of yours on this card"
    if isinstance(action, Redistribute):
        return ("pool every player's coins and share them out evenly, rounding up; the bank makes up the "
                "difference")
    if isinstance(action, Activate):
        may = "you may activate" if action.optional else "activate"
        then = "this card goes back to the market" if action.then == "return" else "this card closes for renovation"
        return (f"{may} one of your own types of {filter_noun(action.filter, plural=True)} instead (all its "
                f"copies); if you do, {then}")
    if isinstance(action, AdjustRoll):
        return f"{'you may add' if action.optional else 'add'} {action.amount} to the dice total"
    if isinstance(action, ExtraTurn):
        return "if you rolled doubles, take another turn after this one"
    raise EffectError(1, type(action).__name__, "a Machi Koro action to explain")


def _payer(payer: str, voice: Voice) -> tuple[str, str | None]:
    """(the payer as an object, their possessive when that reads better: "their")."""
    condition = voice.payer_condition
    if payer == "roller":
        who = "them" if voice.roller_is_them else "the roller"
        if condition is None:
            return who, ("their" if voice.roller_is_them else "the roller's")
        return f"{who} if they {_predicate(condition, third=False)}", None
    who = "each opponent" if payer == "each_opponent" else "one opponent of your choice"
    if condition is None:
        return who, None
    return f"{who} who {_predicate(condition, third=True)}", None


def _take(action: Take, voice: Voice) -> str:
    who, possessive = _payer(action.payer, voice)
    value = action.amount.value
    if value == "half":
        return (f"take half {possessive} coins (rounded down)" if possessive else
                f"take half the coins (rounded down) of {who}")
    if value == "all":
        return f"take all {possessive} coins" if possessive else f"take all the coins of {who}"
    if value == "invested":
        return f"take from {who} as many coins as you have invested on this card"
    return f"take {coins(action.amount)} from {who}"


def _count(action: Count, voice: Voice) -> str:
    card = filter_noun(action.filter, plural=False)
    if action.scope == "own":
        owners = "you own"
    elif action.scope == "all":
        owners = "owned by any player, you included"
    else:
        owners = _payer_owns(action.action, voice)
    return f"{_clause(action.action, voice)} for each {card} {owners}"


def _payer_owns(action, voice: Voice) -> str:
    while isinstance(action, (If, Count)):
        action = action.action
    if isinstance(action, Take) and action.payer == "roller" and not voice.roller_is_them:
        return "the roller owns"
    if isinstance(action, Take) and action.payer == "chosen_opponent":
        return "that player owns"
    return "they own"


def _if(action: If, voice: Voice) -> str:
    condition = action.condition
    if condition.subject == "payer":
        return _clause(action.action, replace(voice, payer_condition=condition))
    if condition.subject == "roll":
        return f"if the dice total {TOTAL_COMPARISONS[condition.op].format(n=condition.value)}, " \
               f"{_clause(action.action, voice)}"
    if condition.subject == "owner":
        subject, third = "you", False
    elif voice.roller_is_them:
        subject, third = "they", False
    else:
        subject, third = "the roller", True
    return f"if {subject} {_predicate(condition, third)}, {_clause(action.action, voice)}"


def _predicate(condition, third: bool) -> str:
    have = "has" if third else "have"
    if isinstance(condition, Has):
        return f"{have} {_article(condition.landmark)} {condition.landmark}"
    assert isinstance(condition, Check)
    things = "coins" if condition.quantity == "coins" else "landmarks built"
    if condition.op == "==" and condition.value == 0:
        return f"{have} no {things}"
    before, _ = COMPARISONS[condition.op]
    if condition.value == 1 and condition.quantity == "coins":
        things = "coin"
    elif condition.value == 1:
        things = "landmark built"
    return f"{have} {before} {condition.value} {things}"


def _article(name: str) -> str:
    return "an" if name[:1].lower() in "aeiou" else "a"


# ---- filters ------------------------------------------------------------------------------------------------

def filter_noun(card_filter: Filter, plural: bool) -> str:
    """`<cards where icon==cup or icon==bread>` -> "cup or bread establishment(s)"."""
    base = "establishments" if plural else "establishment"
    where = card_filter.where
    if where is None:
        return base
    names = _names(where)
    if names:
        joined = " or ".join(names)
        return f"{joined} cards" if plural else joined
    adjectives = _adjectives(where)
    if adjectives:
        return f"{adjectives} {base}"
    return f"{base} whose {condition_words(where)}"


def _names(where) -> list[str] | None:
    terms = where.terms if isinstance(where, AnyOf) else (where,)
    if all(isinstance(t, Compare) and t.field == "name" and t.op == "==" for t in terms):
        return [str(t.value) for t in terms]
    return None


def _adjectives(where) -> str | None:
    if isinstance(where, Compare):
        if where.field in ("icon", "colour") and where.op in ("==", "!="):
            return str(where.value) if where.op == "==" else f"non-{where.value}"
        return None
    if isinstance(where, AnyOf):
        parts = [_adjectives(t) if isinstance(t, Compare) and t.op == "==" else None for t in where.terms]
        return None if None in parts else " or ".join(parts)
    parts = [_adjectives(t) for t in where.terms]
    return None if None in parts else " ".join(parts)


def condition_words(where) -> str:
    if isinstance(where, Compare):
        words = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
                 ">=": "is at least"}[where.op]
        return f"{where.field} {words} {where.value}"
    joiner = " and " if isinstance(where, AllOf) else " or "
    return joiner.join(condition_words(t) for t in where.terms)
