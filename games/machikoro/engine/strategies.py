"""Named strategies: scripted players from the strategy threads of the Machi Koro community, written as data.

Each strategy is a small table (`Strategy`): the establishments it wants, in priority order, each with the number
of copies it wants to own (starting cards included); the order in which it builds its landmarks; the landmarks it
builds as soon as it can afford them, even before its cards are complete; and how many dice it rolls.

How a strategy bot rolls and spends its build phase (the only phases where it differs from the income bot):

0. Dice: a one-die strategy always rolls one die. A two-dice strategy rolls one die until it owns one of its
   wanted cards that needs a total above 6, then as many dice as the income bot would.

1. The last landmark it needs to win, when affordable: always built.
2. An affordable landmark of its `early` list (the Train Station of a two-dice strategy).
3. The first wanted card, in table order, that it owns fewer copies of than wanted and can buy now.
4. Once no wanted card is left to get (each owned as often as wanted, or none left in the market), the first
   affordable landmark in its order; otherwise it builds nothing and saves its coins.

Everything else (re-rolls, Harbor's +2, the questions cards ask, Tech Startup) is answered as the income bot does.
The table is read against the card set in play through its slugs: a wanted card the set lacks is skipped, and a
set that has none of the strategy's cards makes it play exactly like the income bot. Landmarks the order does not
name (an extension's) come after it, cheapest first. No randomness of its own: a game replays under its seed.
"""
import weakref
from dataclasses import dataclass

from games.machikoro.engine import actions as A
from games.machikoro.engine import rules
from games.machikoro.engine.simple_bots import IncomeBot
from games.machikoro.engine.state import BUILD, ROLL

BASE_LANDMARKS = ("train-station", "shopping-mall", "amusement-park", "radio-tower")
ONE_DIE_LANDMARKS = ("shopping-mall", "amusement-park", "radio-tower", "train-station")


@dataclass(frozen=True)
class Strategy:
    name: str                  # the bot's kind (the wire token)
    wants: tuple               # ((establishment slug, copies wanted), ...) in priority order
    landmarks: tuple           # landmark slugs in build order (others follow, cheapest first)
    early: tuple = ()          # landmarks built whenever affordable, before the wanted cards are complete
    dice: int = 1              # 1: always one die; 2: the income bot's choice once it owns a wanted card above 6


STRATEGIES = (
    # Ranches, then two Cheese Factories on two dice: a 7 pays 3 coins per ranch per factory.
    Strategy("cheese-factory", (("ranch", 6), ("cheese-factory", 2)), BASE_LANDMARKS,
             early=("train-station",), dice=2),
    # Bakeries only, one die: every 2 or 3 it rolls pays each bakery.
    Strategy("bakery", (("bakery", 6),), ONE_DIE_LANDMARKS),
    # Convenience Stores (a 4 pays 3 each), then a few bakeries, one die.
    Strategy("convenience-store", (("convenience-store", 6), ("bakery", 3)), ONE_DIE_LANDMARKS),
    # The control group: a couple of every cheap card for 1 to 6, one die, the Train Station last.
    Strategy("one-die-spread", (("wheat-field", 2), ("ranch", 2), ("bakery", 2), ("forest", 1),
                                ("convenience-store", 2), ("cafe", 2), ("family-restaurant", 1), ("stadium", 1)),
             ONE_DIE_LANDMARKS),
    # Forests and mines feeding two Furniture Factories (an 8 pays 3 per gear card per factory), two dice.
    Strategy("furniture-factory", (("forest", 3), ("mine", 3), ("furniture-factory", 2)), BASE_LANDMARKS,
             early=("train-station",), dice=2),
    # Wheat fields feeding Fruit and Vegetable Markets (an 11 or 12 pays 2 per wheat card per market), two dice.
    Strategy("fruit-market", (("wheat-field", 6), ("fruit-and-vegetable-market", 6)), BASE_LANDMARKS,
             early=("train-station",), dice=2),
)


_PLANS = weakref.WeakKeyDictionary()   # card set -> {strategy: its plan}; card sets are immutable, bots per game


class StrategyBot(IncomeBot):
    """A scripted strategy (`strategy`, a `Strategy`) on top of the income bot's answers."""

    strategy = None

    def choose(self, state, actions):
        phase = state.phase
        if phase == BUILD:
            plan = self._plan(state.card_set)
            if plan is not None:
                return self._build_by_plan(state, actions, plan)
        elif phase == ROLL:
            plan = self._plan(state.card_set)
            if plan is not None:
                return rules.ROLL_ACTIONS[1][0] if self._one_die(state, plan) else super().choose(state, actions)
        return super().choose(state, actions)

    def _plan(self, card_set):
        """(wants as (index, copies), landmark indices in order, early indices, wanted cards above 6), or None: no wanted card in the
        set, so the income bot plays (what a strategy does with cards it cannot get is nobody's script)."""
        plans = _PLANS.get(card_set)
        if plans is None:
            plans = _PLANS.setdefault(card_set, {})
        if self.name in plans:
            return plans[self.name]
        indices = card_set.establishment_index
        wants = tuple((indices[slug], copies) for slug, copies in self.strategy.wants if slug in indices)
        plan = None
        if wants:
            named = [card_set.landmark_index[s] for s in self.strategy.landmarks if s in card_set.landmark_index]
            others = sorted((l.index for l in card_set.landmarks if l.index not in named), key=lambda i: (
                card_set.landmarks[i].cost, i))
            early = frozenset(card_set.landmark_index[s] for s in self.strategy.early
                              if s in card_set.landmark_index)
            high = tuple(index for index, _ in wants if card_set.establishments[index].activation_min > 6)
            plan = (wants, tuple(named + others), early, high)
        plans[self.name] = plan
        return plan

    def _one_die(self, state, plan):
        """One die for a one-die strategy, and for a two-dice one until it owns a wanted card above 6."""
        if self.strategy.dice < 2:
            return True
        high = plan[3]
        cards = state.players[state.active].cards
        return not any(cards[index] for index in high)

    def _build_by_plan(self, state, actions, plan):
        wants, order, early, _high = plan
        cs = state.card_set
        player = state.players[state.active]
        built = player.built
        landmarks = {cs.landmark_index[a.landmark]: a for a in actions if type(a) is A.Build}
        missing = [i for i in cs.win_landmarks if not built[i]]
        if len(missing) == 1 and missing[0] in landmarks:
            return landmarks[missing[0]]
        for index in order:
            if index in early and index in landmarks:
                return landmarks[index]
        buys = {cs.establishment_index[a.card]: a for a in actions if type(a) is A.Buy}
        wanting = False
        for index, copies in wants:
            if player.cards[index] >= copies or not state.market[index]:
                continue
            if index in buys:
                return buys[index]
            wanting = True
        if not wanting:
            for index in order:
                if index in landmarks:
                    return landmarks[index]
        return A.Pass()


def _bot_class(strategy):
    name = "".join(part.capitalize() for part in strategy.name.split("-")) + "Strategy"
    return type(name, (StrategyBot,), {"name": strategy.name, "strategy": strategy, "__doc__": (
        f"The {strategy.name} strategy (see strategies.STRATEGIES).")})


STRATEGY_BOTS = tuple(_bot_class(strategy) for strategy in STRATEGIES)
