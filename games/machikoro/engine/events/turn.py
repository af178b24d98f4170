"""Events of the turn itself: its start, the dice, Harbor's adjustment, a card activating, the end."""

from games.machikoro.engine.state import OVER, ROLL
from games.machikoro.engine.events.base import Event, register


@register
class TurnStarted(Event):
    __slots__ = fields = ("player", "turn", "extra")
    type = "turn_started"

    def __init__(self, player, turn, extra):
        self.player = player
        self.turn = turn
        self.extra = extra

    def apply(self, state):
        state.active = self.player
        state.turn = self.turn
        state.phase = ROLL
        state.dice = ()
        state.total = 0
        state.rerolls_used = 0
        state.adjust_from = 0
        state.built_this_turn = False
        state.shared_roll = None
        if state.pending:
            state.pending = []
        state.choice = None


@register
class DiceRolled(Event):
    """purpose: "roll" (the turn's roll), "reroll" (Radio Tower) or "shared" (Tuna Boat's once-a-turn roll)."""

    __slots__ = fields = ("player", "dice", "purpose")
    type = "dice_rolled"

    def __init__(self, player, dice, purpose):
        self.player = player
        self.dice = dice
        self.purpose = purpose

    def apply(self, state):
        if self.purpose == "shared":
            state.shared_roll = self.dice
            return
        state.dice = self.dice
        state.total = sum(self.dice)
        if self.purpose == "reroll":
            state.rerolls_used += 1


@register
class RollAdjusted(Event):
    __slots__ = fields = ("player", "landmark", "amount")
    type = "roll_adjusted"
    card_fields = ("landmark",)

    def __init__(self, player, landmark, amount):
        self.player = player
        self.landmark = landmark
        self.amount = amount

    def apply(self, state):
        state.total += self.amount


@register
class Activated(Event):
    """A card made another card type activate (Exhibit Hall): a record, the effects follow as events."""

    __slots__ = fields = ("player", "card", "by")
    type = "activated"
    card_fields = ("card", "by")

    def __init__(self, player, card, by):
        self.player = player
        self.card = card
        self.by = by


@register
class GameOver(Event):
    """winner: a seat, or None when the game was stopped by the turn limit."""

    __slots__ = fields = ("winner", "reason")
    type = "game_over"

    def __init__(self, winner, reason):
        self.winner = winner
        self.reason = reason

    def apply(self, state):
        state.phase = OVER
        state.winner = self.winner
        state.pending = []
        state.choice = None
        state.rerolls_used = 0
        state.adjust_from = 0
        state.shared_roll = None
