"""The named strategies (engine/strategies.py): whole games, their buying tables, their dice, their fallback."""
import pytest

from games.machikoro.engine import BOTS, CardSet, GameOptions, IncomeBot, legal_actions, make_bot, play_game
from games.machikoro.engine import actions as A
from games.machikoro.engine.state import BUILD, ROLL
from games.machikoro.engine.strategies import STRATEGIES, STRATEGY_BOTS
from games.tests.machikoro.helpers import BASE, EVERYTHING, arrange, card_data, game, official_cards

NAMES = [s.name for s in STRATEGIES]
STARTING = {"wheat-field": 1, "bakery": 1}


class Recorder:
    """Wraps a bot and keeps every (state copy, actions, choice) of its decisions in `phase`."""

    def __init__(self, bot, phase=BUILD):
        self.bot, self.phase, self.decisions, self.name = bot, phase, [], bot.name

    def act(self, state):
        from_state = state.clone()
        actions = legal_actions(state)
        choice = self.bot.choose(state, actions)
        if state.phase == self.phase:
            self.decisions.append((from_state, actions, choice))
        return choice


def test_every_strategy_is_offered_after_income_and_before_search():
    kinds = list(BOTS)
    assert len(NAMES) >= 6
    assert kinds[:3] == ["random", "greedy", "income"] and kinds[-1] == "search"
    assert kinds[3:-1] == NAMES


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("extensions, players", [(BASE, 2), (BASE, 4), (EVERYTHING, 5)])
def test_each_strategy_plays_whole_games_the_same_under_a_seed(name, extensions, players):
    card_set = official_cards().restrict(extensions)
    options = GameOptions(extensions=extensions, max_turns=2000)

    def play():
        bots = [make_bot(name, 7)] + [make_bot("income", 8 + s) for s in range(players - 1)]
        state, turns = play_game(card_set, options, 31, bots)
        return state.winner, turns, state.to_json()

    first = play()
    assert first[0] is not None            # a winner: the game went to its end
    assert play() == first


@pytest.mark.parametrize("strategy", STRATEGIES, ids=NAMES)
def test_a_strategy_buys_only_what_its_table_says_and_no_more(strategy):
    card_set = official_cards().restrict(BASE)
    wants = dict(strategy.wants)
    bought = {}
    for seed in range(6):
        bots = [make_bot(strategy.name, seed), make_bot("income", seed + 100)]
        state, _ = play_game(card_set, GameOptions(extensions=BASE), seed, bots)
        cards = state.to_json()["players"][0]["cards"]
        for slug, copies in cards.items():
            assert slug in wants or copies <= STARTING.get(slug, 0), (slug, copies)
            assert copies <= max(wants.get(slug, 0), STARTING.get(slug, 0))
            bought[slug] = max(bought.get(slug, 0), copies - STARTING.get(slug, 0))
    # It gets its cards: every wanted card was bought in some game.
    assert {slug for slug, copies in bought.items() if copies} == set(wants)


def test_cheese_factory_ends_with_ranches_and_cheese_factories_on_two_dice():
    recorder = Recorder(make_bot("cheese-factory", 3), phase=ROLL)
    state, _ = play_game(official_cards().restrict(BASE), GameOptions(extensions=BASE), 5,
                         [recorder, make_bot("bakery", 4)])
    city = state.to_json()["players"][0]
    assert city["cards"]["ranch"] >= 2 and city["cards"]["cheese-factory"] >= 1
    assert "train-station" in city["landmarks"]
    cheese = state.card_set.establishment_index["cheese-factory"]
    rolls = [(s.players[0].cards[cheese] > 0, c.dice) for s, _, c in recorder.decisions]
    assert {dice for has_factory, dice in rolls if has_factory} == {2}     # two dice once a factory can pay
    assert {dice for has_factory, dice in rolls if not has_factory} == {1}


def test_a_one_die_strategy_rolls_one_die_even_with_the_train_station():
    state = game(BASE)
    arrange(state, 0, landmarks=["train-station"], cards={"wheat-field": 6, "fruit-and-vegetable-market": 2})
    assert make_bot("bakery").choose(state, [A.Roll(1), A.Roll(2)]) == A.Roll(1)
    assert make_bot("fruit-market").choose(state, [A.Roll(1), A.Roll(2)]) == A.Roll(2)
    arrange(state, 0, cards={"wheat-field": 6, "bakery": 1})
    assert make_bot("fruit-market").choose(state, [A.Roll(1), A.Roll(2)]) == A.Roll(1)   # no market yet


def test_early_landmark_first_then_wanted_cards_then_saving():
    state = game(BASE)
    state.phase = BUILD
    bot = make_bot("cheese-factory")
    arrange(state, 0, coins=5)
    assert bot.choose(state, legal_actions(state)) == A.Build("train-station")
    arrange(state, 0, coins=5, landmarks=["train-station"])
    assert bot.choose(state, legal_actions(state)) == A.Buy("ranch")
    arrange(state, 0, coins=5, cards={"ranch": 6, "wheat-field": 1, "bakery": 1})
    assert bot.choose(state, legal_actions(state)) == A.Buy("cheese-factory")
    arrange(state, 0, coins=9, cards={"ranch": 6, "cheese-factory": 2, "wheat-field": 1, "bakery": 1})
    assert bot.choose(state, legal_actions(state)) == A.Pass()   # saves for the Shopping Mall
    arrange(state, 0, coins=10)
    assert bot.choose(state, legal_actions(state)) == A.Build("shopping-mall")


def test_the_winning_landmark_is_always_built():
    state = game(BASE)
    state.phase = BUILD
    arrange(state, 0, coins=22, cards={"wheat-field": 1, "bakery": 1},
            landmarks=["train-station", "shopping-mall", "amusement-park"])
    assert make_bot("bakery").choose(state, legal_actions(state)) == A.Build("radio-tower")


def _without(*slugs):
    data = card_data()
    data = {**data, "establishments": [c for c in data["establishments"] if c["slug"] not in slugs]}
    return CardSet.from_data(data, BASE)


def test_a_strategy_without_any_of_its_cards_plays_like_the_income_bot():
    card_set = _without("ranch", "cheese-factory")
    recorder = Recorder(make_bot("cheese-factory", 1))
    state, _ = play_game(card_set, GameOptions(extensions=BASE), 9, [recorder, make_bot("bakery", 2)])
    assert state.winner is not None and len(recorder.decisions) > 10
    income = IncomeBot(1)
    assert [income.choose(s, actions) for s, actions, _ in recorder.decisions] == [c for _, _, c in recorder.decisions]


def test_a_strategy_missing_one_card_still_buys_the_others():
    card_set = _without("cheese-factory")
    state, _ = play_game(card_set, GameOptions(extensions=BASE), 9, [make_bot("cheese-factory", 1), make_bot("bakery", 2)])
    assert state.winner is not None
    cards = state.to_json()["players"][0]["cards"]
    assert cards.get("ranch", 0) >= 2 and set(cards) <= {"ranch", "wheat-field", "bakery"}


def test_strategy_bots_are_named_by_their_kind():
    assert [bot.name for bot in STRATEGY_BOTS] == NAMES
    assert all(BOTS[name] is bot for name, bot in zip(NAMES, STRATEGY_BOTS))
