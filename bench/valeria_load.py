"""load_cards' new share: Valeria's 428 cards (+ presets) and the Progress sample set, beside Machi Koro's load.

    python bench/valeria_load.py [--repeat N]

On a temporary SQLite database (migrated first, not timed), each round empties the tables and times, interleaved:
the Machi Koro official load (the baseline `make start` already had), the Valeria load (every effect string
parsed and rewritten, rows inserted in bulk with their history), the Progress sample set, and a second Valeria
load (everything unchanged). Figures are the best of N rounds, wall and CPU seconds. The last line is one JSON
object.
"""

import argparse
import json
import sys
import time
from pathlib import Path

from scratch_django import setup_django

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))



def empty_tables():
    from cards.models import CardGame, Extension
    from cards.machikoro.models import Establishment, Landmark
    from cards.progress.models import Technology, TechnologyCost
    from cards.valeria.models import ValeriaPreset
    from cards.valeria.models import VALERIA_TABLES

    for model in (*VALERIA_TABLES, ValeriaPreset, TechnologyCost, Technology, Establishment, Landmark):
        model.objects.all().delete()
        model.history.model.objects.all().delete()
    Extension.objects.filter(game__slug__in=[CardGame.VALERIA, CardGame.PROGRESS]).delete()


def timed(function):
    wall, cpu = time.perf_counter(), time.process_time()
    result = function()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    setup_django("valeria-bench-")
    from cards.machikoro.loading import MACHIKORO_FILE, load_machikoro
    from cards.loading import read_json
    from cards.progress.loading import load_progress
    from cards.valeria.loading import load_valeria

    best = {}
    for _ in range(args.repeat):
        empty_tables()
        steps = [("machikoro_first_load", lambda: load_machikoro(read_json(MACHIKORO_FILE))),
                 ("valeria_first_load", load_valeria), ("progress_first_load", load_progress),
                 ("valeria_unchanged_load", load_valeria)]
        for name, step in steps:
            report, wall, cpu = timed(step)
            if name == "valeria_first_load":
                assert len(report.created) == 438, report.summary()
            if name == "valeria_unchanged_load":
                assert not report.created and not report.updated, report.summary()
            old = best.get(name)
            if old is None or wall < old["wall_s"]:
                best[name] = {"wall_s": round(wall, 3), "cpu_s": round(cpu, 3)}
    for name, figures in best.items():
        print(f"{name:26} wall {figures['wall_s']:.3f} s   cpu {figures['cpu_s']:.3f} s")
    baseline = best["machikoro_first_load"]["wall_s"]
    print(json.dumps({"bench": "valeria_load", "repeat": args.repeat, **best,
                      "valeria_vs_machikoro_wall_ratio": round(best["valeria_first_load"]["wall_s"] / baseline, 2)}))


if __name__ == "__main__":
    main()
