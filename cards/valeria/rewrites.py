"""Seed 001's rewrite table, computed: every legacy effect string of the Valeria data beside its unified form.

`rewrite_table(directory)` reads the reference tables (cards/data/valeria/) and returns, per table and column, the
distinct strings with their unified spelling; `format_table` prints it the way seed 001 does
(`before → after`, or `→ no change`). `rewrite_database(dry_run)` brings stored strings to their unified form.
"""
import json
from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from cards.effects import EffectError
from cards.valeria.report import is_effect_column
from cards.valeria.models import VALERIA_TABLES

from cards.valeria.effects import ONE_OFF_REWRITES, unify
from cards.valeria.loading import DATA_DIR

ARROW = "→"


@dataclass(frozen=True)
class Rewrite:
    table: str
    column: str
    before: str
    after: str  # '' when the string has no unified form
    error: str = ""
    one_off: bool = False

    @property
    def changed(self):
        return self.after != self.before


def rewrite_table(directory=DATA_DIR):
    """[Rewrite], table by table (the order of the models), column by column, each distinct string once."""
    found, seen = [], set()
    for model in VALERIA_TABLES:
        rows = json.loads((Path(directory) / f"{model.table}.json").read_text(encoding="utf-8"))
        columns = sorted({c for row in rows for c in row if is_effect_column(c)})
        for column in columns:
            for row in rows:
                text = row.get(column)
                if not isinstance(text, str) or not text.strip() or (model.table, column, text) in seen:
                    continue
                seen.add((model.table, column, text))
                try:
                    found.append(Rewrite(model.table, column, text, unify(text), one_off=text in ONE_OFF_REWRITES))
                except EffectError as error:
                    found.append(Rewrite(model.table, column, text, "", error=str(error)))
    return found


def format_table(rewrites, changed_only=False):
    """Lines of text: a heading per table and column, then `before → after` (aligned) or `before → no change`."""
    lines, sections = [], {}
    for entry in rewrites:
        if entry.changed or not changed_only:
            sections.setdefault((entry.table, entry.column), []).append(entry)
    for (table, column), entries in sections.items():
        lines.append(f"{table.capitalize()} — {column}:")
        lines.append(f"# before {ARROW} after")
        width = max(len(entry.before) for entry in entries)
        for entry in entries:
            if entry.error:
                after = f"NO UNIFIED FORM ({entry.error})"
            elif entry.changed:
                after = entry.after + ("   (one-off, written by hand)" if entry.one_off else "")
            else:
                after = "no change"
            lines.append(f"{entry.before.ljust(width)}  {ARROW} {after}")
        lines.append("")
    changed = sum(1 for entry in rewrites if entry.changed and not entry.error)
    failed = sum(1 for entry in rewrites if entry.error)
    lines.append(f"{len(rewrites)} distinct strings: {changed} rewritten, {len(rewrites) - changed - failed} "
                 f"unchanged, {failed} without a unified form.")
    return lines


def rewrite_database(dry_run=False):
    """[(model, card, column, before, after)] for stored strings not in their unified form; saved unless dry_run."""
    changes = []
    with transaction.atomic():
        for model in VALERIA_TABLES:
            for card in model.objects.all():
                dirty = []
                for column in model.effect_fields():
                    before = getattr(card, column)
                    if not before:
                        continue
                    try:
                        after = unify(before)
                    except EffectError:
                        continue  # reported by check_effects; nothing to rewrite it to
                    if after != before:
                        changes.append((model.table, card.name, column, before, after))
                        setattr(card, column, after)
                        dirty.append(column)
                if dirty and not dry_run:
                    card._change_reason = "Effects rewritten to the unified grammar"
                    card.save()
    return changes
