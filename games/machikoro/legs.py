"""Runtime form of compiled effect legs: small records with a `fire` method, built once per card set.

`compile.py` turns each card's effect tree into these objects; the engine only calls them. Filters are
already resolved to tuples of establishment indexes and conditions to closures, so nothing is looked up
by name while a game runs.

Every leg that fires when its card is activated implements
    fire(state, events, owner, card, firings)    # firings = open copies that came up
Legs that need a decision from the owner (`choice = True`) implement instead
    options(state, owner, card) -> list of actions (empty: the leg does nothing this time)
    resolve(state, events, owner, card, action, sub) -> True when the leg is finished for this copy
    skip(state, events, owner, card, sub)        # called when no option is left
and fire copy by copy. `estimate(state, owner, card, roller)` gives bots the coins one copy is worth now.
"""

import operator

from . import actions as A
from . import market
from games.common import rng as _rng
from .events import (Activated, CardGiven, CardReturned, CardsClosed, LandmarkDemolished, Redistributed,
                     new_dice_rolled, new_transfer)
from .state import BANK

OPERATORS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
             ">=": operator.ge}

_OPPONENTS = {}


def opponents(player_count, owner):
    """Other seats in clockwise order starting after `owner` (cached)."""
    key = (player_count, owner)
    seats = _OPPONENTS.get(key)
    if seats is None:
        seats = _OPPONENTS[key] = tuple((owner + i) % player_count for i in range(1, player_count))
    return seats


_CHOOSE_OPPONENT = {}


def _choose_opponent_actions(player_count, owner):
    """(ChooseOpponent(seat), ...) for every opponent of `owner`, clockwise (cached)."""
    key = (player_count, owner)
    actions = _CHOOSE_OPPONENT.get(key)
    if actions is None:
        actions = _CHOOSE_OPPONENT[key] = tuple(A.ChooseOpponent(seat) for seat in opponents(player_count, owner))
    return actions


def _owned(indexes, cards):
    """The establishment indexes among `indexes` of which `cards` (a player's counts) holds a copy."""
    return [i for i in indexes if cards[i]]


def transfer(state, events, payer, payee, owed, card):
    """Move up to `owed` coins (partial payment: a player never goes below 0; the rest is forgiven)."""
    players = state.players
    # Transfer.apply, inlined: payments are the most frequent event.
    if payer is BANK:
        amount = owed
        state.bank -= amount
    else:
        giver = players[payer]
        coins = giver.coins
        amount = owed if owed <= coins else coins
        giver.coins = coins - amount
    if payee is BANK:
        state.bank += amount
    else:
        players[payee].coins += amount
    events.append(new_transfer(payer, payee, amount, owed, card))
    return amount


def income_bonus(state, owner, card):
    """Extra coins per copy from the owner's built landmarks that boost this card (Shopping Mall)."""
    bonus = 0
    built = state.players[owner].built
    for landmark, amount in card.bonus:
        if built[landmark]:
            bonus += amount
    return bonus


def guards_hold(guards, state, owner, payer=None):
    for guard in guards:
        if not guard(state, owner, payer):
            return False
    return True


# ---- conditions ---------------------------------------------------------------------------------------------

def make_condition(subject, quantity, op, value, landmark=None, win_landmarks=()):
    """A closure (state, owner, payer) -> bool for `SUBJECT has L` / `SUBJECT QUANTITY OP N`.

    quantity is "has" (landmark index in `landmark`, or None when that landmark is not in play),
    "coins", "landmarks" (built landmarks that count toward winning) or "total" (subject "roll").
    """
    compare = OPERATORS[op] if op else None
    if subject == "roll":
        return lambda state, owner, payer: compare(state.total, value)
    if quantity == "has" and landmark is None:
        return lambda state, owner, payer: False

    if subject == "owner":
        def seat(state, owner, payer):
            return owner
    elif subject == "roller":
        def seat(state, owner, payer):
            return state.active
    else:
        def seat(state, owner, payer):
            return payer

    if quantity == "has":
        return lambda state, owner, payer: state.players[seat(state, owner, payer)].built[landmark]
    if quantity == "coins":
        return lambda state, owner, payer: compare(state.players[seat(state, owner, payer)].coins, value)

    def landmarks(state, owner, payer):
        built = state.players[seat(state, owner, payer)].built
        return compare(sum([built[i] for i in win_landmarks]), value)
    return landmarks


def count_cards(state, scope, indexes, owner, payer):
    """How many establishments match (closed copies included: they still exist)."""
    # List comprehensions: cheaper than generator expressions for these short index tuples.
    if scope == "own":
        cards = state.players[owner].cards
        return sum([cards[i] for i in indexes])
    if scope == "payer":
        cards = state.players[payer].cards
        return sum([cards[i] for i in indexes])
    return sum([p.cards[i] for p in state.players for i in indexes])


# ---- legs that need no decision -----------------------------------------------------------------------------

class Leg:
    __slots__ = ("guards",)
    choice = False

    def estimate(self, state, owner, card, roller):
        return 0


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


# ---- legs that ask the owner ---------------------------------------------------------------------------------

class ChoiceLeg(Leg):
    __slots__ = ()
    choice = True

    def skip(self, state, events, owner, card, sub):
        """Nothing to choose from: the leg has no effect."""

    def has_options(self, state, owner, card):
        return bool(self.options(state, owner, card))

    def is_legal(self, state, owner, card, action):
        return action in self.options(state, owner, card)

    def sample(self, state, owner, card, random):
        """One option drawn uniformly (random bots); legs with many options override it."""
        options = self.options(state, owner, card)
        return options[int(random.random() * len(options))]

    def estimate(self, state, owner, card, roller):
        return 0


class TakeChosen(ChoiceLeg):
    """`take c AMOUNT from chosen_opponent` (TV Station): the owner picks the opponent who pays."""

    verb = "chosen_opponent"
    __slots__ = ("take",)

    def __init__(self, take, guards=()):
        self.take = take          # a Take whose payer is irrelevant; used for the amount rules
        self.guards = guards

    def options(self, state, owner, card):
        if self.guards and not guards_hold(self.guards, state, owner):
            return []
        return list(_choose_opponent_actions(len(state.players), owner))

    def resolve(self, state, events, owner, card, action, sub):
        self.take.take_from(state, events, owner, card, 1, action.opponent)
        return True

    def estimate(self, state, owner, card, roller):
        if self.guards and not _guards_hold_for(self.guards, state, owner, roller):
            return 0
        best = 0
        for payer in opponents(len(state.players), owner):
            owed = self.take.owed(state, owner, card, payer)
            best = max(best, min(owed, state.players[payer].coins))
        return best


class TradeLeg(ChoiceLeg):
    """`trade <FILTER> [optional]` (Business Center): swap one matching card of yours with an opponent's."""

    verb = "trade"
    __slots__ = ("indexes", "optional")

    def __init__(self, indexes, optional, guards=()):
        self.indexes = indexes
        self.optional = optional
        self.guards = guards

    def _sides(self, state, owner):
        """(owner's matching types, [(opponent, his matching types), ...])."""
        players = state.players
        indexes = self.indexes
        mine = _owned(indexes, players[owner].cards)
        theirs = [(seat, _owned(indexes, players[seat].cards)) for seat in opponents(len(players), owner)]
        return mine, theirs

    def options(self, state, owner, card):
        if self.guards and not guards_hold(self.guards, state, owner):
            return []
        mine, theirs = self._sides(state, owner)
        if not mine:
            return []
        slugs = [e.slug for e in state.card_set.establishments]
        new, trade = tuple.__new__, A.Trade
        found = [new(trade, ("trade", slugs[give], seat, slugs[take]))
                 for seat, cards in theirs for give in mine for take in cards if take != give]
        if found and self.optional:
            found.append(A.Decline())
        return found

    def sample(self, state, owner, card, random):
        # A game with many cards has over a thousand possible trades: draw one uniformly without listing
        # them (pick the opponent in proportion to his trades, then a pair, rejecting same-type pairs).
        mine, theirs = self._sides(state, owner)
        mine_set = set(mine)
        weights = [len(mine) * len(cards) - len(mine_set.intersection(cards)) for _, cards in theirs]
        total = sum(weights) + (1 if self.optional else 0)
        pick = int(random.random() * total)
        for (seat, cards), weight in zip(theirs, weights):
            if pick < weight:
                while True:
                    give = mine[int(random.random() * len(mine))]
                    take = cards[int(random.random() * len(cards))]
                    if give != take:
                        slugs = state.card_set.establishments
                        return A.Trade(slugs[give].slug, seat, slugs[take].slug)
            pick -= weight
        return A.Decline()

    def has_options(self, state, owner, card):
        if self.guards and not guards_hold(self.guards, state, owner):
            return False
        indexes = self.indexes
        players = state.players
        mine = _owned(indexes, players[owner].cards)
        if not mine:
            return False
        # With two types or more any matching card of an opponent will do; with one, he needs another type.
        only = mine[0] if len(mine) == 1 else None
        for seat in opponents(len(players), owner):
            cards = players[seat].cards
            for i in indexes:
                if cards[i] and i != only:
                    return True
        return False

    def is_legal(self, state, owner, card, action):
        kind = type(action)
        if kind is A.Decline:
            return self.optional and self.has_options(state, owner, card)
        if kind is not A.Trade or not self.has_options(state, owner, card):
            return False
        index = state.card_set.establishment_index
        give, take, seat = index.get(action.give), index.get(action.take), action.opponent
        return (give is not None and take is not None and give != take and give in self.indexes
                and take in self.indexes and type(seat) is int and seat != owner
                and 0 <= seat < len(state.players)
                and state.players[owner].cards[give] > 0 and state.players[seat].cards[take] > 0)

    def resolve(self, state, events, owner, card, action, sub):
        if isinstance(action, A.Decline):
            return True
        cs = state.card_set
        give = cs.establishments[cs.establishment_index[action.give]]
        take = cs.establishments[cs.establishment_index[action.take]]
        _give_card(state, events, owner, action.opponent, give)
        _give_card(state, events, action.opponent, owner, take)
        return True


class RenovateLeg(ChoiceLeg):
    """`renovate <FILTER> c N` (Renovation Company): name a type; every copy of every player closes; each
    opponent pays N per copy of his that was open and is now closed."""

    verb = "renovate"
    __slots__ = ("indexes", "per_copy")

    def __init__(self, indexes, per_copy, guards=()):
        self.indexes = indexes
        self.per_copy = per_copy
        self.guards = guards

    def options(self, state, owner, card):
        if self.guards and not guards_hold(self.guards, state, owner):
            return []
        establishments = state.card_set.establishments
        players = state.players
        found = []
        for i in self.indexes:
            for player in players:
                if player.cards[i]:     # someone owns the type
                    found.append(A.Renovate(establishments[i].slug))
                    break
        return found

    def resolve(self, state, events, owner, card, action, sub):
        cs = state.card_set
        target = cs.establishments[cs.establishment_index[action.card]]
        index = target.index
        for seat in (owner,) + opponents(len(state.players), owner):
            player = state.players[seat]
            newly = player.cards[index] - player.closed[index]
            if newly <= 0:
                continue
            event = CardsClosed(seat, target, newly)
            event.apply(state)
            events.append(event)
            if seat != owner and self.per_copy > 0:
                transfer(state, events, seat, owner, self.per_copy * newly, card)
        return True


class DemolishLeg(ChoiceLeg):
    """`demolish N c R` (Demolition Company): un-build N of your landmarks (never one that starts built);
    if at least one was un-built, gain R."""

    verb = "demolish"
    __slots__ = ("count", "reward")

    def __init__(self, count, reward, guards=()):
        self.count = count
        self.reward = reward
        self.guards = guards

    def options(self, state, owner, card):
        if self.guards and not guards_hold(self.guards, state, owner):
            return []
        built = state.players[owner].built
        return [A.Demolish(landmark.slug) for landmark in state.card_set.landmarks
                if built[landmark.index] and not landmark.starts_built]

    def resolve(self, state, events, owner, card, action, sub):
        cs = state.card_set
        landmark = cs.landmarks[cs.landmark_index[action.landmark]]
        event = LandmarkDemolished(owner, landmark, card)
        event.apply(state)
        events.append(event)
        if sub + 1 >= self.count:
            self._reward(state, events, owner, card)
            return True
        return False

    def skip(self, state, events, owner, card, sub):
        if sub > 0:
            self._reward(state, events, owner, card)

    def estimate(self, state, owner, card, roller):
        # Losing the cheapest landmark costs its price again later; with none built nothing happens.
        built = state.players[owner].built
        costs = [l.cost for l in state.card_set.landmarks if built[l.index] and not l.starts_built]
        return self.reward - min(costs) if costs else 0

    def _reward(self, state, events, owner, card):
        if self.reward > 0:
            transfer(state, events, BANK, owner, self.reward, card)


class MoveLeg(ChoiceLeg):
    """`move <FILTER> c R` (Moving Company): give one matching card of yours to an opponent you choose, then
    gain R."""

    verb = "move"
    __slots__ = ("indexes", "reward")

    def __init__(self, indexes, reward, guards=()):
        self.indexes = indexes
        self.reward = reward
        self.guards = guards

    def options(self, state, owner, card):
        if self.guards and not guards_hold(self.guards, state, owner):
            return []
        establishments = state.card_set.establishments
        cards = state.players[owner].cards
        seats = opponents(len(state.players), owner)
        return [A.Move(establishments[i].slug, seat) for i in self.indexes if cards[i] for seat in seats]

    def has_options(self, state, owner, card):
        if self.guards and not guards_hold(self.guards, state, owner):
            return False
        cards = state.players[owner].cards
        return any(cards[i] for i in self.indexes)

    def is_legal(self, state, owner, card, action):
        if type(action) is not A.Move or not self.has_options(state, owner, card):
            return False
        index = state.card_set.establishment_index.get(action.card)
        seat = action.opponent
        return (index is not None and index in self.indexes and state.players[owner].cards[index] > 0
                and type(seat) is int and seat != owner and 0 <= seat < len(state.players))

    def sample(self, state, owner, card, random):
        # Every card type can go to every opponent: a uniform type and a uniform opponent is uniform.
        cards = state.players[owner].cards
        mine = [i for i in self.indexes if cards[i]]
        seats = opponents(len(state.players), owner)
        chosen = mine[int(random.random() * len(mine))]
        return A.Move(state.card_set.establishments[chosen].slug, seats[int(random.random() * len(seats))])

    def resolve(self, state, events, owner, card, action, sub):
        cs = state.card_set
        given = cs.establishments[cs.establishment_index[action.card]]
        _give_card(state, events, owner, action.opponent, given)
        if self.reward > 0:
            transfer(state, events, BANK, owner, self.reward, card)
        return True

    def estimate(self, state, owner, card, roller):
        # The reward minus the price of the cheapest card given away.
        cards = state.players[owner].cards
        establishments = state.card_set.establishments
        costs = [establishments[i].cost for i in self.indexes if cards[i]]
        return self.reward - min(costs) if costs else 0


class ActivateLeg(ChoiceLeg):
    """`activate <FILTER> return|close [optional]` (Exhibit Hall, MGA Game Center): activate all copies of one
    of your matching establishment types; then this card returns to the market or closes."""

    verb = "activate"
    __slots__ = ("indexes", "then", "optional")

    def __init__(self, indexes, then, optional, guards=()):
        self.indexes = indexes
        self.then = then
        self.optional = optional
        self.guards = guards

    def options(self, state, owner, card):
        if self.guards and not guards_hold(self.guards, state, owner):
            return []
        establishments = state.card_set.establishments
        cards = state.players[owner].cards
        found = [A.Activate(establishments[i].slug) for i in self.indexes if cards[i] and i != card.index]
        if found and self.optional:
            found.append(A.Decline())
        return found

    def resolve(self, state, events, owner, card, action, sub):
        if isinstance(action, A.Decline):
            return True
        cs = state.card_set
        chosen = cs.establishments[cs.establishment_index[action.card]]
        record = Activated(owner, chosen, card)
        events.append(record)
        if self.then == "return":
            event = CardReturned(owner, card, market.returns_to_deck(state, card.index))
            event.apply(state)
            events.append(event)
            market.fill(state, events)
        else:
            event = CardsClosed(owner, card, 1)
            event.apply(state)
            events.append(event)
        # The chosen type resolves next, as a normal activation of all its copies.
        state.pending.append([owner, chosen.index, -1, 0, 0])
        return True

    def estimate(self, state, owner, card, roller):
        # The best of the owner's eligible types, all copies; returning the card costs its price.
        player = state.players[owner]
        establishments = state.card_set.establishments
        best = 0
        for i in self.indexes:
            if player.cards[i] and i != card.index:
                chosen = establishments[i]
                value = (player.cards[i] - player.closed[i]) * sum(
                    leg.estimate(state, owner, chosen, roller) for leg in chosen.legs if not leg.choice)
                best = max(best, value)
        if self.then == "return":
            best -= card.cost
        return max(best, 0)


def _give_card(state, events, giver, receiver, card):
    """One copy changes hands; an open copy is given when the giver has one (a closed copy stays closed)."""
    player = state.players[giver]
    closed = player.cards[card.index] - player.closed[card.index] <= 0
    event = CardGiven(giver, receiver, card, closed)
    event.apply(state)
    events.append(event)


def _guards_hold_for(guards, state, owner, roller):
    """Evaluate guards as if `roller` were the active player (bots estimate other players' rolls)."""
    saved = state.active
    state.active = roller
    try:
        return guards_hold(guards, state, owner)
    finally:
        state.active = saved


# ---- landmark abilities -------------------------------------------------------------------------------------

class Adjust:
    """`roll.after [if ...] adjust_roll N [optional]` (Harbor)."""

    __slots__ = ("amount", "optional", "guards")

    def __init__(self, amount, optional, guards=()):
        self.amount = amount
        self.optional = optional
        self.guards = guards

    def applies(self, state, owner):
        return guards_hold(self.guards, state, owner)
