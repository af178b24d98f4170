"""Events: the only way the engine changes the material state of a game.

Each event is applied to the state the moment it is emitted, and the same `apply` replays it later, so a
game's initial state plus its events rebuild its final state (`replay`). Events name players by seat
(0-based, `None` = the bank) and cards by card definition; their JSON names cards by slug.
"""

from .errors import ReplayError, SerialisationError
from games.common import rng as _rng
from .state import BANK, OVER, ROLL

_EVENT_TYPES = {}


def _register(cls):
    _EVENT_TYPES[cls.type] = cls
    return cls


class Event:
    """Base class. `fields` lists the attributes in JSON order; card fields hold card definitions."""

    __slots__ = ()
    type = ""
    fields = ()
    card_fields = ()

    def apply(self, state):
        """Change `state` as this event says (the engine calls it once; `replay` calls it again)."""

    def to_json(self):
        data = {"type": self.type}
        for name in self.fields:
            value = getattr(self, name)
            if name in self.card_fields:
                value = None if value is None else value.slug
            elif isinstance(value, tuple):
                value = list(value)
            data[name] = value
        return data

    @staticmethod
    def from_json(data, card_set):
        """Rebuild an event from `to_json()` output for the given (game) card set."""
        try:
            cls = _EVENT_TYPES[data["type"]]
            values = []
            for name in cls.fields:
                value = data[name]
                if name in cls.card_fields and value is not None:
                    value = card_set.card_by_slug(value)
                elif isinstance(value, list):
                    value = tuple(value)
                values.append(value)
        except (KeyError, TypeError) as exc:
            raise SerialisationError(f"malformed event {data!r}: {exc!r}") from exc
        return cls(*values)

    def __eq__(self, other):
        return type(self) is type(other) and all(getattr(self, f) == getattr(other, f) for f in self.fields)

    def __hash__(self):
        return hash((self.type,) + tuple(getattr(self, f) for f in self.fields))

    def __repr__(self):
        args = ", ".join(f"{name}={self.to_json()[name]!r}" for name in self.fields)
        return f"{type(self).__name__}({args})"


@_register
class TurnStarted(Event):
    __slots__ = ("player", "turn", "extra")
    type = "turn_started"
    fields = ("player", "turn", "extra")

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


@_register
class DiceRolled(Event):
    """purpose: "roll" (the turn's roll), "reroll" (Radio Tower) or "shared" (Tuna Boat's once-a-turn roll)."""

    __slots__ = ("player", "dice", "purpose")
    type = "dice_rolled"
    fields = ("player", "dice", "purpose")

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


@_register
class RollAdjusted(Event):
    __slots__ = ("player", "landmark", "amount")
    type = "roll_adjusted"
    fields = ("player", "landmark", "amount")
    card_fields = ("landmark",)

    def __init__(self, player, landmark, amount):
        self.player = player
        self.landmark = landmark
        self.amount = amount

    def apply(self, state):
        state.total += self.amount


@_register
class Transfer(Event):
    """`payer` pays `payee` `amount` coins (seats; None = the bank) because of `card`.

    `owed` is what the card asked for; when the payer was short, amount < owed and the rest is forgiven.
    """

    __slots__ = ("payer", "payee", "amount", "owed", "card")
    type = "transfer"
    fields = ("payer", "payee", "amount", "owed", "card")
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


@_register
class Bought(Event):
    __slots__ = ("player", "card", "cost")
    type = "bought"
    fields = ("player", "card", "cost")
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


@_register
class LandmarkBuilt(Event):
    __slots__ = ("player", "landmark", "cost")
    type = "landmark_built"
    fields = ("player", "landmark", "cost")
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


@_register
class LandmarkDemolished(Event):
    __slots__ = ("player", "landmark", "card")
    type = "landmark_demolished"
    fields = ("player", "landmark", "card")
    card_fields = ("landmark", "card")

    def __init__(self, player, landmark, card):
        self.player = player
        self.landmark = landmark
        self.card = card

    def apply(self, state):
        state.players[self.player].built[self.landmark.index] = False


@_register
class CardsClosed(Event):
    __slots__ = ("player", "card", "count")
    type = "cards_closed"
    fields = ("player", "card", "count")
    card_fields = ("card",)

    def __init__(self, player, card, count):
        self.player = player
        self.card = card
        self.count = count

    def apply(self, state):
        state.players[self.player].closed[self.card.index] += self.count


@_register
class CardsReopened(Event):
    """Closed copies that came up: they reopen instead of producing their effect."""

    __slots__ = ("player", "card", "count")
    type = "cards_reopened"
    fields = ("player", "card", "count")
    card_fields = ("card",)

    def __init__(self, player, card, count):
        self.player = player
        self.card = card
        self.count = count

    def apply(self, state):
        state.players[self.player].closed[self.card.index] -= self.count


@_register
class CardGiven(Event):
    """One copy changes owner (Business Center trade, Moving Company); a closed copy stays closed."""

    __slots__ = ("giver", "receiver", "card", "closed")
    type = "card_given"
    fields = ("giver", "receiver", "card", "closed")
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


@_register
class CardReturned(Event):
    """A card goes back to the market (Exhibit Hall): onto its stack, or under the deck if its stack is hidden."""

    __slots__ = ("player", "card", "to_deck")
    type = "card_returned"
    fields = ("player", "card", "to_deck")
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


@_register
class MarketDrawn(Event):
    """The top card of the market deck is turned face up."""

    __slots__ = ("card",)
    type = "market_drawn"
    fields = ("card",)
    card_fields = ("card",)

    def __init__(self, card):
        self.card = card

    def apply(self, state):
        index = state.deck.pop()
        if index != self.card.index:
            raise ReplayError(f"the deck's top card is not {self.card.slug}")
        state.market[index] += 1


@_register
class MarketRemoved(Event):
    """A major-establishment stack every player already owns leaves the game (N-stack market)."""

    __slots__ = ("card", "count")
    type = "market_removed"
    fields = ("card", "count")
    card_fields = ("card",)

    def __init__(self, card, count):
        self.card = card
        self.count = count

    def apply(self, state):
        state.market[self.card.index] -= self.count
        state.removed[self.card.index] += self.count


@_register
class Invested(Event):
    __slots__ = ("player", "card", "amount")
    type = "invested"
    fields = ("player", "card", "amount")
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


@_register
class Redistributed(Event):
    """Park: every player now holds `share` coins; the bank paid `topup` (coins before listed by seat)."""

    __slots__ = ("player", "card", "before", "share", "topup")
    type = "redistributed"
    fields = ("player", "card", "before", "share", "topup")
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


@_register
class Activated(Event):
    """A card made another card type activate (Exhibit Hall): a record, the effects follow as events."""

    __slots__ = ("player", "card", "by")
    type = "activated"
    fields = ("player", "card", "by")
    card_fields = ("card", "by")

    def __init__(self, player, card, by):
        self.player = player
        self.card = card
        self.by = by


@_register
class GameOver(Event):
    """winner: a seat, or None when the game was stopped by the turn limit."""

    __slots__ = ("winner", "reason")
    type = "game_over"
    fields = ("winner", "reason")

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


def replay(initial_state, events):
    """Apply `events` to a copy of `initial_state` and return the result.

    Dice events re-draw from the replayed random state and must match, so a replay also checks that the
    events really are the ones the seeded game produced.
    """
    state = initial_state.clone()
    for event in events:
        if isinstance(event, DiceRolled):
            state.rng, dice = _rng.roll_dice(state.rng, len(event.dice))
            if dice != tuple(event.dice):
                raise ReplayError(f"replayed dice {dice} differ from the recorded {tuple(event.dice)}")
        event.apply(state)
    return state


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
