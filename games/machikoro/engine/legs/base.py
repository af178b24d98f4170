"""What every leg uses: seats in play order, coin transfers with the income bonus, guards and conditions,
and the Leg base class."""

import operator

from games.machikoro.engine import actions as A
from games.machikoro.engine.events import new_transfer
from games.machikoro.engine.state import BANK

OPERATORS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
             ">=": operator.ge}

_OPPONENTS = {}


def opponents(player_count, owner):
    """Other seats in clockwise order starting after `owner` (cached)."""
    key = (player_count, owner)
    seats = _OPPONENTS.get(key)
    if seats is None:
        seats = _OPPONENTS[key] = tuple((owner + i) % player_count for i in range(1, player_count))
    return seats


_CHOOSE_OPPONENT = {}


def _choose_opponent_actions(player_count, owner):
    """(ChooseOpponent(seat), ...) for every opponent of `owner`, clockwise (cached)."""
    key = (player_count, owner)
    actions = _CHOOSE_OPPONENT.get(key)
    if actions is None:
        actions = _CHOOSE_OPPONENT[key] = tuple(A.ChooseOpponent(seat) for seat in opponents(player_count, owner))
    return actions


def _owned(indexes, cards):
    """The establishment indexes among `indexes` of which `cards` (a player's counts) holds a copy."""
    return [i for i in indexes if cards[i]]


def transfer(state, events, payer, payee, owed, card):
    """Move up to `owed` coins (partial payment: a player never goes below 0; the rest is forgiven)."""
    players = state.players
    # Transfer.apply, inlined: payments are the most frequent event.
    if payer is BANK:
        amount = owed
        state.bank -= amount
    else:
        giver = players[payer]
        coins = giver.coins
        amount = owed if owed <= coins else coins
        giver.coins = coins - amount
    if payee is BANK:
        state.bank += amount
    else:
        players[payee].coins += amount
    events.append(new_transfer(payer, payee, amount, owed, card))
    return amount


def income_bonus(state, owner, card):
    """Extra coins per copy from the owner's built landmarks that boost this card (Shopping Mall)."""
    bonus = 0
    built = state.players[owner].built
    for landmark, amount in card.bonus:
        if built[landmark]:
            bonus += amount
    return bonus


def guards_hold(guards, state, owner, payer=None):
    for guard in guards:
        if not guard(state, owner, payer):
            return False
    return True


# ---- conditions ---------------------------------------------------------------------------------------------

def make_condition(subject, quantity, op, value, landmark=None, win_landmarks=()):
    """A closure (state, owner, payer) -> bool for `SUBJECT has L` / `SUBJECT QUANTITY OP N`.

    quantity is "has" (landmark index in `landmark`, or None when that landmark is not in play),
    "coins", "landmarks" (built landmarks that count toward winning) or "total" (subject "roll").
    """
    compare = OPERATORS[op] if op else None
    if subject == "roll":
        return lambda state, owner, payer: compare(state.total, value)
    if quantity == "has" and landmark is None:
        return lambda state, owner, payer: False

    if subject == "owner":
        def seat(state, owner, payer):
            return owner
    elif subject == "roller":
        def seat(state, owner, payer):
            return state.active
    else:
        def seat(state, owner, payer):
            return payer

    if quantity == "has":
        return lambda state, owner, payer: state.players[seat(state, owner, payer)].built[landmark]
    if quantity == "coins":
        return lambda state, owner, payer: compare(state.players[seat(state, owner, payer)].coins, value)

    def landmarks(state, owner, payer):
        built = state.players[seat(state, owner, payer)].built
        return compare(sum([built[i] for i in win_landmarks]), value)
    return landmarks


def count_cards(state, scope, indexes, owner, payer):
    """How many establishments match (closed copies included: they still exist)."""
    # List comprehensions: cheaper than generator expressions for these short index tuples.
    if scope == "own":
        cards = state.players[owner].cards
        return sum([cards[i] for i in indexes])
    if scope == "payer":
        cards = state.players[payer].cards
        return sum([cards[i] for i in indexes])
    return sum([p.cards[i] for p in state.players for i in indexes])


class Leg:
    __slots__ = ("guards",)
    choice = False

    def estimate(self, state, owner, card, roller):
        return 0


def _guards_hold_for(guards, state, owner, roller):
    """Evaluate guards as if `roller` were the active player (bots estimate other players' rolls)."""
    saved = state.active
    state.active = roller
    try:
        return guards_hold(guards, state, owner)
    finally:
        state.active = saved
