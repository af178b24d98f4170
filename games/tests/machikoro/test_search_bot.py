"""The search bot: legal, reproducible under its seed, within its rollout budget, blind to the game's future
dice, and stronger than the income bot."""

import pytest

from games.common.rng import derive
from games.machikoro.engine import GameOptions, apply_in_place, legal_actions, make_bot, new_game, play_game
from games.machikoro.engine import actions as A
from games.machikoro.engine.search import RolloutPolicy, SearchBot
from games.machikoro.engine.state import BUILD, OVER

from games.tests.machikoro.helpers import BASE, EVERYTHING, HARBOR_MR, arrange, game, official_cards
from games.tests.sequential import STRONGER, Sprt


def play(extensions, players, seed, market="all", max_turns=None, **budget):
    """A game with a search bot in seat 0 and income bots elsewhere; return (state, actions seat 0 took)."""
    options = GameOptions(extensions=extensions, market=market, max_turns=max_turns)
    state = new_game(official_cards(), options, seed, players)
    bots = [make_bot("search", derive(seed, 0), **budget)]
    bots += [make_bot("income", derive(seed, s)) for s in range(1, players)]
    taken = []
    while state.phase != OVER:
        seat = state.active
        actions = legal_actions(state)
        action = bots[seat].choose(state, actions)
        assert action in actions
        if seat == 0:
            taken.append(action)
        apply_in_place(state, action)
    return state, taken


@pytest.mark.parametrize("extensions, players, market", [(EVERYTHING, 4, "all"), (HARBOR_MR, 3, 10)])
def test_the_search_bot_only_chooses_legal_actions(extensions, players, market):
    state, taken = play(extensions, players, 3, market=market, max_turns=120, rollouts=6, horizon=4)
    assert any(type(a) in (A.Buy, A.Build) for a in taken)


def test_the_same_seed_plays_the_same_game_and_another_seed_differs():
    first = play(BASE, 2, 5, rollouts=8)
    again = play(BASE, 2, 5, rollouts=8)
    assert first[1] == again[1] and first[0] == again[0]
    # The bot's seed alone changes its rollouts' dice, hence (over a game) some choice.
    pairs = [[make_bot("search", seed, rollouts=8), make_bot("income", 1)] for seed in (1, 2)]
    finals = [play_game(official_cards(), GameOptions(), 5, pair)[0] for pair in pairs]
    assert finals[0] != finals[1]


def rich_build_state():
    """Seat 0 in its build phase with 11 coins: several landmarks and purchases to weigh."""
    state = arrange(game(BASE), 0, coins=11, cards={"wheat-field": 2, "bakery": 1, "ranch": 1})
    arrange(state, 1, coins=4, cards={"wheat-field": 1, "bakery": 1, "cafe": 1})
    state.phase = BUILD
    return state


def test_a_decision_spends_at_most_its_rollout_budget():
    state = rich_build_state()
    actions = legal_actions(state)
    for budget in (5, 16, 40):
        bot = SearchBot(7, rollouts=budget)
        assert len(bot.candidates(state, actions)) >= 5
        bot.choose(state, actions)
        assert 1 <= bot.rollouts_played <= budget
    # A phase that is not a build, or a build with one legal action, costs no rollout.
    bot = SearchBot(7, rollouts=40)
    bot.choose(game(BASE), legal_actions(game(BASE)))
    assert bot.rollouts_played == 0


def test_candidates_are_pass_the_landmarks_and_the_best_purchases():
    state = rich_build_state()
    actions = legal_actions(state)
    candidates = SearchBot(0, width=2).candidates(state, actions)
    assert candidates[0] == A.Pass()
    assert {a for a in candidates if type(a) is A.Build} == {a for a in actions if type(a) is A.Build}
    assert len([a for a in candidates if type(a) is A.Buy]) == 2
    assert set(candidates) <= set(actions)


def test_the_search_never_reads_the_games_own_dice():
    state = rich_build_state()
    actions = legal_actions(state)
    choices = set()
    for game_rng in range(12):
        state.rng = game_rng * 7919
        choices.add(SearchBot(3, rollouts=12).choose(state, actions))
    # Same bot seed, different hidden game dice: the decision cannot depend on them.
    assert len(choices) == 1
    assert state.rng == 11 * 7919     # and the game's generator is left untouched


def test_the_rollout_policy_buys_like_the_income_bot():
    same = total = 0
    for seed in range(6):
        state = new_game(official_cards(), GameOptions(), seed, 2)
        policy, income = RolloutPolicy(seed), make_bot("income", seed)
        while state.phase != OVER and state.turn < 60:
            action = income.act(state)
            if state.phase == BUILD:
                total += 1
                same += policy.act(state) == action
            apply_in_place(state, action)
    assert same >= 0.9 * total


def search_against_income(index):
    """Game `index` of a two-player base game, the search bot (32 rollouts) against the income bot; returns [1]
    if the search bot won, else [0]."""
    seed = derive(2024, index)
    seat = index % 2               # seats alternate: the first player's edge is shared evenly
    search = make_bot("search", derive(seed, 9), rollouts=32)
    income = make_bot("income", derive(seed, 8))
    state, _ = play_game(official_cards(), GameOptions(), seed, [search, income] if seat == 0 else [income, search])
    return [int(state.winner == seat)]


def test_search_beats_income_in_two_player_games():
    """The search bot wins over half its games, accepted by a sequential test (games/tests/sequential.py) with
    at most a 5 % chance of passing a bot that wins half or less (the 100 games and 58 wins it replaces allowed
    6.7 %). Its target, 62 %, is a little under the measured 65 %; it looks every 10 games (both seatings
    equally often) and stops after about 60, at most 400."""
    verdict = Sprt(0.5, 0.62, alpha=0.05).run(search_against_income, batch=10, cap=400)
    assert verdict.decision == STRONGER, verdict


def test_a_bad_budget_is_refused():
    with pytest.raises(ValueError):
        make_bot("search", 0, rollouts=0)
    with pytest.raises(TypeError):
        make_bot("income", 0, rollouts=8)
