"""One counter raised by every write to the card database, so caches of card data know when they are stale."""
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
