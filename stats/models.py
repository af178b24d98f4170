"""Stored statistics: one row per finished game, one per seat of it, and the site-wide running totals."""
from django.conf import settings
from django.db import models
from django.utils.formats import number_format
from django.utils.translation import gettext as _, gettext_lazy, ngettext, pgettext_lazy


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

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="statistics",
                                verbose_name=pgettext_lazy("played game", "game"))
    status = models.CharField(gettext_lazy("status"), max_length=10, choices=Status.choices, default=Status.PENDING,
                              db_index=True)
    # the game's statistics kind's compute() output (stats/<game>/statistics.py), game facts included
    result = models.JSONField(gettext_lazy("result"), null=True, blank=True)
    error = models.TextField(gettext_lazy("error"), blank=True)
    # the version of the kind that produced `result`
    version = models.PositiveSmallIntegerField(gettext_lazy("statistics version"), default=0)
    attempts = models.PositiveIntegerField(gettext_lazy("attempts"), default=0)
    queued_at = models.DateTimeField(gettext_lazy("queued at"), null=True, blank=True)
    computed_at = models.DateTimeField(gettext_lazy("computed at"), null=True, blank=True)
    # What this game adds to the site totals, and whether it has been added (see stats.aggregate).
    site_contribution = models.JSONField(gettext_lazy("contribution to the site totals"), null=True, blank=True)
    aggregated = models.BooleanField(gettext_lazy("added to the site totals"), default=False)

    class Meta:
        verbose_name = gettext_lazy("game statistics")
        verbose_name_plural = gettext_lazy("game statistics")
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

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="player_results",
                             verbose_name=pgettext_lazy("played game", "game"))
    seat = models.PositiveSmallIntegerField(gettext_lazy("seat"))
    order = models.PositiveSmallIntegerField(gettext_lazy("turn order"))   # 1 = played first
    players = models.PositiveSmallIntegerField(gettext_lazy("players"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="game_results", verbose_name=gettext_lazy("user"))
    guest = models.ForeignKey("games.Guest", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="game_results", verbose_name=gettext_lazy("guest"))
    bot_kind = models.CharField(gettext_lazy("bot kind"), max_length=20, blank=True)
    name = models.CharField(gettext_lazy("name"), max_length=40)
    won = models.BooleanField(gettext_lazy("winner"))
    turns = models.PositiveIntegerField(gettext_lazy("turns"))         # the game's length in turns
    duration_seconds = models.PositiveIntegerField(gettext_lazy("duration in seconds"), null=True, blank=True)
    extensions = models.CharField(gettext_lazy("extensions"), max_length=200)  # stats.aggregate.mix_label
    bought = models.JSONField(gettext_lazy("cards bought"), default=dict)       # establishment slug -> copies bought
    finished_at = models.DateTimeField(gettext_lazy("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-finished_at", "game_id", "seat"]
        verbose_name = gettext_lazy("player result")
        verbose_name_plural = gettext_lazy("player results")
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="stats_player_result_unique")]

    def __str__(self):
        return f"{self.name} in game {self.game_id} (seat {self.seat})"


class SiteStatistics(models.Model):
    """The running totals over every aggregated game: a single row (pk=1)."""

    SINGLETON = 1

    totals = models.JSONField(gettext_lazy("totals"), default=dict)
    games = models.PositiveIntegerField(pgettext_lazy("played games", "games"), default=0)
    refreshed_at = models.DateTimeField(gettext_lazy("refreshed at"), null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("site statistics")
        verbose_name_plural = gettext_lazy("site statistics")

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
    # as the designer typed it; blank: none
    name = models.CharField(gettext_lazy("name"), max_length=100, blank=True)
    game = models.CharField(gettext_lazy("ruleset"), max_length=40, default="machikoro")      # a ruleset slug
    draft = models.ForeignKey("cards.CardSetDraft", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="lab_runs", verbose_name=gettext_lazy("draft"))
    # The draft's name when the run started (kept if the draft is renamed or deleted); blank: the published
    # cards (a draft's name is required and unique, never blank).
    draft_name = models.CharField(gettext_lazy("draft name"), max_length=100, blank=True)
    # the frozen card set the games used
    rules = models.JSONField(gettext_lazy("card set played"))
    # players, extensions, market, bots
    options = models.JSONField(gettext_lazy("options"))
    seed = models.BigIntegerField(gettext_lazy("seed"))
    games = models.PositiveIntegerField(pgettext_lazy("played games", "games"))
    chunk_size = models.PositiveIntegerField(gettext_lazy("games per chunk"))
    software_version = models.CharField(gettext_lazy("software version"), max_length=60, blank=True)
    status = models.CharField(gettext_lazy("status"), max_length=10, choices=Status.choices, default=Status.QUEUED,
                              db_index=True)
    games_done = models.PositiveIntegerField(gettext_lazy("games played"), default=0)
    # stats.lab.summary.summarise output
    result = models.JSONField(gettext_lazy("result"), null=True, blank=True)
    error = models.TextField(gettext_lazy("error"), blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=gettext_lazy("created by"))
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(gettext_lazy("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = gettext_lazy("lab run")
        verbose_name_plural = gettext_lazy("lab runs")

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

    @property
    def stopping(self):
        """The early-stopping rule the run was started with (stats.lab.sequential.look reads it), or None."""
        return (self.options or {}).get("stopping")

    @property
    def game_settings(self):
        """The settings the game's lab plays (players, bots, the game's options): the options but the rule."""
        return {key: value for key, value in (self.options or {}).items() if key != "stopping"}

    @property
    def stopped_by_rule(self):
        """Done because its stopping rule decided (usually before its last game)."""
        return self.status == self.Status.DONE and bool(((self.result or {}).get("stopping") or {}).get("decision"))

    @property
    def keeps_late_chunks(self):
        """Stopped (cancelled, or by its rule) while chunks were being played: what they played still counts."""
        return self.status == self.Status.CANCELLED or self.stopped_by_rule


class LabChunk(models.Model):
    """The tally of one chunk of a lab run (games start..stop-1), stored by the worker that played it."""

    run = models.ForeignKey(LabRun, on_delete=models.CASCADE, related_name="chunks", verbose_name=gettext_lazy("lab run"))
    index = models.PositiveIntegerField(gettext_lazy("index"))
    games = models.PositiveIntegerField(pgettext_lazy("played games", "games"))
    tally = models.JSONField(gettext_lazy("tally"))

    class Meta:
        verbose_name = gettext_lazy("lab chunk")
        verbose_name_plural = gettext_lazy("lab chunks")
        constraints = [models.UniqueConstraint(fields=["run", "index"], name="labchunk_once_per_run")]
