"""Load Valeria's reference tables (cards/data/valeria/) into the database, rewriting legacy effect strings.

Idempotent and respectful of designers' edits, like the Machi Koro loader (cards/machikoro/loading.py): an identical card
is left alone, a changed one is updated unless a designer edited it (then it is kept and reported). New cards
are inserted in bulk, with their history, so `make start` stays fast.
"""
import json
from pathlib import Path

from django.db import transaction
from django.utils.text import slugify
from simple_history.utils import bulk_create_with_history

from cards.caching import bump_version
from cards.effects import EffectError
from cards.loading import CardDataError, LoadReport
from cards.models import CardGame, Extension

from cards.valeria.models import VALERIA_TABLES, ValeriaEffectField, ValeriaPreset

from cards.valeria.effects import unify

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "valeria"
GAME = {"slug": CardGame.VALERIA, "name": "Valeria: Card Kingdoms"}
EXTENSIONS = {
    "base": "Base game", "base1": "Base game (set 1)", "base2": "Base game (set 2)", "promo": "Promos",
    "crimsonseas": "Crimson Seas", "flamesandfrost": "Flames & Frost", "shadowvale": "Shadowvale",
    "kingsguard": "Kingsguard", "undeadsamurai": "Undead Samurai", "firetemple": "Fire Temple", "gnolls": "Gnolls",
    "kaharian": "Kaharian", "margraves": "Margraves",
}  # fmt: skip
NO_SECOND_ROLL = -1


def read_table(table, directory=DATA_DIR):
    return json.loads((Path(directory) / f"{table}.json").read_text(encoding="utf-8"))


def effect_columns(model):
    return [f.name for f in model._meta.get_fields() if isinstance(f, ValeriaEffectField)]


def card_values(model, row, extensions, banned_ids):
    """The model's field values for one reference row (effects unified). Raises CardDataError."""
    values = {"source_id": row[f"id_{model.table}"], "name": row["name"].strip(),
              "banned": row[f"id_{model.table}"] in banned_ids}
    if "expansion" in row:
        values["extension_id"] = extensions[row["expansion"]].pk
    effects = set(effect_columns(model))
    fields = {f.name: f for f in model._meta.concrete_fields}
    for column, value in row.items():
        if column in ("name", "expansion") or column.startswith("id_") or column not in fields:
            continue
        field = fields[column]
        if column in effects:
            try:
                value = unify(value) if value else ""
            except EffectError as error:
                raise CardDataError(f"{model.table} {row['name']!r} {column}: {error}") from None
        elif column.startswith("roll_match"):
            value = None if value in (None, NO_SECOND_ROLL) else value
        elif field.get_internal_type() == "BooleanField":
            value = bool(value)
        elif value is None:
            value = field.get_default()
        values[column] = value
    return values


def _slugs(model, rows):
    counts = {}
    for row in rows:
        counts[slugify(row["name"])] = counts.get(slugify(row["name"]), 0) + 1
    return {row[f"id_{model.table}"]: slugify(row["name"]) if counts[slugify(row["name"])] == 1
            else f"{slugify(row['name'])}-{row[f'id_{model.table}']}" for row in rows}


def _edited_by_designer(card):
    latest = card.history.order_by("-history_date", "-history_id").first()
    return latest is not None and latest.history_user_id is not None


def load_table(model, rows, extensions, banned_ids, report, overwrite=False):
    existing = {card.source_id: card for card in model.objects.all()}
    slugs = _slugs(model, rows)
    new = []
    for row in rows:
        values = card_values(model, row, extensions, banned_ids)
        label = f"{model.table} {values['name']}"
        card = existing.get(values["source_id"])
        if card is None:
            new.append(model(slug=slugs[values["source_id"]], **values))
            report.created.append(label)
            continue
        if all(getattr(card, name) == value for name, value in values.items()):
            report.unchanged += 1
        elif not overwrite and _edited_by_designer(card):
            report.kept.append(label)
        else:
            for name, value in values.items():
                setattr(card, name, value)
            card._change_reason = "Loaded"
            card.save()
            report.updated.append(label)
    if new:
        bulk_create_with_history(new, model, default_change_reason="Loaded")
        bump_version()  # bulk inserts send no save signals: cached lists and exports must not outlive them


def _game_and_extensions(tables):
    game, _ = CardGame.objects.get_or_create(slug=GAME["slug"], defaults={"name": GAME["name"]})
    have = {ext.slug: ext for ext in Extension.objects.filter(game=game)}
    used = {row["expansion"] for rows in tables.values() for row in rows if row.get("expansion")}
    for slug in sorted(used - set(have), key=lambda s: (list(EXTENSIONS).index(s) if s in EXTENSIONS else 99, s)):
        order = list(EXTENSIONS).index(slug) if slug in EXTENSIONS else len(EXTENSIONS)
        name = EXTENSIONS.get(slug, slug.replace("_", " ").title())
        have[slug] = Extension.objects.create(game=game, slug=slug, name=name, order=order)
    return have


def load_presets(directory, report):
    for path in sorted((Path(directory) / "presets").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        values = {"label": data.get("label", data["id"]), "short_label": data.get("short_label", ""),
                  "lobby_selectable": bool(data.get("lobby_selectable")), "alias": data.get("alias", ""),
                  "settings": {k: v for k, v in data.items()
                               if k not in ("id", "label", "short_label", "lobby_selectable", "alias")}}
        preset = ValeriaPreset.objects.filter(slug=data["id"]).first()
        if preset is not None and all(getattr(preset, k) == v for k, v in values.items()):
            report.unchanged += 1
            continue
        ValeriaPreset.objects.update_or_create(slug=data["id"], defaults=values)
        (report.created if preset is None else report.updated).append(f"preset {data['id']}")


def load_valeria(directory=DATA_DIR, *, overwrite=False):
    """Every Valeria table, the banned list and the presets, in one transaction. Returns a LoadReport."""
    report = LoadReport()
    banned = json.loads((Path(directory) / "banned_cards.json").read_text(encoding="utf-8"))
    tables = {model: read_table(model.table, directory) for model in VALERIA_TABLES}
    with transaction.atomic():
        extensions = _game_and_extensions(tables)
        for model, rows in tables.items():
            load_table(model, rows, extensions, set(banned.get(model.table, [])), report, overwrite)
        load_presets(directory, report)
    return report


def load_official_cards(*, overwrite=False):
    """Valeria's reference tables (cards/data/valeria/)."""
    return load_valeria(overwrite=overwrite)
