"""Machi Koro trees in words: one traversal for both languages (see explain.py for the entry point).

The functions at the top walk the parsed tree and decide who pays whom, which condition applies and which
filter names which cards; they never hold a word of either language. The words come from a phrasebook:
this module's second half for English, explain_fr.py for French, with the same names
(WORDING, PHASE_OPENINGS, TRIGGERS, coins(), take(), check() ...). A new verb is one branch below and one
phrase in each phrasebook.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace

from cards.effects.errors import EffectError
from cards.effects.explain import CardFacts, numbers_in_words, sentence
from cards.effects.tree import Activate, AdjustRoll, AllOf, Amount, AnyOf, Check, Close, Compare, Count, Demolish, Effect, ExtraTurn, Filter, Gain, Has, If, IncomeBonus, Invest, Move, Pay, Redistribute, Renovate, Reroll, RollDice, SharedRoll, Take, Trade
from cards.machikoro import explain_fr


@dataclass(frozen=True)
class Voice:
    """Who is who in the sentence being built, and the phrasebook it is built from."""

    facts: CardFacts
    book: object = None
    payer_condition: Has | Check | None = None  # from an `if payer ...` condition around the take

    @property
    def roller_is_them(self) -> bool:
        return self.facts.colour == "red"


# ---- the traversal ------------------------------------------------------------------------------------------

def explain_machikoro(effect: Effect, facts: CardFacts, language: str = "en") -> str:
    book = explain_fr if language == "fr" else sys.modules[__name__]  # this module is the English phrasebook
    voice = Voice(facts, book)
    sentences, triggered = [], False
    for leg in effect.legs:
        if leg.phase is None:
            clause = _clause(leg.action, voice)
            opening = None if triggered else _trigger(facts, book)
            triggered = True
            if opening is None:
                text = book.WORDING["then"].format(clause)
            else:
                text = book.WORDING["opening"].format(opening, clause) if opening else clause
            sentences.append(sentence(text))
        else:
            sentences.append(sentence(_phase_leg(leg.phase, leg.action, voice)))
    return " ".join(sentences)


def _trigger(facts: CardFacts, book) -> str:
    numbers = numbers_in_words(facts.numbers, book.WORDING["or"])
    whose = {"red": "another", "blue": "anyone", "green": "yours", "purple": "yours"}.get(facts.colour, "any")
    with_numbers, without = book.TRIGGERS[whose]
    return with_numbers.format(numbers) if numbers else without


def _phase_leg(phase: str, action, voice: Voice) -> str:
    book = voice.book
    if isinstance(action, RollDice):
        return book.roll_dice(action.max_dice)
    if isinstance(action, Reroll):
        return book.reroll(action.times)
    if isinstance(action, IncomeBonus):
        return book.income_bonus(filter_noun(action.filter, book), book.coins(_coins(action.bonus)))
    opening = book.PHASE_OPENINGS.get(phase) or book.WORDING["during"].format(phase)
    return book.WORDING["opening"].format(opening, _clause(action, voice))


def _coins(amount: Amount):
    if amount.resource != "c":
        raise EffectError(1, amount.resource, "the resource c in a Machi Koro effect")
    return amount.value


def _clause(action, voice: Voice) -> str:  # noqa: C901 - one branch per action of the grammar
    book, wording = voice.book, voice.book.WORDING
    if isinstance(action, Gain):
        return wording["gain"].format(book.coins(_coins(action.amount)))
    if isinstance(action, Take):
        return _take(action, voice)
    if isinstance(action, Pay):
        return wording["pay"].format(book.coins(_coins(action.amount)))
    if isinstance(action, Count):
        return _count(action, voice)
    if isinstance(action, If):
        return _if(action, voice)
    if isinstance(action, SharedRoll):
        return book.shared_roll(action.dice, book.coins(_coins(action.per_pip)))
    if isinstance(action, Trade):
        return book.trade(filter_noun(action.filter, book), action.optional)
    if isinstance(action, Renovate):
        return book.renovate(filter_noun(action.filter, book), book.coins(_coins(action.per_copy)))
    if isinstance(action, Close):
        return wording["close"]
    if isinstance(action, Demolish):
        return book.demolish(action.count, book.coins(_coins(action.reward)))
    if isinstance(action, Move):
        return book.move(filter_noun(action.filter, book), book.coins(_coins(action.reward)))
    if isinstance(action, Invest):
        return wording["invest"].format(book.coins(_coins(action.amount)))
    if isinstance(action, Redistribute):
        return wording["redistribute"]
    if isinstance(action, Activate):
        then = wording["back_to_market" if action.then == "return" else "close"]
        return book.activate(filter_noun(action.filter, book), action.optional, then)
    if isinstance(action, AdjustRoll):
        return wording["may_add" if action.optional else "add"].format(action.amount)
    if isinstance(action, ExtraTurn):
        return wording["extra_turn"]
    raise EffectError(1, type(action).__name__, "a Machi Koro action to explain")


def _take(action: Take, voice: Voice) -> str:
    book = voice.book
    key = "them" if action.payer == "roller" and voice.roller_is_them else action.payer
    condition = voice.payer_condition
    predicate = None
    if condition is not None:
        predicate = _predicate(condition, book.PAYER_THIRD_PERSON[action.payer == "roller"], book)
    value = action.amount.value
    amount = book.coins(_coins(action.amount)) if isinstance(value, int) else value
    return book.take(amount, book.payer(key, predicate))


def _count(action: Count, voice: Voice) -> str:
    if action.scope in ("own", "all"):
        owners = action.scope
    else:
        owners = _payer_owns(action.action, voice)
    return voice.book.for_each(_clause(action.action, voice), filter_noun(action.filter, voice.book), owners)


def _payer_owns(action, voice: Voice) -> str:
    """Which owner a `for each ... payer` counts: the roller, the chosen opponent or each payer in turn."""
    while isinstance(action, (If, Count)):
        action = action.action
    if isinstance(action, Take) and action.payer == "roller" and not voice.roller_is_them:
        return "roller"
    if isinstance(action, Take) and action.payer == "chosen_opponent":
        return "chosen"
    return "they"


def _if(action: If, voice: Voice) -> str:
    condition, book = action.condition, voice.book
    if condition.subject == "payer":
        return _clause(action.action, replace(voice, payer_condition=condition))
    if condition.subject == "roll":
        total = book.TOTAL_COMPARISONS[condition.op].format(n=condition.value)
        opening = book.WORDING["if_total"].format(total)
    else:
        who = "you" if condition.subject == "owner" else ("them" if voice.roller_is_them else "roller")
        frame, third = book.IF_SUBJECTS[who]
        opening = frame.format(_predicate(condition, third, book))
    return book.WORDING["opening"].format(opening, _clause(action.action, voice))


def _predicate(condition, third: bool, book) -> str:
    if isinstance(condition, Has):
        return book.has(third, condition.landmark)
    if not isinstance(condition, Check):
        raise EffectError(1, type(condition).__name__, "a Machi Koro condition to explain")
    return book.check(third, condition.quantity, condition.op, condition.value)


def filter_noun(card_filter: Filter, book):
    """The cards a filter names, as the phrasebook's noun (both numbers: .one and .many)."""
    where = card_filter.where
    if where is None:
        return book.establishments()
    names = _names(where)
    if names:
        return book.named(names)
    return book.kinds(where) or book.whose(condition_words(where, book))


def _names(where) -> list[str] | None:
    terms = where.terms if isinstance(where, AnyOf) else (where,)
    if all(isinstance(t, Compare) and t.field == "name" and t.op == "==" for t in terms):
        return [str(t.value) for t in terms]
    return None


def condition_words(where, book) -> str:
    if isinstance(where, Compare):
        return book.compare(where.field, where.op, where.value)
    joiner = book.WORDING["and" if isinstance(where, AllOf) else "or"]
    return f" {joiner} ".join(condition_words(t, book) for t in where.terms)


# ---- the English phrasebook ---------------------------------------------------------------------------------

WORDING = {
    "then": "then {}", "opening": "{}, {}", "or": "or", "and": "and", "during": "during {}",
    "gain": "get {} from the bank", "pay": "pay {} to the bank", "close": "this card closes for renovation",
    "back_to_market": "this card goes back to the market", "invest": "you may put {} of yours on this card",
    "redistribute": "pool every player's coins and share them out evenly, rounding up; the bank makes up the "
                    "difference",
    "add": "add {} to the dice total", "may_add": "you may add {} to the dice total",
    "extra_turn": "if you rolled doubles, take another turn after this one", "if_total": "if the dice total {}",
}
TRIGGERS = {  # whose roll -> (with the card's numbers, without them)
    "another": ("when another player rolls {}", "when another player's roll activates this card"),
    "anyone": ("when anyone rolls {}", "when anyone's roll activates this card"),
    "yours": ("when you roll {}", "when your own roll activates this card"),
    "any": ("when {} is rolled", ""),
}
PHASE_OPENINGS = {
    "turn.end": "at the end of your turn",
    "build.before": "right before you build",
    "build.self": "when you build this card",
    "build.skip": "if you build nothing on your turn",
    "roll.after": "after you roll",
    "roll.broken": "if your dice roll is 'broken' (a die falls off the table or lands tilted)",
}
COMPARISONS = {  # op -> the words before the number
    "==": "exactly", "!=": "not exactly", ">=": "at least", ">": "more than", "<=": "at most", "<": "fewer than",
}
TOTAL_COMPARISONS = {
    "==": "is {n}", "!=": "is not {n}", ">=": "is {n} or more", ">": "is more than {n}", "<=": "is {n} or less",
    "<": "is less than {n}",
}
CONDITION_OPS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
                 ">=": "is at least"}
IF_SUBJECTS = {"you": ("if you {}", False), "them": ("if they {}", False), "roller": ("if the roller {}", True)}
PAYER_THIRD_PERSON = {True: False, False: True}  # is the payer the roller? -> "has" (third person) or "have"
OWNERS = {"own": "you own", "all": "owned by any player, you included", "roller": "the roller owns",
          "chosen": "that player owns", "they": "they own"}


@dataclass(frozen=True)
class Noun:
    one: str
    many: str


def coins(n) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def roll_dice(n: int) -> str:
    if n == 1:
        return "you roll 1 die"
    return "you may roll 1 or 2 dice" if n == 2 else f"you may roll 1 to {n} dice"


def reroll(times: int) -> str:
    often = "once" if times == 1 else ("twice" if times == 2 else f"up to {times} times")
    return f"{often} per turn, you may re-roll your dice"


def income_bonus(noun: Noun, bonus: str) -> str:
    return f"each of your {noun.many} earns {bonus} more whenever it pays out"


def shared_roll(dice: int, per_pip: str) -> str:
    dice = "1 die" if dice == 1 else f"{dice} dice"
    return (f"the active player rolls {dice} (once per turn, shared by every owner) and you get {per_pip} for each "
            f"point rolled")


def trade(noun: Noun, optional: bool) -> str:
    return f"{'you may swap' if optional else 'swap'} one of your {noun.many} with one of an opponent's"


def renovate(noun: Noun, per_copy: str) -> str:
    return (f"name a type of {noun.one}: every copy owned by any player closes for renovation, and each opponent "
            f"pays you {per_copy} for each of their copies that closed")


def demolish(count: int, reward: str) -> str:
    landmarks = "1 of your landmarks" if count == 1 else f"{count} of your landmarks"
    return f"un-build {landmarks} if you can (never one that starts built); if you do, get {reward} from the bank"


def move(noun: Noun, reward: str) -> str:
    return (f"give one of your {noun.many} to an opponent of your choice; if you do, get {reward} from the bank")


def activate(noun: Noun, optional: bool, then: str) -> str:
    may = "you may activate" if optional else "activate"
    return f"{may} one of your own types of {noun.many} instead (all its copies); if you do, {then}"


@dataclass(frozen=True)
class Payer:
    who: str
    possessive: str | None  # "their" when it reads better than "of them"


def payer(key: str, predicate: str | None) -> Payer:
    if key in ("them", "roller"):
        who = "them" if key == "them" else "the roller"
        if predicate is None:
            return Payer(who, "their" if key == "them" else "the roller's")
        return Payer(f"{who} if they {predicate}", None)
    who = "each opponent" if key == "each_opponent" else "one opponent of your choice"
    return Payer(who if predicate is None else f"{who} who {predicate}", None)


def take(amount: str, payer: Payer) -> str:
    """`amount` is worded coins, or "half", "all" or "invested"."""
    if amount == "half":
        return (f"take half {payer.possessive} coins (rounded down)" if payer.possessive else
                f"take half the coins (rounded down) of {payer.who}")
    if amount == "all":
        return f"take all {payer.possessive} coins" if payer.possessive else f"take all the coins of {payer.who}"
    if amount == "invested":
        return f"take from {payer.who} as many coins as you have invested on this card"
    return f"take {amount} from {payer.who}"


def for_each(clause: str, noun: Noun, owners: str) -> str:
    return f"{clause} for each {noun.one} {OWNERS[owners]}"


def has(third: bool, landmark) -> str:
    article = "an" if str(landmark)[:1].lower() in "aeiou" else "a"
    return f"{'has' if third else 'have'} {article} {landmark}"


def check(third: bool, quantity: str, op: str, value: int) -> str:
    have = "has" if third else "have"
    if op == "==" and value == 0:
        return f"{have} no {'coins' if quantity == 'coins' else 'landmarks built'}"
    if quantity == "coins":
        things = "coin" if value == 1 else "coins"
    else:
        things = "landmark built" if value == 1 else "landmarks built"
    return f"{have} {COMPARISONS[op]} {value} {things}"


def establishments() -> Noun:
    return Noun("establishment", "establishments")


def named(names: list[str]) -> Noun:
    joined = " or ".join(names)
    return Noun(joined, f"{joined} cards")


def kinds(where) -> Noun | None:
    """`icon==cup or icon==bread` -> "cup or bread establishment(s)"; None when adjectives cannot say it."""
    adjectives = _adjectives(where)
    return Noun(f"{adjectives} establishment", f"{adjectives} establishments") if adjectives else None


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


def whose(conditions: str) -> Noun:
    return Noun(f"establishment whose {conditions}", f"establishments whose {conditions}")


def compare(field: str, op: str, value) -> str:
    return f"{field} {CONDITION_OPS[op]} {value}"
