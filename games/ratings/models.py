"""Ratings: one row per player (or bot kind) and game, and one row per seat of every rated game.

Imported by games/models.py, so it names the games app's models by string ("games.Game") only.
"""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _, pgettext_lazy


class PlayerRating(models.Model):
    """The current rating of a registered user, or of every bot of one kind, at one game (ruleset slug)."""

    ruleset = models.CharField(_("ruleset"), max_length=32)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="ratings", verbose_name=_("user"))
    bot_kind = models.CharField(_("bot kind"), max_length=20, blank=True)  # empty for a user
    mu = models.FloatField(_("skill (mu)"))
    sigma = models.FloatField(_("uncertainty (sigma)"))
    games = models.PositiveIntegerField(_("rated games"), default=0)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["ruleset", "user"], condition=Q(user__isnull=False),
                                    name="ratings_user_unique"),
            models.UniqueConstraint(fields=["ruleset", "bot_kind"], condition=Q(user__isnull=True),
                                    name="ratings_bot_unique"),
            models.CheckConstraint(condition=Q(user__isnull=False, bot_kind="") | Q(user__isnull=True) & ~Q(bot_kind=""),
                                   name="ratings_user_or_bot"),
        ]
        indexes = [models.Index(fields=["ruleset", "-mu"], name="ratings_board")]

    def __str__(self):
        return f"{self.user or self.bot_kind + ' bot'} at {self.ruleset}: {self.mu:.2f} ± {self.sigma:.2f}"


class RatingChange(models.Model):
    """What one seat of a rated game did to its player's (or bot kind's) rating. One row per seat: the unique
    (game, position) makes a game rated once, even if its end is processed twice."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes",
                             verbose_name=pgettext_lazy("played game", "game"))
    position = models.PositiveSmallIntegerField(_("position"))
    ruleset = models.CharField(_("ruleset"), max_length=32)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="rating_changes", verbose_name=_("user"))
    bot_kind = models.CharField(_("bot kind"), max_length=20, blank=True)
    rank = models.PositiveSmallIntegerField(_("rank"))
    mu_before = models.FloatField(_("mu before"))
    sigma_before = models.FloatField(_("sigma before"))
    mu_after = models.FloatField(_("mu after"))
    sigma_after = models.FloatField(_("sigma after"))
    rating_before = models.IntegerField(_("rating before"))
    rating_after = models.IntegerField(_("rating after"))
    provisional = models.BooleanField(_("provisional after this game"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [models.UniqueConstraint(fields=["game", "position"], name="ratings_change_seat_unique")]
        indexes = [models.Index(fields=["user", "ruleset", "created_at"], name="ratings_history"),
                   models.Index(fields=["ruleset", "created_at"], name="ratings_month")]

    def __str__(self):
        return f"{self.game_id}#{self.position}: {self.rating_before} -> {self.rating_after}"

    @property
    def delta(self):
        return self.rating_after - self.rating_before
