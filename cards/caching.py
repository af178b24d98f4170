"""Card data served from cache until a card changes: the version counter (and when each number was reached), the
list pages and the export.

Every save or delete of a card-database row raises `CardDataVersion.number` in the same transaction
(`bump_version`, through the signals below); the loaders that insert in bulk, sending no signal (Valeria's
load, the Lorenzo import), call `bump_version` themselves, and only when they inserted something: a load or import
that changes nothing leaves the version, so the caches and ETags, as they were. Cached API answers are keyed by that number, so one
small query per request tells whether they still hold, in every process and every configuration.
"""
import hashlib
import uuid

from django.apps import apps
from django.core.cache import cache
from django.db import connection
from django.db.models import F
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.utils import timezone

CACHE_SECONDS = 24 * 3600   # entries of an old version are never read again; let them expire


def _counter():
    """The CardDataVersion model (through the app registry: the app config imports this module before the models)."""
    return apps.get_model("cards", "CardDataVersion")


def _reached():
    return apps.get_model("cards", "CardDataVersionReached")


def current_version():
    """A string naming the card data as it is now (changes with every write).

    Asked on every cached API answer: written as plain SQL, since compiling the ORM query cost more than
    running it."""
    meta = _counter()._meta
    with connection.cursor() as cursor:
        cursor.execute(f'SELECT "number", "stamp" FROM "{meta.db_table}" WHERE "{meta.pk.column}" = %s', [1])
        row = cursor.fetchone()
    return f"{row[0]}-{row[1]}" if row else "0"


def version_number():
    """The counter alone (0 before any card was written): what an export names and GET /api/changes/ takes."""
    return _counter().objects.filter(pk=1).values_list("number", flat=True).first() or 0


def bump_version():
    """Raise the counter and note when its new number was reached, in the caller's transaction."""
    stamp = uuid.uuid4().hex
    counter = _counter()
    if not counter.objects.filter(pk=1).update(number=F("number") + 1, stamp=stamp):
        counter.objects.update_or_create(pk=1, defaults={"number": 1, "stamp": stamp})
    note_version_reached()


def note_version_reached(moment=None):
    """Record that the counter's current number was reached at `moment` (now): one upsert, copying the number
    in SQL rather than reading it back, since every card write pays for it."""
    counter, reached = _counter()._meta, _reached()._meta
    with connection.cursor() as cursor:
        cursor.execute(
            f'INSERT INTO "{reached.db_table}" ("number", "reached_at") '
            f'SELECT "number", %s FROM "{counter.db_table}" WHERE "{counter.pk.column}" = %s '
            f'ON CONFLICT ("number") DO UPDATE SET "reached_at" = excluded."reached_at"',
            [connection.ops.adapt_datetimefield_value(moment or timezone.now()), 1])


def _on_change(sender, **kwargs):
    bump_version()


def connect_signals():
    """Raise the version on every write to a card model (not the history copies nor the counter itself)."""
    counter = _counter()
    for model in apps.get_app_config("cards").get_models():
        name = model._meta.model_name
        if model in (counter, _reached()) or name.startswith("historical"):
            continue
        uid = f"card-data-version-{name}"
        post_save.connect(_on_change, sender=model, dispatch_uid=f"{uid}-save")
        post_delete.connect(_on_change, sender=model, dispatch_uid=f"{uid}-delete")
        m2m_changed.connect(_on_change, sender=model, dispatch_uid=f"{uid}-m2m")


def cached(key, version, build):
    """`build()` once per card data version (and key); the answer from cache afterwards."""
    full_key = f"cards:{version}:{hashlib.sha1(key.encode()).hexdigest()}"
    value = cache.get(full_key)
    if value is None:
        value = build()
        cache.set(full_key, value, CACHE_SECONDS)
    return value


def etag(version, *parts):
    digest = hashlib.sha1(":".join(str(p) for p in (version, *parts)).encode()).hexdigest()[:20]
    return f'"cards-{digest}"'


def matches(request, tag):
    """True when the request's If-None-Match names `tag` (or is *)."""
    header = request.headers.get("If-None-Match", "")
    if not header:
        return False
    candidates = [value.strip().removeprefix("W/") for value in header.split(",")]
    return "*" in candidates or tag in candidates
