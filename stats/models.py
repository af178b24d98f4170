"""Stored statistics: one row per finished game, one per seat of it, and the site-wide running totals."""
from django.conf import settings
from django.db import models


class GameStatistics(models.Model):
    """The statistics of one game, computed from its event log by a Celery task (see stats.tasks)."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for a worker"
        RUNNING = "running", "Being computed"
        DONE = "done", "Ready"
        FAILED = "failed", "Failed"

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="statistics")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True)
    result = models.JSONField(null=True, blank=True)   # stats.compute.compute_statistics output + game facts
    error = models.TextField(blank=True)
    version = models.PositiveSmallIntegerField(default=0)   # STATISTICS_VERSION that produced `result`
    attempts = models.PositiveIntegerField(default=0)
    queued_at = models.DateTimeField(null=True, blank=True)
    computed_at = models.DateTimeField(null=True, blank=True)
    # What this game adds to the site totals, and whether it has been added (see stats.aggregate).
    site_contribution = models.JSONField(null=True, blank=True)
    aggregated = models.BooleanField(default=False)

    class Meta:
        verbose_name_plural = "game statistics"
        indexes = [
            models.Index(fields=["status", "aggregated"], name="stats_game_to_aggregate"),
        ]

    def __str__(self):
        return f"statistics of game {self.game_id} ({self.status})"

    @property
    def is_busy(self):
        return self.status in (self.Status.PENDING, self.Status.RUNNING)


class PlayerResult(models.Model):
    """One seat of one finished game, for a player's page (written with the game's statistics)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="player_results")
    seat = models.PositiveSmallIntegerField()
    order = models.PositiveSmallIntegerField()   # 1 = played first
    players = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="game_results")
    guest = models.ForeignKey("games.Guest", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="game_results")
    bot_kind = models.CharField(max_length=20, blank=True)
    name = models.CharField(max_length=40)
    won = models.BooleanField()
    turns = models.PositiveIntegerField()         # the game's length in turns
    duration_seconds = models.PositiveIntegerField(null=True, blank=True)
    extensions = models.CharField(max_length=200)  # stats.aggregate.mix_label
    bought = models.JSONField(default=dict)       # establishment slug -> copies bought
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-finished_at", "game_id", "seat"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="stats_player_result_unique")]

    def __str__(self):
        return f"{self.name} in game {self.game_id} (seat {self.seat})"


class SiteStatistics(models.Model):
    """The running totals over every aggregated game: a single row (pk=1)."""

    SINGLETON = 1

    totals = models.JSONField(default=dict)
    games = models.PositiveIntegerField(default=0)
    refreshed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "site statistics"

    def __str__(self):
        return f"site statistics over {self.games} games"
