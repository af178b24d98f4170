"""What every card belongs to: a game and one of its extensions (boxes)."""
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class CardGame(models.Model):
    """A tabletop game whose cards the database holds (Machi Koro, Lorenzo il Magnifico ...)."""

    MACHI_KORO = "machi-koro"
    LORENZO = "lorenzo"
    AQUARIUS = "aquarius"
    VALERIA = "valeria"
    PROGRESS = "progress"

    slug = models.SlugField(_("slug"), unique=True)
    name = models.CharField(_("name"), max_length=100, unique=True)
    name_fr = models.CharField(_("French name"), max_length=100, blank=True)
    history = HistoricalRecords()  # who changed a name (English or French) and when

    class Meta:
        ordering = ["name"]
        verbose_name = _("card game")  # not "game": the live games are games too
        verbose_name_plural = _("card games")

    def __str__(self):
        return self.name


class Extension(models.Model):
    """A box of a game: the base game, an expansion or a promo."""

    game = models.ForeignKey(CardGame, on_delete=models.PROTECT, related_name="extensions", verbose_name=_("game"))
    slug = models.SlugField(_("slug"))
    name = models.CharField(_("name"), max_length=100)
    name_fr = models.CharField(_("French name"), max_length=100, blank=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0, help_text=_("Display order within the game."))
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "order", "name"]
        verbose_name = _("extension")
        verbose_name_plural = _("extensions")
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="extension_unique_slug_per_game"),
            models.UniqueConstraint(fields=["game", "name"], name="extension_unique_name_per_game"),
        ]

    def __str__(self):
        return f"{self.name} ({self.game.name})" if self.game_id else self.name
