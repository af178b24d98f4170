"""Live games: who sits where, the game's current state, and the numbered log of everything played.

The database is the only memory of a game. `Game.state` is the ruleset's state after the last event,
`Game.event_seq` the number of that event, and `GameEvent` rows keep every action so a game can be
resumed, replayed and exported. Nothing here knows the rules of any game: see `games.rulesets`.
"""
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: codes are read aloud and typed


def new_game_code():
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(10))


class Guest(models.Model):
    """A visitor playing under a nickname, tied to a browser session; `user` is set once kept as an account."""

    nickname = models.CharField(max_length=24)
    created_at = models.DateTimeField(auto_now_add=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="former_guest"
    )

    def __str__(self):
        return f"{self.nickname} (guest)"


class Game(models.Model):
    class Status(models.TextChoices):
        LOBBY = "lobby", _("Waiting for players")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")
        ABANDONED = "abandoned", _("Abandoned")

    code = models.CharField(max_length=12, unique=True, default=new_game_code)
    ruleset = models.CharField(max_length=32)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LOBBY, db_index=True)
    public = models.BooleanField(default=True)
    options = models.JSONField(default=dict)  # ruleset options, cleaned by the ruleset
    min_players = models.PositiveSmallIntegerField()
    max_players = models.PositiveSmallIntegerField()
    turn_seconds = models.PositiveIntegerField(default=0)  # 0: no turn timer
    host_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="hosted_games")
    host_guest = models.ForeignKey(Guest, null=True, blank=True, on_delete=models.SET_NULL, related_name="hosted_games")
    kicked = models.JSONField(default=list)  # identity keys the host removed: they may not join again
    # With no host present, players vote to hand a stalled seat to a bot: {seat id: [voters' identity keys]}.
    handover_votes = models.JSONField(default=dict)

    # Frozen when the game starts: the rules data (e.g. the card set), the seed and the players' names.
    rules = models.JSONField(null=True, blank=True)
    seed = models.BigIntegerField(null=True, blank=True)
    table = models.JSONField(default=list)  # names in seat order at the start, for replays
    state = models.JSONField(null=True, blank=True)
    event_seq = models.PositiveIntegerField(default=0)
    to_act = models.JSONField(default=list)  # seats whose action is awaited (copied from the state)
    turn = models.PositiveIntegerField(default=0)
    turn_deadline = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)  # winners and final table
    # Languages besides the site's default that this game's pages were opened in: each move's update is
    # worded in these and the default only (games/selectors/frames.py), not in every site language.
    reader_languages = models.JSONField(default=list, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    # Not indexed: an index on a column every move changes would stop PostgreSQL's in-place (HOT) updates.
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The new game its players asked for after this one ended (same options, bots kept).
    rematch = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of")

    class Meta:
        ordering = ["-created_at"]
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
    def is_over(self):
        return self.status in (self.Status.FINISHED, self.Status.ABANDONED)


class Seat(models.Model):
    """A place at a game's table: a human (user or guest) or a bot; `autopilot` lets a bot play a human's seat."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()  # join order in the lobby, the ruleset's seat index once started
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="seats")
    guest = models.ForeignKey(Guest, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats")
    bot_kind = models.CharField(max_length=20, blank=True)  # empty for a human
    name = models.CharField(max_length=40)
    ready = models.BooleanField(default=False)
    autopilot = models.BooleanField(default=False)
    left = models.BooleanField(default=False)
    disconnected_at = models.DateTimeField(null=True, blank=True)  # when the player's last socket closed
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
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

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="presences")
    # Not indexed: every heartbeat rewrites it, and lookups go through the seat.
    last_seen = models.DateTimeField()

    def __str__(self):
        return f"socket of seat {self.seat_id}, seen {self.last_seen:%H:%M:%S}"


class GameEvent(models.Model):
    """One applied action, numbered from 1 within its game, with the events the ruleset emitted."""

    class By(models.TextChoices):
        PLAYER = "player", "the player"
        BOT = "bot", "a bot seat"
        AUTOPILOT = "autopilot", "a bot standing in for the player"

    # The (game, seq) unique index serves lookups by game: no second index to update on every move.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    by = models.CharField(max_length=10, choices=By.choices)
    action = models.JSONField()
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="games_event_seq_unique")]

    def __str__(self):
        return f"{self.game.code} #{self.seq}"


class ChatMessage(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    guest = models.ForeignKey(Guest, null=True, blank=True, on_delete=models.SET_NULL)
    name = models.CharField(max_length=40)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self):
        return f"{self.name}: {self.text[:30]}"


class LanguagePreference(models.Model):
    """The language a user chose with the switcher: applied at every request, on any browser (games.language)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="language_preference")
    language = models.CharField(max_length=8, choices=settings.LANGUAGES)

    def __str__(self):
        return f"{self.user}: {self.language}"
