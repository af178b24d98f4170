"""Legs that ask the owner (`choice = True`): take from a chosen player, trade, renovate, demolish, move,
activate another card."""

from games.machikoro.engine import actions as A
from games.machikoro.engine import market
from games.machikoro.engine.events import Activated, CardGiven, CardReturned, CardsClosed, LandmarkDemolished
from games.machikoro.engine.state import BANK
from games.machikoro.engine.legs.base import _choose_opponent_actions, _guards_hold_for, _owned, guards_hold, Leg, opponents, transfer


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
