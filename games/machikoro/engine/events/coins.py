"""Events that move coins: payments, Tech Startup investments, Park's redistribution."""

from games.machikoro.engine.state import BANK
from games.machikoro.engine.events.base import Event, register


@register
class Transfer(Event):
    """`payer` pays `payee` `amount` coins (seats; None = the bank) because of `card`.

    `owed` is what the card asked for; when the payer was short, amount < owed and the rest is forgiven.
    """

    __slots__ = fields = ("payer", "payee", "amount", "owed", "card")
    type = "transfer"
    card_fields = ("card",)

    def __init__(self, payer, payee, amount, owed, card):
        self.payer = payer
        self.payee = payee
        self.amount = amount
        self.owed = owed
        self.card = card

    def apply(self, state):
        amount = self.amount
        if self.payer is BANK:
            state.bank -= amount
        else:
            state.players[self.payer].coins -= amount
        if self.payee is BANK:
            state.bank += amount
        else:
            state.players[self.payee].coins += amount


@register
class Invested(Event):
    __slots__ = fields = ("player", "card", "amount")
    type = "invested"
    card_fields = ("card",)

    def __init__(self, player, card, amount):
        self.player = player
        self.card = card
        self.amount = amount

    def apply(self, state):
        player = state.players[self.player]
        player.coins -= self.amount
        index = self.card.index
        player.invested[index] = player.invested.get(index, 0) + self.amount


@register
class Redistributed(Event):
    """Park: every player now holds `share` coins; the bank paid `topup` (coins before listed by seat)."""

    __slots__ = fields = ("player", "card", "before", "share", "topup")
    type = "redistributed"
    card_fields = ("card",)

    def __init__(self, player, card, before, share, topup):
        self.player = player
        self.card = card
        self.before = before
        self.share = share
        self.topup = topup

    def apply(self, state):
        for p in state.players:
            p.coins = self.share
        state.bank -= self.topup
