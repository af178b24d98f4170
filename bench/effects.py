"""Effect grammar speed: parse every official Machi Koro effect string many times.

    python bench/effects.py [ROUNDS]

Prints one JSON object on its last line: {"strings": N, "rounds": R, "parses": N*R, "seconds": ...,
"parses_per_second": ..., "microseconds_per_parse": ..., "parse_calls": N*R}. parse_calls is read from
cards.effects.parse_calls(), the counter a game benchmark checks stays unchanged while a game is played.
"""

import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from cards.effects import parse, parse_calls  # noqa: E402
from cards.machikoro import vocabulary  # noqa: E402,F401  (registers Machi Koro's words: parse() reads them by default)


def official_strings() -> list[str]:
    data = json.loads((REPO / "cards" / "data" / "machikoro.json").read_text(encoding="utf-8"))
    return [card["effect"] for card in data["establishments"] + data["landmarks"]]


def main(rounds: int) -> dict:
    strings = official_strings()
    for text in strings:  # build the parser and warm caches outside the timed loop
        parse(text)
    calls_before = parse_calls()
    start = time.perf_counter()
    for _ in range(rounds):
        for text in strings:
            parse(text)
    seconds = time.perf_counter() - start
    parses = rounds * len(strings)
    return {
        "strings": len(strings),
        "rounds": rounds,
        "parses": parses,
        "seconds": round(seconds, 3),
        "parses_per_second": round(parses / seconds),
        "microseconds_per_parse": round(seconds / parses * 1e6, 1),
        "parse_calls": parse_calls() - calls_before,
    }


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)))
