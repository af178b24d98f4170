"""Bots choose legal actions and differ in strength; the simulator and the management command."""

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from games.common.rng import derive
from games.machikoro.engine import GameOptions, apply_in_place, legal_actions, make_bot, new_game, play_game, simulate
from games.machikoro.engine import actions as A
from games.machikoro.engine.bots import BOTS
from games.machikoro.engine.simple_bots import DICE_PROBABILITIES, IncomeBot
from games.machikoro.engine.rules import current_choice
from games.machikoro.engine.state import CHOOSE, OVER

from games.tests.machikoro.helpers import BASE, EVERYTHING, HARBOR_MR, arrange, game, official_cards, roll
from games.tests.sequential import STRONGER, Sprt, run_together

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_only_chooses_legal_actions(name):
    for seed in range(3):
        state = new_game(official_cards(), GameOptions(extensions=EVERYTHING, max_turns=400), seed, 4)
        # The search bot with a small budget: its strength and cost are measured in test_search_bot.py.
        budget = {"rollouts": 4, "horizon": 2} if name == "search" else {}
        bots = [make_bot(name, seed * 10 + seat, **budget) for seat in range(4)]
        while state.phase != OVER:
            actions = legal_actions(state)
            action = bots[state.active].choose(state, actions)
            assert action in actions
            acted = bots[state.active].act(state)
            assert acted in actions
            apply_in_place(state, action)


def test_random_bot_samples_business_center_trades_uniformly():
    state = game(BASE, players=3)
    arrange(state, 0, cards={"business-center": 1, "wheat-field": 1, "cafe": 1, "mine": 1},
            landmarks=["train-station"])
    arrange(state, 1, cards={"ranch": 1, "forest": 1, "cafe": 1})
    arrange(state, 2, cards={"apple-orchard": 1})
    state, _ = roll(state, 3, 3)
    assert state.phase == CHOOSE
    options = legal_actions(state)
    owner, card, leg = current_choice(state)
    bot = make_bot("random", 3)
    draws = 300 * len(options)
    counts = Counter(leg.sample(state, owner, card, bot.random) for _ in range(draws))
    assert set(counts) == set(options)
    expected = draws / len(options)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 31.26      # 11 degrees of freedom (12 options), p = 0.001
    assert len(options) == 3 * 3 - 1 + 3 * 1 + 1     # cafe for cafe is no trade; plus Decline


def test_income_bot_prefers_the_dice_that_pay_it():
    state = arrange(game(BASE), 0, cards={"mine": 3, "wheat-field": 0}, landmarks=["train-station"])
    assert IncomeBot(0).choose(state, legal_actions(state)) == A.Roll(2)
    state = arrange(game(BASE), 0, cards={"wheat-field": 3, "ranch": 3}, landmarks=["train-station"])
    assert IncomeBot(0).choose(state, legal_actions(state)) == A.Roll(1)
    assert abs(sum(DICE_PROBABILITIES[2]) - 1) < 1e-9


TABLE = ("random", "greedy", "income")


def table_game(index):
    """Game `index` at a three-player table (Harbor and Millionaire's Row), one bot of each, rotating seats.
    Returns the outcomes of two comparisons, income against greedy and greedy against random: [1] when the
    first of the two won, [0] when the second did, [] when neither (the game says nothing about that pair)."""
    seed = derive(11, index)
    order = TABLE[index % 3:] + TABLE[:index % 3]
    bots = [make_bot(name, derive(seed, seat)) for seat, name in enumerate(order)]
    state, _ = play_game(official_cards(), GameOptions(extensions=HARBOR_MR, max_turns=2000), seed, bots)
    winner = None if state.winner is None else order[state.winner]
    return [[1] if winner == "income" else [0] if winner == "greedy" else [],
            [1] if winner == "greedy" else [0] if winner == "random" else []]


def test_the_income_bot_is_the_strongest():
    """At a three-player table income wins more often than greedy, and greedy more often than random: of the
    games won by one of a pair, the stronger wins over half, accepted by a sequential test (games/tests/
    sequential.py) with at most a 0.5 % chance each of passing a bot that wins no more often than the other.
    Looks every 12 games, so each look sees the three seatings equally often; about 60 games."""
    over_greedy, over_random = run_together([Sprt(0.5, 0.8, alpha=0.005), Sprt(0.5, 0.9, alpha=0.005)],
                                            table_game, batch=12, cap=600)
    assert over_greedy.decision == STRONGER, f"income against greedy: {over_greedy}"
    assert over_random.decision == STRONGER, f"greedy against random: {over_random}"


def test_simulation_summary_and_independence_from_jobs():
    one = simulate(official_cards(), 12, 4, ["random", "greedy"], seed=7, extensions=BASE)
    two = simulate(official_cards(), 12, 4, ["random", "greedy"], seed=7, extensions=BASE, jobs=2)
    for key in ("games", "turns", "wins_by_seat", "wins_by_bot", "unfinished"):
        assert one[key] == two[key]
    assert one["games"] == 12 and sum(one["wins_by_seat"].values()) + one["unfinished"] == 12
    assert sum(one["wins_by_bot"].values()) == sum(one["wins_by_seat"].values())
    assert one["turns"]["max"] >= one["turns"]["mean"] > 0 and one["games_per_second"] > 0


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")


def test_manage_py_simulate_prints_a_json_summary():
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings_test", PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "manage.py", "simulate", "--games", "6", "--players", "3", "--extensions", "base,harbor",
         "--bots", "random,greedy", "--seed", "4", "--jobs", "2"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["games"] == 6 and summary["extensions"] == ["base", "harbor"]
    assert set(summary["wins_by_bot"]) == {"random", "greedy"}
    assert {"mean", "max"} <= set(summary["turns"]) and "games_per_second" in summary

    bad = subprocess.run([sys.executable, "manage.py", "simulate", "--players", "9"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode != 0 and "players" in bad.stderr


def test_choice_shortcuts_agree_with_the_listed_options():
    """has_options / is_legal / sample (used on hot paths) must match options() in every question met."""
    import random

    questions = 0
    for seed in range(15):
        state = new_game(official_cards(), GameOptions(extensions=EVERYTHING, max_turns=300), seed, 4)
        bots = [make_bot("random", seed + seat) for seat in range(4)]
        while state.phase != OVER:
            if state.phase == CHOOSE:
                questions += 1
                owner, card, leg = current_choice(state)
                options = leg.options(state, owner, card)
                assert options and leg.has_options(state, owner, card)
                assert all(leg.is_legal(state, owner, card, option) for option in options)
                sampler = random.Random(seed)
                assert all(leg.sample(state, owner, card, sampler) in options for _ in range(5))
                for wrong in (A.Move("cafe", owner), A.Trade("cafe", owner, "mine"), A.Pass(), A.Activate("park")):
                    assert leg.is_legal(state, owner, card, wrong) == (wrong in options)
            apply_in_place(state, bots[state.active].act(state))
    assert questions > 20
