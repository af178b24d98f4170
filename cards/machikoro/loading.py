"""Load Machi Koro card documents (the format of cards/data/machikoro.json, docs/card-data.md) into the database,
through the shared loader (cards/loading.py): atomic, idempotent, and respectful of designers' edits."""
import json

import jsonschema

from cards.loading import (DATA_DIR, CardDataError, LoadReport, game_row, json_path, keeping_playable, lookup_row,
                           read_json, repeated_keys, upsert)
from cards.models import Extension

from cards.machikoro import carddata
from cards.machikoro.effects import names_from_document
from cards.machikoro.models import Colour, Establishment, IconType, Landmark

MACHIKORO_FILE = DATA_DIR / "machikoro.json"
SCHEMA_FILE = DATA_DIR / "machikoro.schema.json"


def validate_document(document):
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise CardDataError("; ".join(f"{json_path(e)}: {e.message}" for e in errors[:10]))
    repeated = [problem for kind in ("extensions", "colours", "icons", "establishments", "landmarks")
                for problem in repeated_keys(document[kind], "slug", kind)]
    if repeated:
        raise CardDataError("; ".join(repeated[:10]))


def load_machikoro(document, *, overwrite=False):
    """Load a Machi Koro document (the format of cards/data/machikoro.json)."""
    validate_document(document)
    with keeping_playable(Establishment), names_from_document(document):
        return _load_document(document, overwrite)


def _load_document(document, overwrite):
    report = LoadReport()
    game = game_row(document["game"])
    for item in document["extensions"]:
        values = {"name": item["name"], "name_fr": item.get("name_fr", ""), "order": item.get("order", 0)}
        upsert(Extension, {"game": game, "slug": item["slug"]}, values, carddata.extension_to_data,
                {**item, **values}, f"extension {item['slug']}", report, overwrite)  # fmt: skip
    for item in document["colours"]:
        values = {k: item.get(k, "") for k in ("name", "name_fr", "description")}
        values.update(activation_order=item["activation_order"], activated_by=item["activated_by"])
        upsert(Colour, {"game": game, "slug": item["slug"]}, values, carddata.colour_to_data,
                {"slug": item["slug"], **values}, f"colour {item['slug']}", report, overwrite)  # fmt: skip
    for item in document["icons"]:
        values = {k: item.get(k, "") for k in ("name", "name_fr", "symbol")}
        upsert(IconType, {"game": game, "slug": item["slug"]}, values, carddata.icon_to_data,
                {"slug": item["slug"], **values}, f"icon {item['slug']}", report, overwrite)  # fmt: skip
    for item in document["establishments"]:
        label = f"establishment {item['slug']}"
        values = _common_values(item)
        values.update(
            extension=lookup_row(Extension, game, item["extension"], "extension", label),
            colour=lookup_row(Colour, game, item["colour"], "colour", label),
            icon=lookup_row(IconType, game, item["icon"], "icon", label),
            activation_min=item["activation_min"],
            activation_max=item["activation_max"],
            copies=item.get("copies", 6),
            major=item.get("major", False),
            rules_note=item.get("rules_note", ""),
        )
        incoming = {**item, **{k: v for k, v in values.items() if k not in ("extension", "colour", "icon")}}
        upsert(Establishment, {"slug": item["slug"]}, values, carddata.establishment_to_data, incoming, label,
                report, overwrite)  # fmt: skip
    for item in document["landmarks"]:
        label = f"landmark {item['slug']}"
        values = _common_values(item)
        values.update(
            extension=lookup_row(Extension, game, item["extension"], "extension", label),
            starts_built=item.get("starts_built", False),
            counts_toward_win=item.get("counts_toward_win", True),
            copies=item.get("copies", 4),
            rules_note=item.get("rules_note", ""),
        )
        incoming = {**item, **{k: v for k, v in values.items() if k != "extension"}}
        if not incoming["rules_note"]:
            incoming.pop("rules_note")
        upsert(Landmark, {"slug": item["slug"]}, values, carddata.landmark_to_data, incoming, label, report, overwrite)
    return report


def _common_values(item):
    return {
        "name": item["name"],
        "name_fr": item.get("name_fr", ""),
        "aliases": item.get("aliases", []),
        "cost": item["cost"],
        "effect": item.get("effect", ""),
        "description": item.get("description", ""),
    }




def load_official_cards(*, overwrite=False):
    """Machi Koro's official cards, every box (cards/data/machikoro.json)."""
    return load_machikoro(read_json(MACHIKORO_FILE), overwrite=overwrite)


DOCUMENT_FORMATS = {carddata.FORMAT: load_machikoro}  # the card files of ours this game's loader reads (load_cards)
