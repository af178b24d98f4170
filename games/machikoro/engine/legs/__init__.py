"""Runtime form of compiled effect legs (base.py, automatic.py, choices.py, landmarks.py): small records with a `fire` method, built once per card set.

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

from games.machikoro.engine.legs.base import OPERATORS, Leg, count_cards, guards_hold, income_bonus, make_condition, opponents, transfer
from games.machikoro.engine.legs.automatic import CHOSEN_OPPONENT, EACH_OPPONENT, ROLLER, CloseSelf, CountGain, Gain, Pay, Redistribute, SharedRollGain, Take
from games.machikoro.engine.legs.choices import ActivateLeg, ChoiceLeg, DemolishLeg, MoveLeg, RenovateLeg, TakeChosen, TradeLeg  # noqa: F401
from games.machikoro.engine.legs.landmarks import Adjust  # noqa: F401
