"""Events that move cards: buying, building and demolishing, closing and reopening, giving and returning,
the market's draws and removals."""

from games.machikoro.engine.errors import ReplayError
from games.machikoro.engine.events.base import Event, register


@register
class Bought(Event):
    __slots__ = fields = ("player", "card", "cost")
    type = "bought"
    card_fields = ("card",)

    def __init__(self, player, card, cost):
        self.player = player
        self.card = card
        self.cost = cost

    def apply(self, state):
        player = state.players[self.player]
        player.coins -= self.cost
        state.bank += self.cost
        index = self.card.index
        state.market[index] -= 1
        player.cards[index] += 1
        state.built_this_turn = True


@register
class LandmarkBuilt(Event):
    __slots__ = fields = ("player", "landmark", "cost")
    type = "landmark_built"
    card_fields = ("landmark",)

    def __init__(self, player, landmark, cost):
        self.player = player
        self.landmark = landmark
        self.cost = cost

    def apply(self, state):
        player = state.players[self.player]
        player.coins -= self.cost
        state.bank += self.cost
        player.built[self.landmark.index] = True
        state.built_this_turn = True


@register
class LandmarkDemolished(Event):
    __slots__ = fields = ("player", "landmark", "card")
    type = "landmark_demolished"
    card_fields = ("landmark", "card")

    def __init__(self, player, landmark, card):
        self.player = player
        self.landmark = landmark
        self.card = card

    def apply(self, state):
        state.players[self.player].built[self.landmark.index] = False


@register
class CardsClosed(Event):
    __slots__ = fields = ("player", "card", "count")
    type = "cards_closed"
    card_fields = ("card",)

    def __init__(self, player, card, count):
        self.player = player
        self.card = card
        self.count = count

    def apply(self, state):
        state.players[self.player].closed[self.card.index] += self.count


@register
class CardsReopened(Event):
    """Closed copies that came up: they reopen instead of producing their effect."""

    __slots__ = fields = ("player", "card", "count")
    type = "cards_reopened"
    card_fields = ("card",)

    def __init__(self, player, card, count):
        self.player = player
        self.card = card
        self.count = count

    def apply(self, state):
        state.players[self.player].closed[self.card.index] -= self.count


@register
class CardGiven(Event):
    """One copy changes owner (Business Center trade, Moving Company); a closed copy stays closed."""

    __slots__ = fields = ("giver", "receiver", "card", "closed")
    type = "card_given"
    card_fields = ("card",)

    def __init__(self, giver, receiver, card, closed):
        self.giver = giver
        self.receiver = receiver
        self.card = card
        self.closed = closed

    def apply(self, state):
        index = self.card.index
        giver = state.players[self.giver]
        receiver = state.players[self.receiver]
        giver.cards[index] -= 1
        receiver.cards[index] += 1
        if self.closed:
            giver.closed[index] -= 1
            receiver.closed[index] += 1


@register
class CardReturned(Event):
    """A card goes back to the market (Exhibit Hall): onto its stack, or under the deck if its stack is hidden."""

    __slots__ = fields = ("player", "card", "to_deck")
    type = "card_returned"
    card_fields = ("card",)

    def __init__(self, player, card, to_deck):
        self.player = player
        self.card = card
        self.to_deck = to_deck

    def apply(self, state):
        index = self.card.index
        state.players[self.player].cards[index] -= 1
        if self.to_deck:
            state.deck.insert(0, index)
        else:
            state.market[index] += 1


@register
class MarketDrawn(Event):
    """The top card of the market deck is turned face up."""

    __slots__ = fields = ("card",)
    type = "market_drawn"
    card_fields = ("card",)

    def __init__(self, card):
        self.card = card

    def apply(self, state):
        index = state.deck.pop()
        if index != self.card.index:
            raise ReplayError(f"the deck's top card is not {self.card.slug}")
        state.market[index] += 1


@register
class MarketRemoved(Event):
    """A major-establishment stack every player already owns leaves the game (N-stack market)."""

    __slots__ = fields = ("card", "count")
    type = "market_removed"
    card_fields = ("card",)

    def __init__(self, card, count):
        self.card = card
        self.count = count

    def apply(self, state):
        state.market[self.card.index] -= self.count
        state.removed[self.card.index] += self.count
