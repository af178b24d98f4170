"""Legs that fire without asking anyone: gains, payments, takes, shared-roll gains, closing, redistribution."""

from games.common import rng as _rng
from games.machikoro.engine.events import CardsClosed, Redistributed, new_dice_rolled, new_transfer
from games.machikoro.engine.state import BANK
from games.machikoro.engine.legs.base import _guards_hold_for, count_cards, guards_hold, income_bonus, Leg, opponents, transfer


# ---- legs that need no decision -----------------------------------------------------------------------------

class Gain(Leg):
    """`c N`: the owner gains N per copy from the bank (+ the income bonus when it pays)."""

    __slots__ = ("amount", "bonus")

    def __init__(self, amount, guards=(), bonus=True):
        self.amount = amount
        self.guards = guards
        self.bonus = bonus

    def fire(self, state, events, owner, card, firings):
        if self.guards and not guards_hold(self.guards, state, owner):
            return
        per_copy = self.amount
        if per_copy > 0 and self.bonus and card.bonus:
            per_copy += income_bonus(state, owner, card)
        if per_copy > 0:
            # The bank always pays in full: Transfer.apply inlined (the most frequent event).
            amount = per_copy * firings
            state.bank -= amount
            state.players[owner].coins += amount
            events.append(new_transfer(BANK, owner, amount, amount, card))

    def estimate(self, state, owner, card, roller):
        if self.guards and not _guards_hold_for(self.guards, state, owner, roller):
            return 0
        bonus = income_bonus(state, owner, card) if self.bonus and self.amount > 0 else 0
        return self.amount + bonus


class CountGain(Leg):
    """`count SCOPE <FILTER> c N`: N per matching card, per copy."""

    __slots__ = ("scope", "indexes", "amount", "bonus")

    def __init__(self, scope, indexes, amount, guards=(), bonus=True):
        self.scope = scope
        self.indexes = indexes
        self.amount = amount
        self.guards = guards
        self.bonus = bonus

    def fire(self, state, events, owner, card, firings):
        if self.guards and not guards_hold(self.guards, state, owner):
            return
        per_copy = self.amount * count_cards(state, self.scope, self.indexes, owner, None)
        if per_copy > 0 and self.bonus and card.bonus:
            per_copy += income_bonus(state, owner, card)
        if per_copy > 0:
            transfer(state, events, BANK, owner, per_copy * firings, card)

    def estimate(self, state, owner, card, roller):
        if self.guards and not _guards_hold_for(self.guards, state, owner, roller):
            return 0
        value = self.amount * count_cards(state, self.scope, self.indexes, owner, None)
        if value > 0 and self.bonus:
            value += income_bonus(state, owner, card)
        return value


class Pay(Leg):
    """`pay c N`: the owner pays N per copy to the bank, as much as he has."""

    __slots__ = ("amount",)

    def __init__(self, amount, guards=()):
        self.amount = amount
        self.guards = guards

    def fire(self, state, events, owner, card, firings):
        if self.guards and not guards_hold(self.guards, state, owner):
            return
        if self.amount > 0:
            transfer(state, events, owner, BANK, self.amount * firings, card)

    def estimate(self, state, owner, card, roller):
        if self.guards and not _guards_hold_for(self.guards, state, owner, roller):
            return 0
        return -min(self.amount, state.players[owner].coins)


ROLLER = "roller"
EACH_OPPONENT = "each_opponent"
CHOSEN_OPPONENT = "chosen_opponent"


class Take(Leg):
    """`take c AMOUNT from PAYER` (optionally inside `count` and `if`): opponents pay the owner.

    kind: "fixed" (value coins), "half", "all" or "invested"; count_scope/count_indexes multiply a fixed
    amount by a card count; payer_guards are `if payer ...` conditions checked for each payer.
    """

    __slots__ = ("payer", "kind", "value", "count_scope", "count_indexes", "payer_guards", "bonus")

    def __init__(self, payer, kind, value=0, count_scope=None, count_indexes=(), guards=(), payer_guards=(),
                 bonus=True):
        self.payer = payer
        self.kind = kind
        self.value = value
        self.count_scope = count_scope
        self.count_indexes = count_indexes
        self.guards = guards
        self.payer_guards = payer_guards
        self.bonus = bonus

    def payers(self, state, owner):
        if self.payer == ROLLER:
            roller = state.active
            return () if roller == owner else (roller,)
        return opponents(len(state.players), owner)

    def fire(self, state, events, owner, card, firings):
        if self.guards and not guards_hold(self.guards, state, owner):
            return
        for payer in self.payers(state, owner):
            self.take_from(state, events, owner, card, firings, payer)

    def owed(self, state, owner, card, payer):
        """What one copy asks of `payer` (before the income bonus)."""
        kind = self.kind
        if kind == "fixed":
            per_copy = self.value
            if self.count_scope is not None:
                per_copy *= count_cards(state, self.count_scope, self.count_indexes, owner, payer)
            return per_copy
        if kind == "half":
            return state.players[payer].coins // 2
        if kind == "all":
            return state.players[payer].coins
        return state.players[owner].invested.get(card.index, 0)

    def take_from(self, state, events, owner, card, firings, payer):
        if self.payer_guards and not guards_hold(self.payer_guards, state, owner, payer):
            return
        bonus = income_bonus(state, owner, card) if self.bonus and card.bonus else 0
        kind = self.kind
        if kind == "fixed" and self.count_scope is None:
            # The usual `take c N`: self.owed, inlined.
            if self.value > 0:
                transfer(state, events, payer, owner, (self.value + bonus) * firings, card)
            return
        if kind == "half":
            # Each copy takes half of what is left.
            for _ in range(firings):
                owed = self.owed(state, owner, card, payer)
                if owed > 0:
                    transfer(state, events, payer, owner, owed + bonus, card)
            return
        per_copy = self.owed(state, owner, card, payer)
        if per_copy <= 0:
            return
        owed = per_copy if self.kind == "all" else per_copy * firings
        transfer(state, events, payer, owner, owed + bonus * firings, card)

    def estimate(self, state, owner, card, roller):
        if self.guards and not _guards_hold_for(self.guards, state, owner, roller):
            return 0
        if self.payer == ROLLER:
            payers = () if roller == owner else (roller,)
        else:
            payers = opponents(len(state.players), owner)
        total = 0
        for payer in payers:
            if self.payer_guards and not guards_hold(self.payer_guards, state, owner, payer):
                continue
            owed = self.owed(state, owner, card, payer)
            if owed > 0 and self.bonus:
                owed += income_bonus(state, owner, card)
            total += min(owed, state.players[payer].coins)
        return total


class SharedRollGain(Leg):
    """`shared_roll D c N` (Tuna Boat): one roll of D dice per turn, made by the active player and shared by
    every owner; each copy gains N per pip."""

    __slots__ = ("dice", "per_pip", "bonus")

    def __init__(self, dice, per_pip, guards=(), bonus=True):
        self.dice = dice
        self.per_pip = per_pip
        self.guards = guards
        self.bonus = bonus

    def fire(self, state, events, owner, card, firings):
        if self.guards and not guards_hold(self.guards, state, owner):
            return
        if state.shared_roll is None:
            state.rng, dice = _rng.roll_dice(state.rng, self.dice)
            event = new_dice_rolled(state.active, dice, "shared")
            event.apply(state)
            events.append(event)
        per_copy = sum(state.shared_roll) * self.per_pip
        if per_copy > 0 and self.bonus and card.bonus:
            per_copy += income_bonus(state, owner, card)
        if per_copy > 0:
            transfer(state, events, BANK, owner, per_copy * firings, card)

    def estimate(self, state, owner, card, roller):
        if self.guards and not _guards_hold_for(self.guards, state, owner, roller):
            return 0
        return 3.5 * self.dice * self.per_pip


class CloseSelf(Leg):
    """`close self` (Winery): the copies that just fired close for renovation."""

    __slots__ = ()

    def __init__(self, guards=()):
        self.guards = guards

    def fire(self, state, events, owner, card, firings):
        if self.guards and not guards_hold(self.guards, state, owner):
            return
        player = state.players[owner]
        count = min(firings, player.cards[card.index] - player.closed[card.index])
        if count > 0:
            event = CardsClosed(owner, card, count)
            event.apply(state)
            events.append(event)

    def estimate(self, state, owner, card, roller):
        return 0


class Redistribute(Leg):
    """`redistribute` (Park): pool every player's coins; each gets ceil(total / players); the bank tops up."""

    __slots__ = ()

    def __init__(self, guards=()):
        self.guards = guards

    def fire(self, state, events, owner, card, firings):
        if self.guards and not guards_hold(self.guards, state, owner):
            return
        before = tuple(p.coins for p in state.players)
        count = len(before)
        share = -(-sum(before) // count)
        event = Redistributed(owner, card, before, share, share * count - sum(before))
        event.apply(state)
        events.append(event)

    def estimate(self, state, owner, card, roller):
        coins = [p.coins for p in state.players]
        return -(-sum(coins) // len(coins)) - coins[owner]
