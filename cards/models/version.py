"""One counter raised by every write to the card database, so caches of card data know when they are stale, and the
moment each of its numbers was reached, so a client holding an old number can ask what changed since
(GET /api/changes/, cards/changelog.py)."""
from django.db import models


class CardDataVersion(models.Model):
    """A single row (pk 1). Raised in the writing transaction, so every process sees it with the data.

    `stamp` is new at every raise, so a number seen again (a rolled-back write, a restored backup) never
    names data cached before.
    """

    number = models.BigIntegerField(default=0)
    stamp = models.CharField(max_length=32, blank=True)

    class Meta:
        verbose_name = "card data version"

    def __str__(self):
        return f"card data version {self.number}"


class CardDataVersionReached(models.Model):
    """When the counter last reached a number: written in the same transaction as the raise (cards/caching.py).

    A number reached again (after a rolled-back write or a restored backup) keeps its latest moment, so one row per
    number. The card history (django-simple-history) is placed between versions by these moments.
    """

    number = models.BigIntegerField(unique=True)
    reached_at = models.DateTimeField(db_index=True)

    class Meta:
        verbose_name = "card data version reached"
        ordering = ["number"]

    def __str__(self):
        return f"card data version {self.number} at {self.reached_at:%Y-%m-%d %H:%M:%S}"
