"""Card JSON import speed: the 137 real Lorenzo il Magnifico cards into a fresh database.

    python bench/cardjson.py [--repeat N]

On a temporary SQLite database (migrated first, not timed), each run:
1. imports cards/data/lorenzo/{cards,excom_cards,leader_cards}.json into empty card tables: JSON parsing,
   schema and payload validation, normalisation, and every row with its history (target: under 1 s);
2. imports them again (everything unchanged, nothing written);
3. exports the three sets and checks they are the reference files byte for byte.
The tables are emptied between runs; the figures are the best of N runs. The last line is one JSON object.
"""

import argparse
import json
import sys
import time
from pathlib import Path

from scratch_django import setup_django

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
TARGET_SECONDS = 1.0
FILES = ("cards.json", "excom_cards.json", "leader_cards.json")



def empty_lorenzo_tables():
    from cards.models import CardGame, Extension
    from cards.lorenzo.models import Excommunication
    from cards.lorenzo.models import DevelopmentCard, DevelopmentCardEffect, LeaderCard, LeaderCardEffect

    for model in (DevelopmentCard, LeaderCard, Excommunication, DevelopmentCardEffect, LeaderCardEffect):
        model.objects.all().delete()
        model.history.model.objects.all().delete()
    Extension.objects.filter(game__slug=CardGame.LORENZO).delete()
    CardGame.objects.filter(slug=CardGame.LORENZO).delete()


def run_once(files):
    from cards.lorenzo import exporter
    from cards.lorenzo.importer import import_files

    empty_lorenzo_tables()
    started = time.perf_counter()
    first = import_files(files)
    first_seconds = time.perf_counter() - started
    started = time.perf_counter()
    again = import_files(files)
    again_seconds = time.perf_counter() - started
    started = time.perf_counter()
    exported = {kind: exporter.dumps(exporter.card_list(kind)) for kind in ("development", "excommunication", "leader")}
    export_seconds = time.perf_counter() - started
    identical = [text for _, text in files] == [exported[k] for k in ("development", "excommunication", "leader")]
    return {
        "import_seconds": first_seconds,
        "reimport_seconds": again_seconds,
        "export_seconds": export_seconds,
        "added": first.counts()["added"],
        "unchanged_on_reimport": again.counts()["unchanged"],
        "errors": len(first.errors) + len(again.errors),
        "export_identical": identical,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    setup_django("cardjson-bench-")
    data_dir = REPO / "cards" / "data" / "lorenzo"
    files = [(name, (data_dir / name).read_text(encoding="utf-8")) for name in FILES]
    runs = [run_once(files) for _ in range(args.repeat)]
    best = min(runs, key=lambda run: run["import_seconds"])
    figures = {
        "cards": best["added"],
        "import_seconds": round(best["import_seconds"], 3),
        "import_seconds_worst": round(max(run["import_seconds"] for run in runs), 3),
        "reimport_seconds": round(min(run["reimport_seconds"] for run in runs), 3),
        "export_seconds": round(min(run["export_seconds"] for run in runs), 3),
        "unchanged_on_reimport": best["unchanged_on_reimport"],
        "export_identical": all(run["export_identical"] for run in runs),
        "errors": sum(run["errors"] for run in runs),
        "target_seconds": TARGET_SECONDS,
        "meets_target": best["import_seconds"] < TARGET_SECONDS,
        "runs": args.repeat,
    }
    print(f"Imported {figures['cards']} cards in {figures['import_seconds']} s (best of {args.repeat}), "
          f"re-import {figures['reimport_seconds']} s, export {figures['export_seconds']} s")  # fmt: skip
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
