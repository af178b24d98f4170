"""Events: the only way the engine changes the material state of a game.

Each event is applied to the state the moment it is emitted, and the same `apply` replays it later, so a
game's initial state plus its events rebuild its final state (`replay`). Events name players by seat
(0-based, `None` = the bank) and cards by card definition; their JSON names cards by slug.
"""
from games.common import rng as _rng
from games.common.events import replay as _replay

from games.machikoro.engine.errors import ReplayError
from games.machikoro.engine.events.base import Event, register  # noqa: F401
from games.machikoro.engine.events.cards import Bought, CardGiven, CardReturned, CardsClosed, CardsReopened, LandmarkBuilt, LandmarkDemolished, MarketDrawn, MarketRemoved
from games.machikoro.engine.events.coins import Invested, Redistributed, Transfer  # noqa: F401
from games.machikoro.engine.events.fast import new_bought, new_dice_rolled, new_transfer, new_turn_started  # noqa: F401
from games.machikoro.engine.events.turn import Activated, DiceRolled, GameOver, RollAdjusted, TurnStarted  # noqa: F401


def _apply_checked(state, event):
    if isinstance(event, DiceRolled):
        state.rng, dice = _rng.roll_dice(state.rng, len(event.dice))
        if dice != tuple(event.dice):
            raise ReplayError(f"replayed dice {dice} differ from the recorded {tuple(event.dice)}")
    event.apply(state)


def replay(initial_state, events):
    """Apply `events` to a copy of `initial_state` and return the result.

    Dice events re-draw from the replayed random state and must match, so a replay also checks that the
    events really are the ones the seeded game produced.
    """
    return _replay(initial_state, events, _apply_checked)
