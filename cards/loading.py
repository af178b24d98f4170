"""Load card documents into the database: atomic, idempotent, and respectful of designers' edits.

Each game's loader (the registry's `loader` part, cards/<game>/loading.py) builds on the helpers here; this module
runs them all (load_official_cards) or the one that reads a card file's format (load_card_file).

A card that already exists is compared with the incoming data. Identical: nothing happens.
Different: it is updated only if nobody edited it by hand since it was loaded (its latest
history record has no user) or when ``overwrite`` is asked; otherwise it is kept and reported.
"""
import json
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from config.registry import all_games, resolve

from cards import json_safety
from cards.integrity import UnplayableChange, keeping_games_playable
from cards.models import CardGame

DATA_DIR = Path(__file__).resolve().parent / "data"


class CardDataError(ValueError):
    """A card document is malformed or a card in it is invalid; nothing was written."""


@contextmanager
def keeping_playable(*items):
    """A load that would leave a live game unable to start (cards/integrity.py) is a CardDataError: nothing written."""
    try:
        with keeping_games_playable(_("The card file is refused and nothing was written"), *items):
            yield
    except UnplayableChange as change:
        raise CardDataError(change.text) from None


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


def json_path(error):
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


def _edited_by_designer(card):
    latest = card.history.order_by("-history_date", "-history_id").first()
    return latest is not None and latest.history_user_id is not None


def upsert(model, lookup, values, to_data, incoming, label, report, overwrite):
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


def game_row(data):
    game, _ = CardGame.objects.get_or_create(slug=data["slug"], defaults={"name": data["name"]})
    changed = False
    for key in ("name", "name_fr"):
        if key in data and getattr(game, key) != data[key]:
            setattr(game, key, data[key])
            changed = True
    if changed:
        game.save()
    return game


def lookup_row(model, game, slug, kind, label):
    try:
        return model.objects.get(game=game, slug=slug)
    except model.DoesNotExist:
        raise CardDataError(f"{label}: unknown {kind} {slug!r}") from None


def official_loaders():
    """(game, its loader) for every game whose official cards load together (load_cards' "Official cards")."""
    return [(game, game.part("loader")) for game in all_games() if game.loader and not game.loaded_apart]


def load_official_cards(*, overwrite=False):
    """Every official card this site ships (Machi Koro, all boxes, Aquarius' and Lorenzo il Magnifico's cards): each
    game's loader in turn, as the registry lists them; the games loaded apart (loaded_apart) are not in it."""
    report = LoadReport()
    for _game, load in official_loaders():
        report.merge(load(overwrite=overwrite))
    return report


def document_loaders():
    """{document format: the function loading a document of it}, from every game's loader module (DOCUMENT_FORMATS)."""
    loaders = {}
    for game in all_games():
        if game.loader:
            loaders.update(getattr(resolve(game.loader.rpartition(".")[0]), "DOCUMENT_FORMATS", {}))
    return loaders


def load_card_file(document, *, overwrite=False):
    """Load one card document of ours, in the format of the game it names (its "format"). A document of no known
    format goes to the first game's loader (Machi Koro's), whose validation says what is wrong with it."""
    loaders = document_loaders()
    fmt = document.get("format") if isinstance(document, dict) else None
    load = loaders.get(fmt) if isinstance(fmt, str) else None
    return (load or next(iter(loaders.values())))(document, overwrite=overwrite)
