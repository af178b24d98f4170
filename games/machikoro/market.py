"""The market: every stack available, or N distinct stacks dealt from a shuffled deck (Harbor's rule).

In N-stack mode the deck's top card is the last list element. After every change to the market the
engine calls `maintain`: major stacks that every player already owns leave the game, then cards are
drawn until N distinct stacks show again or the deck is empty.
"""

from .events import MarketDrawn, MarketRemoved
from .options import ALL_STACKS


def showing(state):
    """How many distinct stacks are showing."""
    return sum(1 for n in state.market if n)


def fill(state, events=None):
    """Remove unbuyable major stacks and draw until the market shows N stacks (N-stack mode only).

    With `events=None` (game setup) the changes are made directly instead of being recorded.
    """
    stacks = state.options.market
    if stacks == ALL_STACKS:
        return
    establishments = state.card_set.establishments
    players = state.players
    market = state.market
    while True:
        for index, count in enumerate(market):
            if count and establishments[index].major and all(p.cards[index] for p in players):
                _record(state, events, MarketRemoved(establishments[index], count))
        if not state.deck or sum(1 for n in market if n) >= stacks:
            return
        # Draw card by card: a card whose stack already shows joins it; a new type opens a stack.
        while state.deck and sum(1 for n in market if n) < stacks:
            _record(state, events, MarketDrawn(establishments[state.deck[-1]]))


def _record(state, events, event):
    event.apply(state)
    if events is not None:
        events.append(event)


def returns_to_deck(state, index):
    """Where a card returned to the market goes: its showing stack, or under the deck when it is hidden."""
    return state.options.market != ALL_STACKS and state.market[index] == 0
