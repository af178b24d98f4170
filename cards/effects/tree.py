"""The typed tree of an effect string: what `cards.effects.parse` returns.

Every node is a frozen dataclass: immutable, hashable, compared by value. Build a tree with `parse()`; turn it
back into its canonical string with `to_string()`; into English with `explain()`.

Shape
-----
    Effect(legs=(Leg, ...), game="machi-koro")

An effect is one or more *legs* joined by ` + ` in the string; each leg is self-contained and made of an optional
*phase* (the dotted timing prefix) and one *action*:

    Leg(action=..., phase=None)

`phase is None` means the leg fires when the card itself is activated (for a Machi Koro establishment: when its
dice number comes up; the card's colour says whose roll and who pays). Otherwise the leg fires at that phase
instead (Machi Koro phases: "roll.dice", "roll.reroll", "roll.after", "roll.broken", "income.bonus",
"turn.end", "build.before", "build.self", "build.skip").

Values used inside actions
--------------------------
Amount(resource, value)
    A quantity of a resource: `c 3` is Amount("c", 3). `value` is an int, or for `take` one of the words
    "half" (floor of the payer's coins / 2), "all" (all the payer's coins) or "invested" (the coins invested on
    this card). Machi Koro has one resource, "c" (coins); Valeria has g, m, s, v, p, t, wild.
Filter(kind, where=None, count=None)
    A set of cards written `<kind [count] [where CONDITION]>`: `<cards where icon==cup or icon==bread>` is
    Filter("cards", AnyOf((Compare("icon", "==", "cup"), Compare("icon", "==", "bread")))). Machi Koro only uses
    kind "cards" (establishments) and fields icon, colour, name. `where=None` matches every card of the kind.
Compare(field, op, value)
    One filter comparison `field OP value`; op is one of == != < <= > >=; value is an int or a str (an icon or
    colour slug, a card name...).
AllOf(terms) / AnyOf(terms)
    `and` / `or` of two or more filter terms (Compare, AllOf or AnyOf). `and` binds tighter than `or`.

Machi Koro actions (one per verb of the grammar; see docs/effects.md)
--------------------------------------------------------------------
Gain(amount)                      `c 3`: the owner gains the amount from the bank.
Take(amount, payer)               `take c 1 from roller`: payer pays the owner (partial payment if short).
                                  payer: "roller" | "each_opponent" (each other player in turn) |
                                  "chosen_opponent" (the owner picks one opponent).
Pay(amount)                       `pay c 2`: the owner pays the bank (partial if short).
Count(scope, filter, action)      `count own <FILTER> c 3`: `action` (a Gain or a Take) happens once per matching
                                  card. scope: "own" (owner's cards) | "all" (every player's cards) |
                                  "payer" (the paying player's cards; action is then a Take).
If(condition, action)             `if owner has Harbor c 3`: `action` happens only when the condition holds.
Has(subject, landmark)            condition `SUBJECT has LANDMARK` (landmark built).
Check(subject, quantity, op, value)
                                  condition `SUBJECT QUANTITY OP N`: quantity "coins" or "landmarks" (built
                                  landmarks that count toward winning) for subjects "owner", "roller", "payer"
                                  (each paying opponent); quantity "total" (the dice total) for subject "roll".
SharedRoll(dice, per_pip)         `shared_roll 2 c 1`: the active player rolls `dice` dice once per turn (shared
                                  by every owner); the owner gains per_pip for each pip rolled.
Trade(filter, optional)           `trade <FILTER> optional`: swap one of your matching cards with an opponent's.
Renovate(filter, per_copy)        `renovate <FILTER> c 1`: name a matching establishment type; every copy of every
                                  player closes; each opponent pays per_copy for each of their newly closed copies.
Close(target)                     `close self`: this card closes (target is always "self").
Demolish(count, reward)           `demolish 1 c 8`: un-build `count` of your landmarks (never one that starts
                                  built); if you did, gain reward.
Move(filter, reward)              `move <FILTER> c 4`: give one matching card of yours to an opponent of your
                                  choice, then gain reward (nothing if no card to give).
Invest(amount)                    `turn.end invest c 1`: you may put amount of your coins on this card.
Redistribute()                    `redistribute`: pool all coins, everyone gets ceil(total / players), the bank
                                  tops up.
Activate(filter, then, optional)  `activate <FILTER> return optional`: you may activate one of your own
                                  establishment types matching the filter (all its copies) instead; if you do,
                                  then = "return" (this card goes back to the market) | "close" (it closes).
RollDice(max_dice)                body of phase "roll.dice": `roll.dice 2` = you may roll up to 2 dice.
Reroll(times)                     body of phase "roll.reroll": `roll.reroll 1` = re-roll once per turn.
AdjustRoll(amount, optional)      `adjust_roll 2 optional`: (you may) add amount to the dice total.
IncomeBonus(filter, bonus)        body of phase "income.bonus": each activated card of the owner matching the
                                  filter gains bonus more (only when the card actually pays).
ExtraTurn(when)                   `extra_turn doubles`: take another turn; when is "doubles".

Other games (Valeria)
---------------------
Choose(options)                   `choose g 2 m 2` / `choose g 3 <citizens where name==Knight>`: pick one option;
                                  each option is an Amount, a Filter (take one such card) or a Group.
Group(legs)                       a bracketed sub-effect used as a choice: `<citizens + v 1>`.
Acquire(filter)                   a bare `<citizens where role==holy>` leg: take one matching card.
KeyValue(key, value)              a legacy `key=value` argument; value is its text, e.g. "g:2".
Call(verb, args)                  any other named verb with its typed arguments in order: Amount, int, str (a
                                  word or name), KeyValue, Compare, Filter, Group or a nested action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

Value = Union[int, str]


# ---- values -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Amount:
    resource: str
    value: Value


@dataclass(frozen=True)
class Compare:
    field: str
    op: str
    value: Value


@dataclass(frozen=True)
class AllOf:
    terms: tuple["Condition", ...]


@dataclass(frozen=True)
class AnyOf:
    terms: tuple["Condition", ...]


Condition = Union[Compare, AllOf, AnyOf]


@dataclass(frozen=True)
class Filter:
    kind: str
    where: Condition | None = None
    count: int | None = None


# ---- leg conditions (Machi Koro `if`) -----------------------------------------------------------------------

@dataclass(frozen=True)
class Has:
    subject: str
    landmark: str


@dataclass(frozen=True)
class Check:
    subject: str
    quantity: str
    op: str
    value: int


LegCondition = Union[Has, Check]


# ---- Machi Koro actions -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Gain:
    amount: Amount


@dataclass(frozen=True)
class Take:
    amount: Amount
    payer: str


@dataclass(frozen=True)
class Pay:
    amount: Amount


@dataclass(frozen=True)
class Count:
    scope: str
    filter: Filter
    action: "Action"


@dataclass(frozen=True)
class If:
    condition: LegCondition
    action: "Action"


@dataclass(frozen=True)
class SharedRoll:
    dice: int
    per_pip: Amount


@dataclass(frozen=True)
class Trade:
    filter: Filter
    optional: bool = False


@dataclass(frozen=True)
class Renovate:
    filter: Filter
    per_copy: Amount


@dataclass(frozen=True)
class Close:
    target: str = "self"


@dataclass(frozen=True)
class Demolish:
    count: int
    reward: Amount


@dataclass(frozen=True)
class Move:
    filter: Filter
    reward: Amount


@dataclass(frozen=True)
class Invest:
    amount: Amount


@dataclass(frozen=True)
class Redistribute:
    pass


@dataclass(frozen=True)
class Activate:
    filter: Filter
    then: str
    optional: bool = False


@dataclass(frozen=True)
class RollDice:
    max_dice: int


@dataclass(frozen=True)
class Reroll:
    times: int


@dataclass(frozen=True)
class AdjustRoll:
    amount: int
    optional: bool = False


@dataclass(frozen=True)
class IncomeBonus:
    filter: Filter
    bonus: Amount


@dataclass(frozen=True)
class ExtraTurn:
    when: str


# ---- shared / other games -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class KeyValue:
    key: str
    value: str


@dataclass(frozen=True)
class Group:
    legs: tuple["Leg", ...]


@dataclass(frozen=True)
class Choose:
    options: tuple[Union[Amount, Filter, Group], ...]


@dataclass(frozen=True)
class Acquire:
    filter: Filter


@dataclass(frozen=True)
class Call:
    verb: str
    args: tuple = ()


Action = Union[
    Gain, Take, Pay, Count, If, SharedRoll, Trade, Renovate, Close, Demolish, Move, Invest, Redistribute,
    Activate, RollDice, Reroll, AdjustRoll, IncomeBonus, ExtraTurn, Choose, Acquire, Call,
]


# ---- the whole effect ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Leg:
    action: Action
    phase: str | None = None


@dataclass(frozen=True)
class Effect:
    legs: tuple[Leg, ...]
    game: str = "machi-koro"
