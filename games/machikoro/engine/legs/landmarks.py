"""Landmark abilities that change the roll (Harbor's adjust_roll)."""

from games.machikoro.engine.legs.base import guards_hold

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
