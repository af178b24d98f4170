"""The Lorenzo importer's work on hostile files (issue 31): invalid entries by the thousand.

    python bench/lorenzo_import_limits.py [--entries 4000 40000] [--lifted-up-to 4000]

For each count, a seed-000 array of that many invalid development cards (7 problems each):
1. `refused`: what a request costs: import_files on the file, refused at MAX_ENTRIES_PER_FILE before any card
   is checked;
2. for counts up to --lifted-up-to (reading 40,000 such cards takes about a minute), with every limit lifted: the
   whole file read (`read`) and then import_read_files giving each refused card its problems (`grouping`;
   quadratic before issue 31: 55 s for 4,000 such entries, one pass over all problems per refused card).
On a temporary SQLite database. The last line is one JSON object.
"""

import argparse
import json
import sys
import time
from pathlib import Path

from scratch_django import setup_django

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))



def invalid_file(count):
    card = {"cardType": "BOGUS", "period": 9, "cost": 5, "instantEffect": 3, "minimumActionValue": "a",
            "requirements": 1, "permanentEffect": 2}
    return json.dumps([{"name": f"card {i}", **card} for i in range(count)])


def timed(function):
    started = time.perf_counter()
    result = function()
    return result, round(time.perf_counter() - started, 3)


def measure(count, lifted):
    from cards.lorenzo import reading, schema
    from cards.lorenzo.importer import import_files, import_read_files

    text = invalid_file(count)
    report, refused = timed(lambda: import_files([("hostile.json", text)], dry_run=True))
    assert report.errors[0].code == reading.TOO_MANY_ENTRIES
    result = {"entries": count, "bytes": len(text), "refused_seconds": refused}
    if not lifted:
        return result
    limits = (reading.MAX_ENTRIES_PER_FILE, reading.MAX_PROBLEMS_PER_FILE, schema.MAX_PROBLEMS_PER_CARD)
    reading.MAX_ENTRIES_PER_FILE = reading.MAX_PROBLEMS_PER_FILE = schema.MAX_PROBLEMS_PER_CARD = 10**9
    try:
        read, read_seconds = timed(lambda: reading.read_file(text, "hostile.json"))
        report, grouping = timed(lambda: import_read_files([read], dry_run=True))
    finally:
        reading.MAX_ENTRIES_PER_FILE, reading.MAX_PROBLEMS_PER_FILE, schema.MAX_PROBLEMS_PER_CARD = limits
    return {**result, "read_seconds": read_seconds, "grouping_seconds": grouping, "problems": len(report.errors)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[4000, 40000])
    parser.add_argument("--lifted-up-to", type=int, default=4000)
    args = parser.parse_args()
    setup_django("lorenzo-import-bench-")
    results = [measure(count, count <= args.lifted_up_to) for count in args.entries]
    for result in results:
        line = f"{result['entries']:>6} entries ({result['bytes']:,} bytes): refused in {result['refused_seconds']} s"
        if "grouping_seconds" in result:
            line += (f"; limits lifted ({result['problems']:,} problems): read {result['read_seconds']} s, "
                     f"grouping {result['grouping_seconds']} s")
        print(line)
    print(json.dumps({"bench": "lorenzo_import_limits", "results": results}))


if __name__ == "__main__":
    main()
