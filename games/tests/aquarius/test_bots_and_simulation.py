"""Bots play legal moves and each beats the weaker one over 1,000 games; the simulator and its command."""
import json
import math

import pytest
from django.core.management import call_command

from games.aquarius import BOTS, apply, apply_in_place, legal_actions, make_bot, new_game, simulate

from games.tests.aquarius.helpers import DECK

GAMES = 1000
Z_99 = 2.576   # two-sided 99% normal quantile


def wilson_lower(wins, n, z=Z_99):
    """The lower end of the Wilson score interval for a win rate."""
    p = wins / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - margin) / (1 + z * z / n)


def duel(strong, weak, games=GAMES):
    """Two-seat games, the bots alternating seats; a shared win counts half. Returns the stronger's wins."""
    wins = 0.0
    for game in range(games):
        kinds = [strong, weak] if game % 2 == 0 else [weak, strong]
        state = new_game(DECK, 10_000 + game, 2)
        bots = [make_bot(kind, game * 7 + seat) for seat, kind in enumerate(kinds)]
        while not state.over:
            apply_in_place(state, state.to_act, bots[state.to_act].choose(state, state.to_act))
        wins += sum(1 / len(state.winners) for s in state.winners if kinds[s] == strong)
    return wins


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_plays_only_legal_actions(name):
    for seed in range(4):
        state = new_game(DECK, seed, 2 + seed, chicken=seed % 2 == 1)
        bot = make_bot(name, seed)
        while not state.over:
            seat = state.to_act
            action = bot.choose(state, seat)
            if action["type"] == "see_goal":
                assert state.chicken and not state.knows[seat] and name != "random"
            elif action["type"] != "move_card":
                assert action in legal_actions(state, seat)
            state, _ = apply(state, seat, action)   # refuses anything illegal


@pytest.mark.parametrize("strong, weak, margin", [("greedy", "random", 0.80), ("strong", "greedy", 0.55)])
def test_each_bot_beats_the_weaker_one_over_a_thousand_games(strong, weak, margin):
    wins = duel(strong, weak)
    assert wilson_lower(wins, GAMES) > margin, f"{strong} won {wins} of {GAMES} against {weak}"


def test_the_random_bot_reaches_every_kind_of_action():
    kinds = set()
    for seed in range(40):
        state = new_game(DECK, seed, 3)
        bots = [make_bot("random", seed * 3 + s) for s in range(3)]
        while not state.over:
            action = bots[state.to_act].choose(state, state.to_act)
            kinds.add(action["type"])
            apply_in_place(state, state.to_act, action)
    assert kinds >= {"play_card", "shuffle_goals", "trade_goals", "trade_hands", "zap_card", "move_card"}


def test_simulate_summarises_and_is_deterministic():
    one = simulate(DECK, 30, 3, ["random", "greedy"], seed=5, chicken=True)
    two = simulate(DECK, 30, 3, ["random", "greedy"], seed=5, chicken=True)
    for summary in (one, two):
        summary.pop("seconds"), summary.pop("games_per_second")
    assert one == two
    assert one["games"] == 30 and sum(one["wins_by_bot"].values()) >= 30
    assert sum(one["wins_by_seat"].values()) == sum(one["wins_by_bot"].values())
    assert 30 + one["draws"] <= sum(one["wins_by_seat"].values()) <= 30 + 2 * one["draws"]
    assert one["turns"]["mean"] > 5 and "chicken_last_by_seat" in one


def test_the_simulate_command_prints_json(capsys):
    call_command("simulate", "--game", "aquarius", "--games", "5", "--players", "4", "--bots", "random,strong",
                 "--seed", "2", "--chicken")
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "aquarius" and summary["games"] == 5 and summary["chicken"] is True
    assert set(summary["wins_by_bot"]) == {"random", "strong"}


def test_the_simulate_command_refuses_bad_input():
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="unknown bot"):
        call_command("simulate", "--game", "aquarius", "--bots", "genius")
    with pytest.raises(CommandError, match="2 to 5 players"):
        call_command("simulate", "--game", "aquarius", "--players", "6")
