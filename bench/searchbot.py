"""Search bot against income bot: strength and cost, in 2-player base games.

    python bench/searchbot.py [--games 1000] [--first 0] [--seed 2026] [--rollouts 48] [--horizon 6] [--width 4]

Plays N 2-player base games of the search bot against the income bot (issue 17 asks it to win at least 60 %
over 1,000 games). Seats alternate game by game (even games: search first), so the first player's edge is
shared evenly. Prints the search bot's win rate with its 95 % Wilson interval and its wins per seat.

Cost: the same seeds are also played income against income, as the baseline. The two series run interleaved
in chunks of games, so a busy machine slows both alike. For each it prints seconds per game in wall time and
in CPU time of this process (steadier when the machine is shared), and the search bot's rollouts per game.
The last line is one JSON object.

Game i is seeded from (seed, i) alone, so a long measurement can be split: `--first 500 --games 500` plays
games 500..999 of the same series, and the wins of two halves add up to those of the whole run.
"""

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.common.rng import derive  # noqa: E402
from games.machikoro.engine import GameOptions, load_card_set, make_bot, play_game  # noqa: E402
from stats.lab.summary import wilson  # noqa: E402

TARGET_WIN_RATE = 0.60
CHUNK = 20                  # games per turn of the interleaving


def play_series(card_set, options, seed, start, stop, budget, totals, search):
    """Games start..stop-1; with `search`, the search bot sits in seat index % 2 against the income bot."""
    started = time.perf_counter()
    cpu_started = time.process_time()
    for index in range(start, stop):
        game_seed = derive(seed, index)
        seat = index % 2
        if search:
            first = make_bot("search", derive(game_seed, 0), **budget)
        else:
            first = make_bot("income", derive(game_seed, 0))
        other = make_bot("income", derive(game_seed, 1))
        bots = [first, other] if seat == 0 else [other, first]
        state, turns = play_game(card_set, options, game_seed, bots)
        totals["turns"] += turns
        totals["unfinished"] += state.winner is None
        totals["first_player_wins"] += state.winner == 0
        if state.winner == seat:
            totals["wins"] += 1
            totals["wins_by_seat"][seat] += 1
        if search:
            totals["rollouts"] += first.rollouts_played
    totals["cpu"] += time.process_time() - cpu_started
    totals["wall"] += time.perf_counter() - started
    totals["games"] += stop - start


def new_totals():
    return {"games": 0, "wins": 0, "wins_by_seat": [0, 0], "turns": 0, "unfinished": 0, "rollouts": 0,
            "first_player_wins": 0, "cpu": 0.0, "wall": 0.0}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="index of the first game (to split a long run)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rollouts", type=int, default=None, help="rollouts per build decision (bot default)")
    parser.add_argument("--horizon", type=int, default=None, help="turns per rollout (bot default)")
    parser.add_argument("--width", type=int, default=None, help="purchases searched (bot default)")
    args = parser.parse_args()
    budget = {k: v for k, v in (("rollouts", args.rollouts), ("horizon", args.horizon), ("width", args.width))
              if v is not None}
    probe = make_bot("search", 0, **budget)

    card_set = load_card_set(["base"])
    options = GameOptions(extensions=("base",), max_turns=2000)
    search, baseline = new_totals(), new_totals()
    end = args.first + args.games
    for start in range(args.first, end, CHUNK):
        stop = min(start + CHUNK, end)
        play_series(card_set, options, args.seed, start, stop, budget, search, True)
        play_series(card_set, options, args.seed, start, stop, budget, baseline, False)
        print(f"{stop - args.first}/{args.games} games: search won {search['wins']}", file=sys.stderr, flush=True)

    games = search["games"]
    low, high = wilson(search["wins"], games)
    rate = search["wins"] / games
    figures = {
        "benchmark": "searchbot", "players": 2, "extensions": ["base"], "seed": args.seed, "first_game": args.first, "games": games,
        "rollouts": probe.rollouts, "horizon": probe.horizon, "width": probe.width,
        "search_wins": search["wins"], "search_win_rate": round(rate, 4),
        "search_win_rate_low": round(low, 4), "search_win_rate_high": round(high, 4),
        "search_wins_first_seat": search["wins_by_seat"][0], "search_wins_second_seat": search["wins_by_seat"][1],
        "unfinished": search["unfinished"], "mean_turns": round(search["turns"] / games, 2),
        "rollouts_per_game": round(search["rollouts"] / games, 1),
        "search_cpu_seconds_per_game": round(search["cpu"] / games, 4),
        "search_wall_seconds_per_game": round(search["wall"] / games, 4),
        "baseline_income_cpu_seconds_per_game": round(baseline["cpu"] / games, 4),
        "baseline_income_wall_seconds_per_game": round(baseline["wall"] / games, 4),
        "baseline_income_first_player_win_rate": round(baseline["first_player_wins"] / games, 4),
        "search_cost_x_income_cpu": round(search["cpu"] / baseline["cpu"], 1) if baseline["cpu"] else None,
        "target_win_rate": TARGET_WIN_RATE,
        "meets_target": rate >= TARGET_WIN_RATE,
        "interval_above_target": low >= TARGET_WIN_RATE,
    }
    print(f"search vs income, {games} two-player base games: {search['wins']} wins = {rate:.1%} "
          f"(95 % CI {low:.1%} to {high:.1%}); as first player {search['wins_by_seat'][0]}, "
          f"as second {search['wins_by_seat'][1]}")
    print(f"cost per game: search {figures['search_cpu_seconds_per_game']} s CPU / "
          f"{figures['search_wall_seconds_per_game']} s wall; income vs income "
          f"{figures['baseline_income_cpu_seconds_per_game']} s CPU / "
          f"{figures['baseline_income_wall_seconds_per_game']} s wall")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
