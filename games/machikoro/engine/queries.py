"""What the player to act may do now: dice and re-roll limits, the legal actions of each phase, and the
pending choice in words. Read-only: nothing here changes a state."""

from games.machikoro.engine import actions as A
from games.machikoro.engine import market
from games.machikoro.engine.state import ADJUST, BUILD, CHOOSE, INVEST, REROLL, ROLL

_PASS = A.Pass()
_KEEP = A.KeepRoll()
_ADJUST_CHOICES = (A.AdjustRoll(True), A.AdjustRoll(False))
_REROLLS = {}
_INVEST_CHOICES = {}


# ---- queries ------------------------------------------------------------------------------------------------

def max_dice(state, seat):
    """How many dice `seat` may roll: 1, or the best built roll.dice landmark."""
    built = state.players[seat].built
    best = 1
    for landmark, dice in state.card_set.dice_landmarks:
        if built[landmark] and dice > best:
            best = dice
    return best


def max_rerolls(state, seat):
    built = state.players[seat].built
    total = 0
    for landmark, times in state.card_set.reroll_landmarks:
        if built[landmark]:
            total += times
    return total


def has_won(state, seat):
    built = state.players[seat].built
    return all(built[i] for i in state.card_set.win_landmarks)


class _RollActions(dict):
    """ROLL_ACTIONS[count] = (Roll(1), ..., Roll(count)), built on first use."""

    def __missing__(self, count):
        found = self[count] = tuple(A.Roll(n) for n in range(1, count + 1))
        return found


ROLL_ACTIONS = _RollActions()     # a plain lookup: bots index it on every roll


def roll_actions(count):
    return ROLL_ACTIONS[count]


def _reroll_actions(count):
    found = _REROLLS.get(count)
    if found is None:
        found = _REROLLS[count] = (_KEEP,) + tuple(A.Reroll(n) for n in range(1, count + 1))
    return found


def _invest_actions(amount):
    found = _INVEST_CHOICES.get(amount)
    if found is None:
        found = _INVEST_CHOICES[amount] = (A.Invest(0), A.Invest(amount))
    return found


def legal_actions(state):
    """Every action the seat `state.to_act` may take now (empty once the game is over)."""
    phase = state.phase
    if phase == ROLL:
        return list(roll_actions(max_dice(state, state.active)))
    if phase == BUILD:
        return build_actions(state)
    if phase == REROLL:
        return list(_reroll_actions(max_dice(state, state.active)))
    if phase == ADJUST:
        return list(_ADJUST_CHOICES)
    if phase == CHOOSE:
        owner, card, leg = current_choice(state)
        return leg.options(state, owner, card)
    if phase == INVEST:
        return list(_invest_actions(state.card_set.establishments[state.choice].invest))
    return []


def build_actions(state):
    """Pass, then the affordable unbuilt landmarks, then the affordable establishments one may buy."""
    cs = state.card_set
    player = state.players[state.active]
    coins = player.coins
    if coins > cs.max_cost:
        coins = cs.max_cost
    # Plain loops with found.append: cheaper than comprehensions for these short tables.
    found = [_PASS]
    built = player.built
    for index, action in cs.affordable_builds[coins]:
        if not built[index]:
            found.append(action)
    market = state.market
    cards = player.cards
    for index, major, action in cs.affordable_buys[coins]:
        if market[index] and not (major and cards[index]):
            found.append(action)
    return found


def current_choice(state):
    frame = state.pending[-1]
    card = state.card_set.establishments[frame[1]]
    return frame[0], card, card.legs[frame[3]]


def describe_choice(state):
    """For a UI: what is being asked, e.g. {"phase": "choose", "player": 0, "card": "tv-station",
    "verb": "chosen_opponent"}."""
    if state.phase == CHOOSE:
        owner, card, leg = current_choice(state)
        return {"phase": CHOOSE, "player": owner, "card": card.slug, "verb": leg.verb}
    if state.phase == ADJUST:
        return {"phase": ADJUST, "player": state.active, "card": state.card_set.landmarks[state.choice].slug}
    if state.phase == INVEST:
        return {"phase": INVEST, "player": state.active, "card": state.card_set.establishments[state.choice].slug}
    return {"phase": state.phase, "player": state.to_act}
