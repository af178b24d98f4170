"""Load card documents into the database: atomic, idempotent, and respectful of designers' edits.

A card that already exists is compared with the incoming data. Identical: nothing happens.
Different: it is updated only if nobody edited it by hand since it was loaded (its latest
history record has no user) or when ``overwrite`` is asked; otherwise it is kept and reported.
"""
import json
from dataclasses import dataclass, field
from pathlib import Path

import jsonschema
from django.core.exceptions import ValidationError
from django.db import transaction

from cards import export, json_safety
from cards.effect_checks import names_from_document
from cards.models import CardGame, Colour, Establishment, Extension, IconType, Landmark

DATA_DIR = Path(__file__).resolve().parent / "data"
MACHIKORO_FILE = DATA_DIR / "machikoro.json"
AQUARIUS_FILE = DATA_DIR / "aquarius.json"
EXCOMMUNICATIONS_FILE = DATA_DIR / "lorenzo" / "excom_cards.json"
LORENZO_FILES = [DATA_DIR / "lorenzo" / name for name in ("cards.json", "excom_cards.json", "leader_cards.json")]
LORENZO_GAME = {"slug": CardGame.LORENZO, "name": "Lorenzo il Magnifico", "name_fr": "Lorenzo le Magnifique"}
LORENZO_BASE = {"slug": "base", "name": "Lorenzo il Magnifico", "name_fr": "Lorenzo le Magnifique", "order": 0}


class CardDataError(ValueError):
    """A card document is malformed or a card in it is invalid; nothing was written."""


@dataclass
class LoadReport:
    created: list = field(default_factory=list)
    updated: list = field(default_factory=list)
    unchanged: int = 0
    kept: list = field(default_factory=list)

    def merge(self, other):
        self.created += other.created
        self.updated += other.updated
        self.unchanged += other.unchanged
        self.kept += other.kept

    def summary(self):
        text = f"{len(self.created)} created, {len(self.updated)} updated, {self.unchanged} unchanged"
        if self.kept:
            text += f", {len(self.kept)} kept with designers' edits: {', '.join(self.kept)}"
        return text


def read_json(path):
    """A card file's JSON; CardDataError (never a traceback) for text that is not UTF-8, bad or too deep JSON."""
    path = Path(path)
    try:
        return json_safety.loads(path.read_bytes().decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise CardDataError(f"{path.name}: not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start})") from None
    except json_safety.UnsafeJSON as exc:
        raise CardDataError(f"{path.name}: refused: {exc}") from None
    except json.JSONDecodeError as exc:
        raise CardDataError(f"{path.name}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from exc


def _json_path(error):
    parts = []
    for part in error.absolute_path:
        parts.append(f"[{part}]" if isinstance(part, int) else (f".{part}" if parts else str(part)))
    return "".join(parts) or "(document)"


def repeated_keys(items, key, path):
    """Items of a list that repeat an earlier item's `key`, as "path[i].key: 'x' is also path[j]": a file
    listing one card twice is ambiguous (loading both, the second silently won)."""
    first, problems = {}, []
    for index, item in enumerate(items):
        value = item.get(key) if isinstance(item, dict) else None
        if not isinstance(value, str):
            continue
        if value in first:
            problems.append(f"{path}[{index}].{key}: {value!r} is also {path}[{first[value]}]")
        else:
            first[value] = index
    return problems


def validate_machikoro_document(document):
    schema = json.loads((DATA_DIR / "machikoro.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise CardDataError("; ".join(f"{_json_path(e)}: {e.message}" for e in errors[:10]))
    repeated = [problem for kind in ("extensions", "colours", "icons", "establishments", "landmarks")
                for problem in repeated_keys(document[kind], "slug", kind)]
    if repeated:
        raise CardDataError("; ".join(repeated[:10]))


def _edited_by_designer(card):
    latest = card.history.order_by("-history_date", "-history_id").first()
    return latest is not None and latest.history_user_id is not None


def _upsert(model, lookup, values, to_data, incoming, label, report, overwrite):
    """Create or update one row, validating it like the admin does."""
    card = model.objects.filter(**lookup).first()
    if card is not None and to_data(card) == incoming:
        report.unchanged += 1
        return card
    if card is not None and not overwrite and hasattr(card, "history") and _edited_by_designer(card):
        report.kept.append(label)
        return card
    created = card is None
    card = card or model(**lookup)
    for name, value in values.items():
        setattr(card, name, value)
    try:
        card.full_clean()
    except ValidationError as exc:
        details = "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items())
        raise CardDataError(f"{label}: {details}") from exc
    card.save()
    (report.created if created else report.updated).append(label)
    return card


def _game(data):
    game, _ = CardGame.objects.get_or_create(slug=data["slug"], defaults={"name": data["name"]})
    changed = False
    for key in ("name", "name_fr"):
        if key in data and getattr(game, key) != data[key]:
            setattr(game, key, data[key])
            changed = True
    if changed:
        game.save()
    return game


def _lookup(model, game, slug, kind, label):
    try:
        return model.objects.get(game=game, slug=slug)
    except model.DoesNotExist:
        raise CardDataError(f"{label}: unknown {kind} {slug!r}") from None


def load_machikoro(document, *, overwrite=False):
    """Load a Machi Koro document (the format of cards/data/machikoro.json)."""
    validate_machikoro_document(document)
    with transaction.atomic(), names_from_document(document):
        return _load_machikoro(document, overwrite)


def _load_machikoro(document, overwrite):
    report = LoadReport()
    game = _game(document["game"])
    for item in document["extensions"]:
        values = {"name": item["name"], "name_fr": item.get("name_fr", ""), "order": item.get("order", 0)}
        _upsert(Extension, {"game": game, "slug": item["slug"]}, values, export.extension_to_data,
                {**item, **values}, f"extension {item['slug']}", report, overwrite)  # fmt: skip
    for item in document["colours"]:
        values = {k: item.get(k, "") for k in ("name", "name_fr", "description")}
        values.update(activation_order=item["activation_order"], activated_by=item["activated_by"])
        _upsert(Colour, {"game": game, "slug": item["slug"]}, values, export.colour_to_data,
                {"slug": item["slug"], **values}, f"colour {item['slug']}", report, overwrite)  # fmt: skip
    for item in document["icons"]:
        values = {k: item.get(k, "") for k in ("name", "name_fr", "symbol")}
        _upsert(IconType, {"game": game, "slug": item["slug"]}, values, export.icon_to_data,
                {"slug": item["slug"], **values}, f"icon {item['slug']}", report, overwrite)  # fmt: skip
    for item in document["establishments"]:
        label = f"establishment {item['slug']}"
        values = _common_values(item)
        values.update(
            extension=_lookup(Extension, game, item["extension"], "extension", label),
            colour=_lookup(Colour, game, item["colour"], "colour", label),
            icon=_lookup(IconType, game, item["icon"], "icon", label),
            activation_min=item["activation_min"],
            activation_max=item["activation_max"],
            copies=item.get("copies", 6),
            major=item.get("major", False),
            rules_note=item.get("rules_note", ""),
        )
        incoming = {**item, **{k: v for k, v in values.items() if k not in ("extension", "colour", "icon")}}
        _upsert(Establishment, {"slug": item["slug"]}, values, export.establishment_to_data, incoming, label,
                report, overwrite)  # fmt: skip
    for item in document["landmarks"]:
        label = f"landmark {item['slug']}"
        values = _common_values(item)
        values.update(
            extension=_lookup(Extension, game, item["extension"], "extension", label),
            starts_built=item.get("starts_built", False),
            counts_toward_win=item.get("counts_toward_win", True),
            copies=item.get("copies", 4),
            rules_note=item.get("rules_note", ""),
        )
        incoming = {**item, **{k: v for k, v in values.items() if k != "extension"}}
        if not incoming["rules_note"]:
            incoming.pop("rules_note")
        _upsert(Landmark, {"slug": item["slug"]}, values, export.landmark_to_data, incoming, label, report, overwrite)
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


def _load_lorenzo(documents, kind=None, overwrite=False):
    """Lorenzo card lists through the Lorenzo importer (cards/lorenzo/importer.py), reported like the rest."""
    from cards.lorenzo.importer import import_documents

    report = import_documents(documents, kind=kind, overwrite=overwrite, reason="Loaded")
    if report.errors:
        raise CardDataError("; ".join(str(problem) for problem in report.errors[:10]))
    return report.as_load_report()


def load_excommunications(items, *, overwrite=False):
    """Load excommunication tiles in seed 000's JSON format (a list of cards)."""
    if not isinstance(items, list):
        raise CardDataError("excommunications: expected a JSON array of cards")
    return _load_lorenzo([("excommunications", items)], kind="excommunication", overwrite=overwrite)


def load_lorenzo_cards(*, overwrite=False):
    """Lorenzo's 96 development cards, 21 excommunications and 20 leaders, in one transaction."""
    return _load_lorenzo([(path.name, read_json(path)) for path in LORENZO_FILES], overwrite=overwrite)


def load_card_file(document, *, overwrite=False):
    """Load one card document of ours, Machi Koro's or Aquarius' format (told by its "format")."""
    from cards.aquarius.data import FORMAT as AQUARIUS_FORMAT, load_aquarius

    if isinstance(document, dict) and document.get("format") == AQUARIUS_FORMAT:
        return load_aquarius(document, overwrite=overwrite)
    return load_machikoro(document, overwrite=overwrite)


def load_official_cards(*, overwrite=False):
    """Every official card this site ships: Machi Koro (all boxes), Lorenzo il Magnifico's and Aquarius' cards."""
    from cards.aquarius.data import load_aquarius

    report = load_machikoro(read_json(MACHIKORO_FILE), overwrite=overwrite)
    report.merge(load_lorenzo_cards(overwrite=overwrite))
    report.merge(load_aquarius(read_json(AQUARIUS_FILE), overwrite=overwrite))
    return report
