"""Rules-engine speed: full random-bot games in one process.

    python bench/engine.py [--games N] [--profile]

Plays N four-player base games and N four-player base+Harbor+Millionaire's Row games (random bots, one
core) with `play_game`, timing everything a game costs: seeding the four bots, `new_game`, every bot choice
and every action applied. Prints games and turns per second for each mix, in wall time and in CPU time of
this process (cpu_games_per_second: steadier when the machine is shared; the target of
TARGET_BASE_GAMES_PER_SECOND base games per second is meant for it), plus how many effect strings were
parsed while the games ran (0: effect trees are compiled once per card set). The last line is one JSON object.
"""

import argparse
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards.effects import parse_calls  # noqa: E402
from games.machikoro import GameOptions, load_card_set, make_bot, play_game  # noqa: E402
from games.common.rng import derive  # noqa: E402

TARGET_BASE_GAMES_PER_SECOND = 1000
MIXES = {
    "base": ("base",),
    "base+harbor+millionaires-row": ("base", "harbor", "millionaires-row"),
}


def run(card_set, extensions, games, players, seed):
    options = GameOptions(extensions=extensions, max_turns=5000)
    turns = unfinished = 0
    started = time.perf_counter()
    cpu_started = time.process_time()
    for index in range(games):
        game_seed = derive(seed, index)
        bots = [make_bot("random", derive(game_seed, seat)) for seat in range(players)]
        state, played = play_game(card_set, options, game_seed, bots)
        turns += played
        unfinished += state.winner is None
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    return {
        "games": games,
        "players": players,
        "turns": turns,
        "unfinished": unfinished,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
        "turns_per_second": round(turns / elapsed),
        # CPU time of this process: less disturbed than wall time when the machine is shared.
        "cpu_seconds": round(cpu, 3),
        "cpu_games_per_second": round(games / cpu, 1),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--profile", action="store_true", help="print the 20 costliest functions (stderr)")
    args = parser.parse_args()

    card_set = load_card_set(sorted({e for mix in MIXES.values() for e in mix}))
    for extensions in MIXES.values():
        card_set.restrict(extensions)      # compile every mix before timing
    parses_before = parse_calls()
    results = {}
    profiler = cProfile.Profile() if args.profile else None
    for name, extensions in MIXES.items():
        if profiler:
            profiler.enable()
        results[name] = run(card_set, extensions, args.games, 4, args.seed)
        if profiler:
            profiler.disable()
        print(f"{name}: {results[name]}")
    if profiler:
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(20)
    parses_during_games = parse_calls() - parses_before
    figures = {
        "benchmark": "engine",
        "bots": "random",
        **{f"{name}_{key}": value for name, result in results.items() for key, value in result.items()
           if key in ("games", "turns", "unfinished", "seconds", "games_per_second", "turns_per_second",
                      "cpu_games_per_second")},
        "target_base_games_per_second": TARGET_BASE_GAMES_PER_SECOND,
        "effect_parses_during_games": parses_during_games,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
