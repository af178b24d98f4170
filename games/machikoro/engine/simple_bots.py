"""The bots that need no search (bots.py lists every bot): each picks one action from the legal ones. They read cards only through the compiled legs, so they
play any card set, including cards a designer has just invented.

    RandomBot   uniform choice among the legal actions
    GreedyBot   builds the most expensive landmark it can afford, else buys the most expensive establishment
    IncomeBot   expected income per roll: values each purchase by the coins it should bring per round
    SearchBot   Monte-Carlo search over the build phase with the income bot as rollout policy (search.py)
"""

import random

from games.machikoro.engine import actions as A
from games.machikoro.engine import rules
from games.machikoro.engine.state import ADJUST, BUILD, CHOOSE, INVEST, REROLL, ROLL

# Probability of each total with 1, 2 or 3 dice (index = total).
DICE_PROBABILITIES = {}
for _count in (1, 2, 3):
    _ways = {0: 1}
    for _ in range(_count):
        _next = {}
        for _total, _n in _ways.items():
            for _face in range(1, 7):
                _next[_total + _face] = _next.get(_total + _face, 0) + _n
        _ways = _next
    DICE_PROBABILITIES[_count] = [(_ways.get(t, 0) / 6 ** _count) for t in range(6 * _count + 1)]


class Bot:
    name = ""

    def __init__(self, seed=0):
        self.random = random.Random(seed)

    def choose(self, state, actions):
        """Pick one of `actions` (the legal actions of `state`)."""
        raise NotImplementedError

    def act(self, state):
        """Pick an action in `state` (the simulator's entry point)."""
        return self.choose(state, rules.legal_actions(state))


class RandomBot(Bot):
    name = "random"

    def choose(self, state, actions):
        return actions[int(self.random.random() * len(actions))]

    def act(self, state):
        # The same draw as choose(state, legal_actions(state)), without listing what is not needed.
        phase = state.phase
        if phase == BUILD:
            actions = rules.build_actions(state)
            return actions[int(self.random.random() * len(actions))]
        if phase == ROLL:
            dice = rules.max_dice(state, state.active)
            return rules.ROLL_ACTIONS[dice][int(self.random.random() * dice)]
        if phase == CHOOSE:
            owner, card, leg = rules.current_choice(state)
            return leg.sample(state, owner, card, self.random)
        actions = rules.legal_actions(state)
        return actions[int(self.random.random() * len(actions))]


class GreedyBot(Bot):
    """A simple buying heuristic: always spend on the most expensive thing affordable."""

    name = "greedy"

    def choose(self, state, actions):
        phase = state.phase
        if phase == BUILD:
            return self._build(state, actions)
        if phase == ROLL:
            # Two dice once it owns cards that need them.
            owns_high = any(n and state.card_set.establishments[i].activation_min > 6
                            for i, n in enumerate(state.players[state.active].cards))
            return max(actions, key=lambda a: a.dice) if owns_high else actions[0]
        if phase == REROLL:
            return A.KeepRoll()
        if phase == ADJUST:
            return A.AdjustRoll(True)
        if phase == INVEST:
            return max(actions, key=lambda a: a.coins)
        return choose_effect_option(state, actions)

    def _build(self, state, actions):
        cs = state.card_set
        landmarks = [a for a in actions if type(a) is A.Build]
        if landmarks:
            return max(landmarks, key=lambda a: cs.landmark(a.landmark).cost)
        buys = [a for a in actions if type(a) is A.Buy]
        if buys:
            return max(buys, key=lambda a: (cs.establishment(a.card).cost, a.card))
        return actions[0]


class IncomeBot(Bot):
    """Values every choice by expected coins per round (one turn of every player)."""

    name = "income"

    def choose(self, state, actions):
        phase = state.phase
        if len(actions) == 1:
            return actions[0]
        if phase == ROLL:
            seat = state.active
            return max(actions, key=lambda a: own_roll_value(state, seat, a.dice))
        if phase == REROLL:
            seat = state.active
            current = net_income(state, seat, seat, state.total)
            best = max((a for a in actions if type(a) is A.Reroll), key=lambda a: own_roll_value(state, seat, a.dice))
            return best if own_roll_value(state, seat, best.dice) > current else A.KeepRoll()
        if phase == ADJUST:
            seat = state.active
            amount = state.card_set.landmarks[state.choice].abilities.adjust.amount
            add = net_income(state, seat, seat, state.total + amount) >= net_income(state, seat, seat, state.total)
            return A.AdjustRoll(add)
        if phase == BUILD:
            return self._build(state, actions)
        if phase == INVEST:
            coins = state.players[state.active].coins
            return max(actions, key=lambda a: a.coins) if coins >= 4 else min(actions, key=lambda a: a.coins)
        if phase == CHOOSE:
            return choose_effect_option(state, actions)
        return actions[0]

    def _build(self, state, actions):
        cs = state.card_set
        seat = state.active
        player = state.players[seat]
        remaining = sum(cs.landmarks[i].cost for i in cs.win_landmarks if not player.built[i])
        needed = sum(cs.landmarks[i].cost for i in cs.win_landmarks) or 1
        horizon = 4 + 10 * remaining / needed
        best, best_score = actions[0], 0.0
        for action in actions:
            kind = type(action)
            if kind is A.Build:
                landmark = cs.landmark(action.landmark)
                # A required landmark is progress toward the win: always worth more than any card.
                score = 1000 + landmark.cost if landmark.counts_toward_win else landmark.cost
            elif kind is A.Buy:
                card = cs.establishment(action.card)
                score = purchase_value(state, seat, card.index) * horizon - card.cost
                if card.build_legs:
                    score += sum(leg.estimate(state, seat, card, seat) for leg in card.build_legs)
            else:
                continue
            if score > best_score:
                best, best_score = action, score
        return best


# ---- shared helpers -----------------------------------------------------------------------------------------

def choose_effect_option(state, actions):
    """A sensible answer to any card's question, judged by the coins it moves."""
    seat = state.active
    cs = state.card_set
    players = state.players

    def card_worth(index, owner):
        card = cs.establishments[index]
        return card.cost + 3 * card_round_value(state, owner, index)

    def score(action):
        kind = type(action)
        if kind is A.ChooseOpponent:
            return players[action.opponent].coins
        if kind is A.Trade:
            return card_worth(cs.establishment_index[action.take], seat) - \
                card_worth(cs.establishment_index[action.give], seat)
        if kind is A.Renovate:
            index = cs.establishment_index[action.card]
            theirs = sum(p.cards[index] - p.closed[index] for i, p in enumerate(players) if i != seat)
            mine = players[seat].cards[index] - players[seat].closed[index]
            return theirs - 2 * mine
        if kind is A.Move:
            index = cs.establishment_index[action.card]
            # Give away the least useful card, to the poorest opponent.
            return -card_worth(index, seat) - 0.01 * players[action.opponent].coins
        if kind is A.Demolish:
            return -cs.landmark(action.landmark).cost
        if kind is A.Activate:
            index = cs.establishment_index[action.card]
            card = cs.establishments[index]
            copies = players[seat].cards[index]
            return copies * sum(leg.estimate(state, seat, card, seat) for leg in card.legs if not leg.choice)
        if kind is A.Decline:
            return 0
        return 0

    return max(actions, key=score)


def dice_for(state, seat):
    """How many dice a player is expected to roll (the most allowed)."""
    return rules.max_dice(state, seat)


def card_round_value(state, seat, index):
    """Expected coins one copy of establishment `index` brings `seat` per round, in the current state."""
    cs = state.card_set
    card = cs.establishments[index]
    activated_by = cs.colours[card.colour].activated_by
    count = len(state.players)
    value = 0.0
    for roller in range(count):
        if seat not in rules.activated_owners(count, roller, activated_by, state.options.neighbours_only):
            continue
        probabilities = DICE_PROBABILITIES.get(dice_for(state, roller), DICE_PROBABILITIES[2])
        chance = sum(probabilities[t] for t in range(card.activation_min, min(card.activation_max, len(probabilities) - 1) + 1))
        if chance:
            value += chance * sum(leg.estimate(state, seat, card, roller) for leg in card.legs)
    return value


def purchase_value(state, seat, index):
    """Expected coins per round from buying one more copy, counting what it adds to cards that count it."""
    player = state.players[seat]
    dependants = [i for i, n in enumerate(player.cards) if n and i != index]
    before = {i: card_round_value(state, seat, i) for i in dependants}
    player.cards[index] += 1
    try:
        gain = card_round_value(state, seat, index)
        for i in dependants:
            gain += player.cards[i] * (card_round_value(state, seat, i) - before[i])
    finally:
        player.cards[index] -= 1
    return gain


def net_income(state, seat, roller, total):
    """Coins `seat` should gain (or lose to red cards) when `roller` rolls `total`."""
    cs = state.card_set
    if total > cs.max_total:
        return 0.0
    count = len(state.players)
    gain = 0.0
    for activated_by, cards in cs.activation[total]:
        for owner in rules.activated_owners(count, roller, activated_by, state.options.neighbours_only):
            player = state.players[owner]
            for index in cards:
                copies = player.cards[index] - player.closed[index]
                if not copies:
                    continue
                card = cs.establishments[index]
                value = copies * sum(leg.estimate(state, owner, card, roller) for leg in card.legs)
                if owner == seat:
                    gain += value
                elif roller == seat and activated_by == "others":
                    gain -= value
    return gain


def own_roll_value(state, seat, dice):
    probabilities = DICE_PROBABILITIES.get(dice, DICE_PROBABILITIES[2])
    return sum(p * net_income(state, seat, seat, t) for t, p in enumerate(probabilities) if p)
