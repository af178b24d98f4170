"""The market: every stack available, or N distinct stacks dealt from a shuffled deck (Harbor's rule).

In N-stack mode the deck's top card is the last list element. After every change to the market the
engine calls `maintain`: major stacks that every player already owns leave the game, then cards are
drawn until N distinct stacks show again or the deck is empty.
"""

from games.machikoro.engine.events import MarketDrawn, MarketRemoved
from games.machikoro.engine.options import ALL_STACKS

# id(establishments) -> (establishments, indices of the majors): fill runs after every purchase and only
# major stacks can leave, so it looks at those few, not the whole market. The tuple kept keeps the id unique.
_MAJORS = {}


def showing(state):
    """How many distinct stacks are showing."""
    market = state.market
    return len(market) - market.count(0)


def _major_indices(establishments):
    entry = _MAJORS.get(id(establishments))
    if entry is None or entry[0] is not establishments:
        entry = _MAJORS[id(establishments)] = (establishments, tuple(e.index for e in establishments if e.major))
    return entry[1]


def fill(state, events=None):
    """Remove unbuyable major stacks and draw until the market shows N stacks (N-stack mode only).

    With `events=None` (game setup) the changes are made directly instead of being recorded.
    """
    stacks = state.options.market
    if stacks == ALL_STACKS:
        return
    establishments = state.card_set.establishments
    majors = _major_indices(establishments)
    players = state.players
    market = state.market
    deck = state.deck
    while True:
        for index in majors:
            count = market[index]
            if count:
                for player in players:
                    if not player.cards[index]:
                        break
                else:
                    _record(state, events, MarketRemoved(establishments[index], count))
        shown = len(market) - market.count(0)
        if not deck or shown >= stacks:
            return
        # Draw card by card: a card whose stack already shows joins it; a new type opens a stack. The
        # count of showing stacks is kept as cards are drawn, not recounted per card.
        while deck and shown < stacks:
            index = deck.pop()          # MarketDrawn.apply, inlined (most purchases empty or refill a stack)
            if not market[index]:
                shown += 1
            market[index] += 1
            if events is not None:
                events.append(MarketDrawn(establishments[index]))


def _record(state, events, event):
    event.apply(state)
    if events is not None:
        events.append(event)


def returns_to_deck(state, index):
    """Where a card returned to the market goes: its showing stack, or under the deck when it is hidden."""
    return state.options.market != ALL_STACKS and state.market[index] == 0
