"""Aquarius rules-engine speed: five-seat random-bot games in one process.

    python bench/aquarius.py [--games N] [--rounds R] [--profile]

Plays N five-player games with random bots (one core, `play_game`: seeding the bots, dealing, every bot
choice and every action applied, with its events), in R rounds interleaved with a baseline: the same games
with legal placements found by scanning the board (every card's empty neighbours, every side compared)
instead of the open-cell index. Both must play identical games. Prints games and actions per second in
wall and CPU time for each; the target (TARGET_GAMES_PER_SECOND) is meant for CPU time. The last line is
one JSON object.
"""
import argparse
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.aquarius.engine import load_deck, play_game, simple_bots as bot_module  # noqa: E402
from games.aquarius.engine.bots import make_bot  # noqa: E402
from games.aquarius.engine.cards import DIRECTIONS  # noqa: E402
from games.aquarius.engine.moves import placements as indexed_placements  # noqa: E402
from games.common.rng import derive  # noqa: E402

TARGET_GAMES_PER_SECOND = 500
PLAYERS = 5


def scanned_placements(board, card):
    """The baseline: legal placements found by walking the board, without the open-cell index."""
    cells = board.cells
    empty = set()
    for x, y in cells:
        for dx, dy in DIRECTIONS:
            q = (x + dx, y + dy)
            if q not in cells:
                empty.add(q)
    found = []
    for x, y in empty:
        for o in (0, 1):
            sides = card.sides[o]
            for d, (dx, dy) in enumerate(DIRECTIONS):
                other = cells.get((x + dx, y + dy))
                if other is None:
                    continue
                theirs = other[0].sides[other[1]][d ^ 2]
                if sides[d][0] == theirs[0] or sides[d][1] == theirs[1]:
                    found.append((x, y, o))
                    break
    found.sort()
    return found


def run(deck, games, seed):
    actions = 0
    outcomes = []
    started = time.perf_counter()
    cpu_started = time.process_time()
    for index in range(games):
        game_seed = derive(seed, index)
        bots = [make_bot("random", derive(game_seed, seat)) for seat in range(PLAYERS)]
        state, played = play_game(deck, game_seed, bots)
        actions += played
        outcomes.append((state.turn, state.winners))
    return {"games": games, "actions": actions, "seconds": time.perf_counter() - started,
            "cpu_seconds": time.process_time() - cpu_started, "outcomes": outcomes}


def total(rounds, name):
    games = sum(r["games"] for r in rounds)
    actions = sum(r["actions"] for r in rounds)
    seconds = sum(r["seconds"] for r in rounds)
    cpu = sum(r["cpu_seconds"] for r in rounds)
    return {f"{name}_games": games, f"{name}_actions": actions, f"{name}_seconds": round(seconds, 3),
            f"{name}_games_per_second": round(games / seconds, 1),
            f"{name}_actions_per_second": round(actions / seconds),
            f"{name}_cpu_seconds": round(cpu, 3), f"{name}_cpu_games_per_second": round(games / cpu, 1),
            f"{name}_cpu_actions_per_second": round(actions / cpu)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--profile", action="store_true", help="print the 20 costliest functions (stderr)")
    args = parser.parse_args()

    deck = load_deck()
    per_round = max(1, args.games // args.rounds)
    indexed, scanned = [], []
    profiler = cProfile.Profile() if args.profile else None
    for number in range(args.rounds):
        seed = args.seed + number
        if profiler:
            profiler.enable()
        indexed.append(run(deck, per_round, seed))
        if profiler:
            profiler.disable()
        bot_module.placements = scanned_placements
        try:
            scanned.append(run(deck, per_round, seed))
        finally:
            bot_module.placements = indexed_placements
        if indexed[-1]["outcomes"] != scanned[-1]["outcomes"]:
            raise SystemExit("the baseline played different games: the two listings disagree")
        print(f"round {number + 1}: indexed {indexed[-1]['cpu_seconds']:.3f} s CPU, "
              f"scanned {scanned[-1]['cpu_seconds']:.3f} s CPU for {per_round} games")
    if profiler:
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(20)
    figures = {"benchmark": "aquarius", "players": PLAYERS, "bots": "random", "rounds": args.rounds,
               **total(indexed, "indexed"), **total(scanned, "scanned"),
               "target_games_per_second": TARGET_GAMES_PER_SECOND}
    figures["indexed_speedup_cpu"] = round(figures["indexed_cpu_games_per_second"]
                                           / figures["scanned_cpu_games_per_second"], 2)
    figures["meets_target_cpu"] = figures["indexed_cpu_games_per_second"] >= TARGET_GAMES_PER_SECOND
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
