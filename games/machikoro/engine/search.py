"""SearchBot: Monte-Carlo search over the buying decision, with a memoised income bot as rollout policy.

In the build phase it lists the legal actions (pass, every affordable landmark, the `width` purchases the
income bot rates highest), plays short rollouts after each of them and keeps the one whose rollouts end best.
Rollouts use *common random numbers*: every candidate is played on the same determinised dice, so two
candidates are compared on the same luck. The budget (`rollouts` per decision) is spent by sequential
halving: each round plays every surviving candidate on fresh dice, then drops the worse half.

Hidden information: the clone a rollout plays on gets a fresh dice generator and a reshuffled market deck,
both drawn from the bot's own generator (seeded like any bot), so the bot never sees the game's future dice
or deck order, and a game stays reproducible under its seed. Every other phase (dice count, re-roll, Harbor,
card questions, Tech Startup) is decided like the income bot.

A rollout stops after `horizon` turns (or at the end of the game) and is scored by `evaluate`: a win or a loss
outweighs everything; otherwise coins + required landmarks built (at cost) + `income_weight` times the
expected income per round, minus the same for the best opponent.
"""

import math

from games.common import rng as _rng
from games.machikoro.engine import actions as A
from games.machikoro.engine import rules
from games.machikoro.engine.simple_bots import IncomeBot, card_round_value, own_roll_value
from games.machikoro.engine.rules import PHASE_HANDLERS
from games.machikoro.engine.state import BUILD, OVER, ROLL

WIN_VALUE = 1000.0        # the score of a rollout that ends with a win (minus for a loss)
MEMO_LIMIT = 200_000      # memo entries kept per table before it is emptied (bounds a long game's memory)


class RolloutPolicy(IncomeBot):
    """The income bot's judgement, memoised so a rollout costs a few dict lookups per turn.

    Purchases are ranked once per (seat, own cards, every seat's landmarks) and the dice count once per
    (seat, own cards, own landmarks); coins only decide which ranked purchase is affordable. Opponents'
    coins and cards are left out of the keys: the ranking is an approximation, good enough to play a
    rollout, that makes the same choices as the income bot in most positions.
    """

    name = "rollout"

    def __init__(self, seed=0):
        super().__init__(seed)
        self.rankings = {}
        self.dice = {}

    def act(self, state):
        phase = state.phase
        if phase == BUILD:
            return self._build_fast(state)
        if phase == ROLL:
            seat = state.active
            most = rules.max_dice(state, seat)
            if most == 1:
                return rules.ROLL_ACTIONS[1][0]
            player = state.players[seat]
            key = (seat, tuple(player.cards), tuple(player.built))
            found = self.dice.get(key)
            if found is None:
                _bounded(self.dice)
                found = self.dice[key] = max(rules.ROLL_ACTIONS[most],
                                             key=lambda a: own_roll_value(state, seat, a.dice))
            return found
        return IncomeBot.choose(self, state, rules.legal_actions(state))

    def _build_fast(self, state):
        seat = state.active
        player = state.players[seat]
        key = (seat, tuple(player.cards), tuple(tuple(p.built) for p in state.players))
        ranked = self.rankings.get(key)
        if ranked is None:
            _bounded(self.rankings)
            ranked = self.rankings[key] = rank_builds(state, seat)
        coins = player.coins
        market = state.market
        for cost, is_landmark, index, major, action in ranked:
            if cost > coins:
                continue
            if is_landmark:
                if not player.built[index]:
                    return action
            elif market[index] and not (major and player.cards[index]):
                return action
        return _PASS


_PASS = A.Pass()


def rank_builds(state, seat):
    """Everything `seat` might build, best first by the income bot's score: (cost, is_landmark, index,
    major, action). Establishments the income bot would not buy (score <= 0) are left out."""
    cs = state.card_set
    player = state.players[seat]
    horizon = income_horizon(state, seat)
    scored = []
    for landmark in cs.landmarks:
        if not player.built[landmark.index]:
            score = 1000 + landmark.cost if landmark.counts_toward_win else landmark.cost
            scored.append((score, landmark.cost, True, landmark.index, False, A.Build(landmark.slug)))
    for card in cs.establishments:
        if card.major and player.cards[card.index]:
            continue
        score = buy_score(state, seat, card, horizon)
        if score > 0:
            scored.append((score, card.cost, False, card.index, card.major, A.Buy(card.slug)))
    scored.sort(key=lambda row: (-row[0], row[3], row[2]))
    return [row[1:] for row in scored]


def income_horizon(state, seat):
    """The income bot's payback horizon in rounds: long early, short once most landmarks are built."""
    cs = state.card_set
    built = state.players[seat].built
    remaining = sum(cs.landmarks[i].cost for i in cs.win_landmarks if not built[i])
    needed = sum(cs.landmarks[i].cost for i in cs.win_landmarks) or 1
    return 4 + 10 * remaining / needed


def buy_score(state, seat, card, horizon):
    """The income bot's score of buying one `card`: coins it brings over `horizon` rounds, minus its cost."""
    score = purchase_gain(state, seat, card.index) * horizon - card.cost
    if card.build_legs:
        score += sum(leg.estimate(state, seat, card, seat) for leg in card.build_legs)
    return score


_COUNTERS = {}


def counters_of(card_set):
    """For each establishment index, the establishments whose legs count it (Cheese Factory counts Ranch)."""
    found = _COUNTERS.get(id(card_set))
    if found is None or found[0] is not card_set:
        table = [[] for _ in card_set.establishments]
        for card in card_set.establishments:
            for leg in card.legs:
                for attribute in ("indexes", "count_indexes"):
                    for index in getattr(leg, attribute, None) or ():
                        if card.index not in table[index]:
                            table[index].append(card.index)
        found = _COUNTERS[id(card_set)] = (card_set, table)
    return found[1]


def purchase_gain(state, seat, index):
    """Coins per round one more copy of `index` brings: its own payout plus what it adds to the cards that
    count it. The same figure as bots.purchase_value, computed only for the cards that can change."""
    player = state.players[seat]
    dependants = [j for j in counters_of(state.card_set)[index] if j != index and player.cards[j]]
    before = [card_round_value(state, seat, j) for j in dependants]
    player.cards[index] += 1
    try:
        gain = card_round_value(state, seat, index)
        for j, value in zip(dependants, before):
            gain += player.cards[j] * (card_round_value(state, seat, j) - value)
    finally:
        player.cards[index] -= 1
    return gain


class SearchBot(IncomeBot):
    """Monte-Carlo search over the build phase's legal actions (see the module docstring).

    rollouts: rollouts per build decision (the budget; the cost grows linearly with it)
    horizon: turns a rollout plays before it is scored
    width: purchases searched (the income bot's best); pass and every affordable landmark are always searched
    income_weight: rounds of expected income the evaluation counts, beside coins and landmarks
    """

    name = "search"

    def __init__(self, seed=0, rollouts=48, horizon=6, width=4, income_weight=3.0):
        if rollouts < 1 or horizon < 1 or width < 0:
            raise ValueError("a search bot needs rollouts >= 1, horizon >= 1 and width >= 0")
        super().__init__(seed)
        self.rollouts = rollouts
        self.horizon = horizon
        self.width = width
        self.income_weight = income_weight
        self.policy = RolloutPolicy(seed)
        self.incomes = {}
        self.rollouts_played = 0       # counted for tests and benchmarks

    def choose(self, state, actions):
        if state.phase != BUILD or len(actions) == 1:
            return IncomeBot.choose(self, state, actions)
        # A budget smaller than the candidates keeps the first ones (pass, landmarks, best purchases).
        candidates = self.candidates(state, actions)[:self.rollouts]
        if len(candidates) == 1:
            return candidates[0]
        return candidates[self._halving(state, candidates)]

    def candidates(self, state, actions):
        """Pass, the landmarks, then the `width` best purchases by the income bot's score (legal order)."""
        seat = state.active
        horizon = income_horizon(state, seat)
        cs = state.card_set
        kept, buys = [], []
        for position, action in enumerate(actions):
            if type(action) is A.Buy:
                buys.append((-buy_score(state, seat, cs.establishment(action.card), horizon), position, action))
            else:
                kept.append(action)
        buys.sort()
        return kept + [action for _, _, action in buys[:self.width]]

    def _halving(self, state, candidates):
        """Sequential halving over `candidates`; return the index of the one kept."""
        seat = state.active
        alive = list(range(len(candidates)))
        totals = [0.0] * len(candidates)
        rounds = math.ceil(math.log2(len(candidates)))
        left = self.rollouts
        for round_number in range(rounds):
            per = left // ((rounds - round_number) * len(alive))
            if per == 0:
                if left < len(alive):
                    break       # the budget cannot give every survivor one more rollout
                per = 1
            seeds = [self.random.getrandbits(64) for _ in range(per)]
            for i in alive:
                for seed in seeds:
                    totals[i] += self.rollout(state, candidates[i], seed, seat)
            left -= per * len(alive)
            # Survivors have all been played on the same dice, so their totals compare directly.
            alive.sort(key=lambda i: (-totals[i], i))
            alive = alive[:(len(alive) + 1) // 2]
            if len(alive) == 1 or left <= 0:
                break
        return alive[0]

    def rollout(self, state, action, seed, seat):
        """Play `action` then `horizon` turns of the rollout policy on a determinised copy; score it for `seat`."""
        self.rollouts_played += 1
        sim = state.clone()
        sim.rng = seed          # fresh dice: never the game's own generator
        if sim.deck:
            sim.rng = _rng.shuffle(sim.rng, sim.deck)   # the deck's order is hidden too
        events = []
        handlers = PHASE_HANDLERS
        handlers[BUILD](sim, action, events)
        stop = sim.turn + self.horizon
        act = self.policy.act
        while sim.phase != OVER and sim.turn < stop:
            if len(events) > 64:
                events.clear()
            handlers[sim.phase](sim, act(sim), events)
        return self.evaluate(sim, seat)

    def evaluate(self, state, seat):
        """A rollout's score for `seat`: +-WIN_VALUE for a finished game (0 if it stopped without a winner),
        else its worth minus the best opponent's."""
        if state.phase == OVER:
            if state.winner is None:
                return 0.0
            return WIN_VALUE if state.winner == seat else -WIN_VALUE
        mine = self.worth(state, seat)
        return mine - max(self.worth(state, other) for other in range(len(state.players)) if other != seat)

    def worth(self, state, seat):
        cs = state.card_set
        player = state.players[seat]
        landmarks = 0
        for index in cs.win_landmarks:
            if player.built[index]:
                landmarks += cs.landmarks[index].cost
        return player.coins + landmarks + self.income_weight * self.round_income(state, seat)

    def round_income(self, state, seat):
        """Expected coins per round from `seat`'s open establishments (memoised on its cards and landmarks)."""
        player = state.players[seat]
        key = (seat, tuple(player.cards), tuple(player.closed), tuple(tuple(p.built) for p in state.players))
        found = self.incomes.get(key)
        if found is None:
            _bounded(self.incomes)
            found = 0.0
            for index, copies in enumerate(player.cards):
                copies -= player.closed[index]
                if copies > 0:
                    found += copies * card_round_value(state, seat, index)
            self.incomes[key] = found
        return found


def _bounded(memo):
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
