"""What changed in the card data since a card data version (GET /api/changes/): cards added, changed field by field,
and removed, per game, read from the cards' history (django-simple-history).

Every write raises the card data version in its transaction and notes when the new number was reached
(cards/caching.py, CardDataVersionReached). A history record belongs to the first version reached at or after it,
so "since N" is every record after the moment N was reached, up to the moment the current version was reached.

The work is bounded: a page holds at most `limit` records, ordered by (date, table, id), and names the cursor of the
next page. A page costs one query per history table it reads, one per table holding changed rows (their previous
values) and a few for the versions, however long the history.
"""
import base64
import binascii
import json
from bisect import bisect_left
from dataclasses import dataclass, field
from datetime import datetime

from django.apps import apps
from django.db.models import Q

from config.registry import all_games

from cards.caching import version_number
from cards.models import CardGame, Extension
from cards.models.version import CardDataVersionReached

PAGE_SIZE = 200
MAX_PAGE_SIZE = 1000
KINDS = {"+": "added", "~": "changed", "-": "removed"}


class ChangelogError(ValueError):
    """A request the changelog cannot answer: `code` and `params` word it (cards/api_changes.py)."""

    def __init__(self, code, **params):
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass
class Changelog:
    since: int
    version: int            # the current version: what to ask "since" next, once `next_cursor` is None
    until: int              # the version this page reaches
    games: dict = field(default_factory=dict)
    next_cursor: str | None = None


@dataclass(frozen=True)
class _Table:
    label: str              # the history table's model name, orders records of one moment
    model: type             # the card model
    game: str | None        # the CardGame slug of every row, or None when the row names it (extensions)


def _tables():
    """The card tables with a history: each game's, and the extensions (not the games themselves, nor drafts)."""
    games = {game.cards: game.card_game for game in all_games() if game.cards}
    tables = []
    for model in apps.get_app_config("cards").get_models():
        history = getattr(model, "history", None)
        if history is None or model._meta.model_name.startswith("historical"):
            continue
        package = model.__module__.rpartition(".")[0]
        if package in games:
            tables.append(_Table(model._meta.model_name, model, games[package]))
        elif model is Extension:
            tables.append(_Table(model._meta.model_name, model, None))
    return sorted(tables, key=lambda table: table.label)


def encode_cursor(record, label):
    key = json.dumps([record.history_date.isoformat(), label, record.history_id])
    return base64.urlsafe_b64encode(key.encode()).decode().rstrip("=")


def decode_cursor(cursor):
    """(date, table label, history id) from a cursor; ChangelogError("bad_cursor") for anything else."""
    try:
        date, label, history_id = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        key = (datetime.fromisoformat(date), str(label), int(history_id))
    except (ValueError, TypeError, binascii.Error, UnicodeDecodeError):
        raise ChangelogError("bad_cursor") from None
    if key[0].tzinfo is None:
        raise ChangelogError("bad_cursor")
    return key


def _after(table, cursor):
    """The records of `table` after the cursor's (date, label, id)."""
    date, label, history_id = cursor
    if table.label > label:
        return Q(history_date__gte=date)
    if table.label < label:
        return Q(history_date__gt=date)
    return Q(history_date__gt=date) | Q(history_date=date, history_id__gt=history_id)


def _reached_at(number):
    return CardDataVersionReached.objects.filter(number=number).values_list("reached_at", flat=True).first()


def check_since(since, current):
    """ChangelogError unless `since` is a version this site can answer for."""
    if since > current:
        raise ChangelogError("since_in_future", since=since, current=current)
    if _reached_at(since) is None:
        oldest = CardDataVersionReached.objects.filter(number__lte=current).order_by("number").values_list(
            "number", flat=True).first()
        raise ChangelogError("since_too_old", since=since, oldest=oldest if oldest is not None else current)


def changes_since(since, game=None, cursor=None, limit=PAGE_SIZE):
    """The page of changes after version `since` (and after `cursor`), of one game (a CardGame slug) or all.

    Raises ChangelogError: since_in_future, since_too_old, bad_cursor, unknown_game."""
    current = version_number()
    check_since(since, current)
    if game is not None and not CardGame.objects.filter(slug=game).exists():
        raise ChangelogError("unknown_game", game=game)
    position = decode_cursor(cursor) if cursor else None
    if since == current:
        return Changelog(since=since, version=current, until=current)
    start, end = _reached_at(since), _reached_at(current)
    tables = [table for table in _tables() if game is None or table.game in (game, None)]
    game_slugs = dict(CardGame.objects.values_list("pk", "slug"))  # extensions name their game by id

    found = []
    for table in tables:
        records = table.model.history.filter(history_date__gt=start)
        if end is not None:  # later records belong to versions this answer does not name yet
            records = records.filter(history_date__lte=end)
        if position:
            records = records.filter(_after(table, position))
        if table.game is None and game is not None:
            records = records.filter(game_id__in=[pk for pk, slug in game_slugs.items() if slug == game])
        found += [(record.history_date, table.label, record.history_id, table, record)
                  for record in records.order_by("history_date", "history_id")[:limit + 1]]
    found.sort(key=lambda item: item[:3])
    page, more = found[:limit], len(found) > limit

    log = Changelog(since=since, version=current, until=current)
    if not page:
        return log
    versions = _versions_between(page[0][0], page[-1][0], since, current)
    previous = _previous_records(page)
    for date, _label, _id, table, record in page:
        slug = table.game or game_slugs.get(record.game_id)
        kind = KINDS.get(record.history_type, "changed")
        entry = _entry(table, record, _version_of(date, versions, current))
        if kind == "changed":
            entry["changes"] = _changes(record, previous.get((table.label, record.history_id)))
        log.games.setdefault(slug, {"added": [], "changed": [], "removed": []})[kind].append(entry)
    if more:
        last = page[-1]
        log.next_cursor = encode_cursor(last[4], last[1])
        log.until = _version_of(last[0], versions, current)
    return log


def _versions_between(first, last, since, current):
    """[(reached_at, number)] of the versions after `since` reached from `first` to the first one at or after
    `last`, in time order (a number reached again counts at its latest moment)."""
    reached = CardDataVersionReached.objects.filter(number__gt=since, number__lte=current, reached_at__gte=first)
    closing = reached.filter(reached_at__gte=last).order_by("reached_at").values_list("reached_at", flat=True).first()
    if closing is not None:
        reached = reached.filter(reached_at__lte=closing)
    return list(reached.order_by("reached_at", "number").values_list("reached_at", "number"))


def _version_of(date, versions, current):
    """The first version reached at or after `date` (`versions` in time order)."""
    index = bisect_left(versions, (date,))
    return versions[index][1] if index < len(versions) else current


def _previous_records(page):
    """{(table label, history id): the record before it of the same row}, for the page's changed records."""
    tables, ids, latest = {}, {}, {}
    for date, label, _id, table, record in page:
        if record.history_type == "~":
            tables[label] = table
            ids.setdefault(label, set()).add(record.id)
            latest[label] = date  # the page is in date order
    previous = {}
    for label, table in tables.items():
        last_of_row = {}
        for record in table.model.history.filter(id__in=ids[label], history_date__lte=latest[label]).order_by(
                "id", "history_date", "history_id"):
            previous[(label, record.history_id)] = last_of_row.get(record.id)
            last_of_row[record.id] = record
    return previous


def _entry(table, record, version):
    entry = {"kind": table.label, "id": record.id, "version": version, "date": record.history_date}
    for name in ("slug", "name"):
        if hasattr(record, name):
            entry[name] = getattr(record, name)
    return entry


def _changes(record, previous):
    if previous is None:
        return []
    return [{"field": change.field, "old": _plain(change.old), "new": _plain(change.new)}
            for change in record.diff_against(previous).changes]


def _plain(value):
    if value is None or isinstance(value, (bool, int, float, str, list, dict)):
        return value
    return str(value)
