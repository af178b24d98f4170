"""What a player was told, what they want to be told and how, and the invitations to a lobby.

Imported by games/models.py; the games are named by string ("games.Game") so this module imports no other
model module.
"""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _, pgettext_lazy


class Kind(models.TextChoices):
    YOUR_TURN = "your_turn", _("Your turn in a turn-based game")
    INVITED = "invited", _("Invited to a game")
    GAME_ENDED = "game_ended", _("A game you played ended")
    REMATCH_OFFERED = "rematch_offered", _("A rematch offered")


class Channel(models.TextChoices):
    """Where a notification goes besides the site's menu (which always shows it)."""

    EMAIL = "email", _("E-mail")
    PUSH = "push", _("Push")


class Notification(models.Model):
    class EmailStatus(models.TextChoices):
        NONE = "", _("not wanted")
        QUEUED = "queued", _("queued")
        SENDING = "sending", _("sending")
        SENT = "sent", _("sent")
        THROTTLED = "throttled", _("not sent: one an hour per game")
        SKIPPED = "skipped", _("not sent")
        FAILED = "failed", _("failed")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications",
                             verbose_name=_("user"))
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                             verbose_name=pgettext_lazy("played game", "game"))
    data = models.JSONField(_("data"), default=dict, blank=True)
    # One event never notifies twice: who creates it names it (e.g. "your_turn:12:3:7"); unique per user.
    dedupe_key = models.CharField(_("event key"), max_length=120, null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    read_at = models.DateTimeField(_("read at"), null=True, blank=True)
    email_status = models.CharField(_("e-mail"), max_length=10, choices=EmailStatus.choices, blank=True, default="")
    email_sent_at = models.DateTimeField(_("e-mailed at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        constraints = [models.UniqueConstraint(fields=["user", "dedupe_key"], condition=Q(dedupe_key__isnull=False),
                                               name="notifications_dedupe_unique")]
        indexes = [models.Index(fields=["user", "-created_at"], name="notifications_user_recent"),
                   models.Index(fields=["user"], condition=Q(read_at__isnull=True), name="notifications_unread")]

    def __str__(self):
        return f"{self.kind} for {self.user_id} ({self.created_at:%Y-%m-%d %H:%M})"


DEFAULT_EMAIL = {Kind.YOUR_TURN: True, Kind.INVITED: True, Kind.GAME_ENDED: False, Kind.REMATCH_OFFERED: False}


class NotificationPreference(models.Model):
    """One user's choice for one kind; without a row, the defaults (enabled, e-mail per DEFAULT_EMAIL, push)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notification_preferences", verbose_name=_("user"))
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    enabled = models.BooleanField(_("notify"), default=True)  # off: nothing at all, not even in the site's menu
    email = models.BooleanField(_("by e-mail"), default=True)
    push = models.BooleanField(_("by push"), default=True)  # delivered by Web Push where the player allowed it

    class Meta:
        verbose_name = _("notification setting")
        verbose_name_plural = _("notification settings")
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="notifications_preference_unique")]

    def __str__(self):
        return f"{self.user_id} {self.kind}: {'on' if self.enabled else 'off'}"

    @classmethod
    def default(cls, user, kind):
        return cls(user=user, kind=kind, enabled=True, email=DEFAULT_EMAIL.get(kind, True), push=True)

    def wants(self, channel):
        return self.enabled and getattr(self, channel)


class GameInvite(models.Model):
    """A registered player invited by name to a lobby by someone seated at it (games/services/invites.py)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="invites",
                             verbose_name=pgettext_lazy("played game", "game"))
    invitee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_invites",
                                verbose_name=_("invited player"))
    inviter_key = models.CharField(_("invited by (identity)"), max_length=24)
    inviter_name = models.CharField(_("invited by"), max_length=40)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [models.UniqueConstraint(fields=["game", "invitee"], name="notifications_invite_unique")]

    def __str__(self):
        return f"{self.invitee_id} to {self.game_id} by {self.inviter_name}"
