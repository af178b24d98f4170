"""Check every effect string of the Valeria reference tables against the "valeria" vocabulary.

The tables keep effect strings in the `*_effect`, `special_*` and `*_payout_*` columns (next to their English in
`*_text` columns). `valeria_report(directory)` reads the JSON tables and says, per card and column, whether the
string parses, its unified spelling, or why it does not parse.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from cards.effects.errors import EffectError
from cards.effects.parser import parse
from cards.effects.printer import to_string

from cards.valeria.vocabulary import VOCABULARY

# What a designer should write instead, for the tokens the legacy strings use outside the grammar.
HINTS = {
    "or": "alternatives are written as choose <...> <...>, one bracket per option",
    "|": "alternatives are written as choose <...> <...>, one bracket per option",
    ":": "colon notation only appears inside key=value pairs; amounts are positional (g 2)",
}


@dataclass(frozen=True)
class EffectReport:
    table: str
    card_id: int | None
    card: str
    column: str
    effect: str
    ok: bool
    unified: str = ""  # the canonical (rewritten) string when ok
    error: str = ""  # the EffectError message when not ok
    hint: str = ""

    @property
    def rewritten(self) -> bool:
        return self.ok and self.unified != self.effect


def is_effect_column(name: str) -> bool:
    if name.endswith("_text"):
        return False
    return name.endswith("_effect") or name.startswith("special_") or "_payout_" in name


def check_effect(table: str, row: dict, column: str) -> EffectReport:
    text = row[column]
    card_id = row.get(f"id_{table}")
    name = str(row.get("name", ""))
    try:
        unified = to_string(parse(text, game=VOCABULARY))
    except EffectError as error:
        return EffectReport(table, card_id, name, column, text, False, error=str(error),
                            hint=HINTS.get(error.token, ""))
    return EffectReport(table, card_id, name, column, text, True, unified=unified)


def valeria_report(directory: str | Path) -> list[EffectReport]:
    """One EffectReport per non-empty effect string in the `*.json` tables of `directory`, table by table."""
    reports = []
    for path in sorted(Path(directory).glob("*.json")):
        rows = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(rows, list):
            continue
        for row in rows:
            for column, value in row.items():
                if is_effect_column(column) and isinstance(value, str) and value.strip():
                    reports.append(check_effect(path.stem, row, column))
    return reports
