"""Live games: who sits where, the game's current state, and the numbered log of everything played.

The database is the only memory of a game. `Game.state` is the ruleset's state after the last event,
`Game.event_seq` the number of that event, and `GameEvent` rows keep every action so a game can be
resumed, replayed and exported. Nothing here knows the rules of any game: see `games.rulesets`.
"""
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _, pgettext_lazy

from games.ratings.models import PlayerRating, RatingChange  # noqa: F401  (the ratings' models, games/ratings/)
from games.notifications.models import GameInvite, Notification, NotificationPreference  # noqa: F401 (models of the app)
from games.accounts.models import AccountEmail  # noqa: F401  (a model of the games app, kept in its package)
from games.webpush.models import PushSubscription  # noqa: F401  (the app's models: Web Push devices)
from games.api_tokens.models import ApiToken  # noqa: F401  (the app's models: programs' API tokens)
from games.programs.models import ProgramAccount  # noqa: F401  (accounts played by programs: games/programs/)

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: codes are read aloud and typed


def new_game_code():
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(10))


class Guest(models.Model):
    """A visitor playing under a nickname, tied to a browser session; `user` is set once kept as an account."""

    nickname = models.CharField(_("nickname"), max_length=24)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="former_guest",
        verbose_name=_("account"),
    )

    class Meta:
        verbose_name = _("guest")
        verbose_name_plural = _("guests")

    def __str__(self):
        return f"{self.nickname} (guest)"


class Game(models.Model):
    class Status(models.TextChoices):
        LOBBY = "lobby", _("Waiting for players")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")
        ABANDONED = "abandoned", _("Abandoned")

    code = models.CharField(_("code"), max_length=12, unique=True, default=new_game_code)
    ruleset = models.CharField(_("ruleset"), max_length=32)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.LOBBY, db_index=True)
    public = models.BooleanField(_("public"), default=True)
    options = models.JSONField(_("options"), default=dict)  # ruleset options, cleaned by the ruleset
    min_players = models.PositiveSmallIntegerField(_("fewest players"))
    max_players = models.PositiveSmallIntegerField(_("most players"))
    class Pace(models.TextChoices):
        LIVE = "live", _("Live")
        TURN_BASED = "turn_based", _("Turn-based")

    class OnTimeout(models.TextChoices):
        BOT_PLAYS = "bot", _("A bot plays the turn")
        LOSES = "lose", _("The player loses by time")

    turn_seconds = models.PositiveIntegerField(_("seconds per turn"), default=0)  # 0: no turn timer
    # Turn-based games wait for their players for days: turn_seconds is then the time per move.
    pace = models.CharField(_("pace"), max_length=10, choices=Pace.choices, default=Pace.LIVE)
    on_timeout = models.CharField(_("when time runs out"), max_length=4, choices=OnTimeout.choices,
                                  default=OnTimeout.BOT_PLAYS)
    rated = models.BooleanField(_("rated"), default=False)
    host_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="hosted_games", verbose_name=_("host (user)"))
    host_guest = models.ForeignKey(Guest, null=True, blank=True, on_delete=models.SET_NULL, related_name="hosted_games",
                                   verbose_name=_("host (guest)"))
    # identity keys the host removed: they may not join again
    kicked = models.JSONField(_("removed players"), default=list)
    # With no host present, players vote to hand a stalled seat to a bot: {seat id: [voters' identity keys]}.
    handover_votes = models.JSONField(_("votes to hand seats to bots"), default=dict)

    # Frozen when the game starts: the rules data (e.g. the card set), the seed and the players' names.
    rules = models.JSONField(_("rules data"), null=True, blank=True)
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    table = models.JSONField(_("table"), default=list)  # names in seat order at the start, for replays
    state = models.JSONField(_("state"), null=True, blank=True)
    event_seq = models.PositiveIntegerField(_("last event number"), default=0)
    # seats whose action is awaited (copied from the state)
    to_act = models.JSONField(_("seats to act"), default=list)
    turn = models.PositiveIntegerField(_("turn"), default=0)
    turn_deadline = models.DateTimeField(_("turn deadline"), null=True, blank=True)
    # Volity's suspension of a running game (games/services/suspension.py): the status stays "playing", no move
    # is made and no timer runs until every player is ready again; the turn's time left is kept to restore it.
    suspended_at = models.DateTimeField(_("suspended at"), null=True, blank=True)
    suspended_by = models.CharField(_("suspended by"), max_length=40, blank=True)
    suspended_time_left = models.DurationField(_("turn time left when suspended"), null=True, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)  # winners and final table
    # Languages besides the site's default that this game's pages were opened in: each move's update is
    # worded in these and the default only (games/selectors/frames.py), not in every site language.
    reader_languages = models.JSONField(_("readers' languages"), default=list, blank=True)
    # Whether a program's RPC socket was ever opened on this game: until then a move builds no RPC notifications
    # (games/rpc/notify.py), which cost a move's database thread a sixth of its time for nobody.
    rpc_readers = models.BooleanField(_("read by programs"), default=False)

    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    # Not indexed: an index on a column every move changes would stop PostgreSQL's in-place (HOT) updates.
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # The new game its players asked for after this one ended (same options, bots kept).
    rematch = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of",
                                   verbose_name=_("rematch"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = pgettext_lazy("played game", "live game")  # not "game": the card database has games too
        verbose_name_plural = pgettext_lazy("played games", "live games")
        indexes = [models.Index(fields=["status", "public", "-created_at"], name="games_open_list")]

    def __str__(self):
        return f"{self.ruleset} {self.code} ({self.status})"

    @property
    def is_lobby(self):
        return self.status == self.Status.LOBBY

    @property
    def is_playing(self):
        return self.status == self.Status.PLAYING

    @property
    def is_suspended(self):
        return self.suspended_at is not None

    @property
    def is_over(self):
        return self.status in (self.Status.FINISHED, self.Status.ABANDONED)


class Seat(models.Model):
    """A place at a game's table: a human (user or guest) or a bot; `autopilot` lets a bot play a human's seat."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats",
                             verbose_name=pgettext_lazy("played game", "game"))
    # join order in the lobby, the ruleset's seat index once started
    position = models.PositiveSmallIntegerField(_("position"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="seats", verbose_name=_("user"))
    guest = models.ForeignKey(Guest, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats",
                              verbose_name=_("guest"))
    bot_kind = models.CharField(_("bot kind"), max_length=20, blank=True)  # empty for a human
    name = models.CharField(_("name"), max_length=40)
    ready = models.BooleanField(_("ready"), default=False)
    autopilot = models.BooleanField(_("played by a bot"), default=False)
    left = models.BooleanField(_("left the game"), default=False)
    # when the player's last socket closed
    disconnected_at = models.DateTimeField(_("disconnected at"), null=True, blank=True)
    # Turn-based games (docs/playing.md, "Turn-based games"): the last event number the player has seen (the
    # page highlights the moves after it), how often their time per move ran out, whether a bot plays only
    # the current turn for them (their time ran out; the seat comes back to them after it), and whether they
    # lost by time (a bot plays the seat to the end; the result lists it in "forfeited").
    seen_seq = models.PositiveIntegerField(_("last event seen"), default=0)
    timeouts = models.PositiveSmallIntegerField(_("times out of time"), default=0)
    bot_for_turn = models.BooleanField(_("a bot plays this turn only"), default=False)
    forfeited = models.BooleanField(_("lost by time"), default=False)
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)

    class Meta:
        ordering = ["position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="games_seat_position_unique"),
            models.UniqueConstraint(fields=["game", "user"], condition=Q(user__isnull=False),
                                    name="games_seat_user_unique"),
            models.UniqueConstraint(fields=["game", "guest"], condition=Q(guest__isnull=False),
                                    name="games_seat_guest_unique"),
        ]

    def __str__(self):
        return f"{self.name} at {self.game.code}#{self.position}"

    @property
    def is_bot(self):
        return bool(self.bot_kind)

    @property
    def is_automated(self):
        """A bot chooses this seat's actions: a bot seat, or a human's seat on autopilot."""
        return self.is_bot or self.autopilot

    @property
    def identity_key(self):
        if self.user_id:
            return f"u:{self.user_id}"
        if self.guest_id:
            return f"g:{self.guest_id}"
        return None


class Presence(models.Model):
    """One open socket of a seated player. Its server process refreshes `last_seen` every heartbeat; a row
    nobody refreshes any more (the process was killed, the socket died) stops counting after the TTL."""

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="presences", verbose_name=_("seat"))
    # Not indexed: every heartbeat rewrites it, and lookups go through the seat.
    last_seen = models.DateTimeField(_("last seen"))

    class Meta:
        verbose_name = _("open socket")
        verbose_name_plural = _("open sockets")

    def __str__(self):
        return f"socket of seat {self.seat_id}, seen {self.last_seen:%H:%M:%S}"


class GameEvent(models.Model):
    """One applied action, numbered from 1 within its game, with the events the ruleset emitted."""

    class By(models.TextChoices):
        PLAYER = "player", _("the player")
        BOT = "bot", _("a bot seat")
        AUTOPILOT = "autopilot", _("a bot standing in for the player")

    # The (game, seq) unique index serves lookups by game: no second index to update on every move.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events", db_index=False,
                             verbose_name=pgettext_lazy("played game", "game"))
    seq = models.PositiveIntegerField(_("number"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    by = models.CharField(_("played by"), max_length=10, choices=By.choices)
    action = models.JSONField(_("action"))
    events = models.JSONField(_("events"), default=list)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        verbose_name = _("game event")
        verbose_name_plural = _("game events")
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="games_event_seq_unique")]

    def __str__(self):
        return f"{self.game.code} #{self.seq}"


class ChatMessage(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat",
                             verbose_name=pgettext_lazy("played game", "game"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             verbose_name=_("user"))
    guest = models.ForeignKey(Guest, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("guest"))
    name = models.CharField(_("name"), max_length=40)
    text = models.CharField(_("text"), max_length=500)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")

    def __str__(self):
        return f"{self.name}: {self.text[:30]}"


class LanguagePreference(models.Model):
    """The language a user chose with the switcher: applied at every request, on any browser (games.language)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="language_preference",
                                verbose_name=_("user"))
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES)

    class Meta:
        verbose_name = _("language preference")
        verbose_name_plural = _("language preferences")

    def __str__(self):
        return f"{self.user}: {self.language}"
