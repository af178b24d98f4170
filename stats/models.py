"""Stored statistics: one row per finished game, one per seat of it, and the site-wide running totals."""
from django.conf import settings
from django.db import models
from django.utils.formats import number_format
from django.utils.translation import gettext as _, ngettext, pgettext_lazy


def grouped(number):
    """2000 -> "2,000", in French "2 000": a count grouped by thousands in the active language."""
    return number_format(number, force_grouping=True)


class GameStatistics(models.Model):
    """The statistics of one game, computed from its event log by a Celery task (see stats.tasks)."""

    class Status(models.TextChoices):
        PENDING = "pending", pgettext_lazy("game statistics", "Waiting for a worker")
        RUNNING = "running", pgettext_lazy("game statistics", "Being computed")
        DONE = "done", pgettext_lazy("game statistics", "Ready")
        FAILED = "failed", pgettext_lazy("game statistics", "Failed")

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
        return ngettext("site statistics over %(games)s game", "site statistics over %(games)s games",
                        self.games) % {"games": grouped(self.games)}


class LabRun(models.Model):
    """A balance-lab run: many bot games with one card set, split into chunks played by workers.

    Everything needed to reproduce it is stored: the frozen card set (`rules`), the settings, the seed
    and the software version.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", pgettext_lazy("lab run", "Waiting for a worker")
        RUNNING = "running", pgettext_lazy("lab run", "Running")
        DONE = "done", pgettext_lazy("lab run", "Done")
        CANCELLED = "cancelled", pgettext_lazy("lab run", "Cancelled")
        FAILED = "failed", pgettext_lazy("lab run", "Failed")

    FINAL = (Status.DONE, Status.CANCELLED, Status.FAILED)

    # Only data is stored; the words a reader sees ("Published cards", "1,000 games, ...") are made in the
    # reader's language when shown (`card_set_text`, `title`).
    name = models.CharField(max_length=100, blank=True)                # as the designer typed it; blank: none
    game = models.CharField(max_length=40, default="machikoro")      # a ruleset slug
    draft = models.ForeignKey("cards.CardSetDraft", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="lab_runs")
    # The draft's name when the run started (kept if the draft is renamed or deleted); blank: the published
    # cards (a draft's name is required and unique, never blank).
    draft_name = models.CharField(max_length=100, blank=True)
    rules = models.JSONField()                                         # the frozen card set the games used
    options = models.JSONField()                                       # players, extensions, market, bots
    seed = models.BigIntegerField()
    games = models.PositiveIntegerField()
    chunk_size = models.PositiveIntegerField()
    software_version = models.CharField(max_length=60, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED, db_index=True)
    games_done = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)                   # stats.lab.summary.summarise output
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.title

    @property
    def card_set_text(self):
        """The card set the run played, in the active language: "Published cards" or "Draft “Cheap ranch”"."""
        if not self.draft_name:
            return _("Published cards")
        return _("Draft “%(name)s”") % {"name": self.draft_name}

    @property
    def title(self):
        """The designer's name for the run, else "1,000 games, Published cards" in the active language."""
        if self.name:
            return self.name
        return ngettext("%(games)s game, %(cards)s", "%(games)s games, %(cards)s", self.games) % {
            "games": grouped(self.games), "cards": self.card_set_text}

    @property
    def chunk_count(self):
        return -(-self.games // self.chunk_size)

    @property
    def is_final(self):
        return self.status in self.FINAL


class LabChunk(models.Model):
    """The tally of one chunk of a lab run (games start..stop-1), stored by the worker that played it."""

    run = models.ForeignKey(LabRun, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    games = models.PositiveIntegerField()
    tally = models.JSONField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["run", "index"], name="labchunk_once_per_run")]
