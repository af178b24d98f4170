"""Plain-function constructors for the events the engine emits every turn (see below)."""

from games.machikoro.engine.events.cards import Bought
from games.machikoro.engine.events.coins import Transfer
from games.machikoro.engine.events.turn import DiceRolled, TurnStarted

# ---- fast constructors --------------------------------------------------------------------------------------
# Calling an event class runs its __init__ through the interpreter's slow class-call path. The engine emits
# several of these events every turn, so its hot paths build them with plain functions instead: the same
# objects, with the same fields.

_new = object.__new__


def new_transfer(payer, payee, amount, owed, card):
    event = _new(Transfer)
    event.payer = payer
    event.payee = payee
    event.amount = amount
    event.owed = owed
    event.card = card
    return event


def new_dice_rolled(player, dice, purpose):
    event = _new(DiceRolled)
    event.player = player
    event.dice = dice
    event.purpose = purpose
    return event


def new_bought(player, card, cost):
    event = _new(Bought)
    event.player = player
    event.card = card
    event.cost = cost
    return event


def new_turn_started(player, turn, extra):
    event = _new(TurnStarted)
    event.player = player
    event.turn = turn
    event.extra = extra
    return event
