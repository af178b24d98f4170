"""Balance-lab speed: one lab run of N games played by 1 worker and by 2 workers, interleaved.

    python bench/lab.py [--games 10000] [--bots random] [--players 4] [--repeats 2]

A worker here is a process that takes chunks from a shared queue and plays them exactly as a Celery
worker does (games.machikoro.engine.lab.play_chunk, the run's chunk size); the chunks' tallies are merged as the
last chunk does (stats.lab.summary.merge_tallies). The 1-worker and 2-worker runs alternate (1, 2, 1,
2 ...) so a busy moment of the shared machine hits both; the figures are the best of the repeats. Each run
must give the very same tally (checked). Reports games per second in wall time, the speed-up, and the CPU
seconds the workers used. The last line is one JSON object.
"""

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.machikoro.engine import load_card_set  # noqa: E402
from games.machikoro.engine.lab import play_chunk  # noqa: E402
from stats.lab.summary import merge_tallies  # noqa: E402

CHUNKS_WANTED, MIN_CHUNK, MAX_CHUNK = 40, 10, 2500   # as stats.lab.services


def _worker(settings, seed, games, chunk, queue, results):
    card_set = load_card_set(settings["extensions"])
    started = time.process_time()
    while True:
        index = queue.get()
        if index is None:
            break
        start = index * chunk
        results.put((index, play_chunk(card_set, settings, seed, start, min(games, start + chunk))))
    results.put(("cpu", time.process_time() - started))


def run(workers, settings, seed, games):
    chunk = max(MIN_CHUNK, min(MAX_CHUNK, -(-games // CHUNKS_WANTED)))
    chunks = -(-games // chunk)
    context = multiprocessing.get_context("fork")
    queue, results = context.Queue(), context.Queue()
    for index in range(chunks):
        queue.put(index)
    for _ in range(workers):
        queue.put(None)
    started = time.perf_counter()
    processes = [context.Process(target=_worker, args=(settings, seed, games, chunk, queue, results))
                 for _ in range(workers)]
    for process in processes:
        process.start()
    tallies, cpu = {}, 0.0
    while len(tallies) < chunks or cpu_reports(tallies) < workers:
        key, value = results.get()
        if key == "cpu":
            tallies.setdefault("_cpu", []).append(value)
        else:
            tallies[key] = value
    for process in processes:
        process.join()
    wall = time.perf_counter() - started
    cpu = sum(tallies.pop("_cpu"))
    return merge_tallies(tallies[i] for i in range(chunks)), wall, cpu


def cpu_reports(tallies):
    return len(tallies.get("_cpu", []))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random", help="comma-separated, seated in turn")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    settings = {"players": args.players, "extensions": ["base"], "market": "all", "bots": args.bots.split(",")}
    best = {1: None, 2: None}
    reference = None
    for _ in range(args.repeats):
        for workers in (1, 2):
            tally, wall, cpu = run(workers, settings, args.seed, args.games)
            if reference is None:
                reference = tally
            assert tally == reference, "a run gave other numbers with another number of workers"
            print(f"{workers} worker(s): {args.games / wall:,.0f} games/s, {cpu:.2f} CPU s", file=sys.stderr)
            if best[workers] is None or wall < best[workers][0]:
                best[workers] = (wall, cpu)
    figures = {
        "benchmark": "lab", "games": args.games, "players": args.players, "bots": settings["bots"],
        "repeats": args.repeats, "cpu_count": multiprocessing.cpu_count(),
        "games_per_second_1_worker": round(args.games / best[1][0], 1),
        "games_per_second_2_workers": round(args.games / best[2][0], 1),
        "speedup": round(best[1][0] / best[2][0], 2),
        "cpu_seconds_1_worker": round(best[1][1], 2), "cpu_seconds_2_workers": round(best[2][1], 2),
        "cpu_games_per_second": round(args.games / best[1][1], 1),
        "same_tally_for_1_and_2_workers": True,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
