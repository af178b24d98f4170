"""An API token of a user or a guest; its secret is stored only as a SHA-256 hash."""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

PREFIX = "mkt_"


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="api_tokens", verbose_name=_("user"))
    guest = models.ForeignKey("games.Guest", null=True, blank=True, on_delete=models.CASCADE,
                              related_name="api_tokens", verbose_name=_("guest"))
    name = models.CharField(_("name"), max_length=60)
    key_id = models.CharField(_("token id"), max_length=8, unique=True)  # the raw token's public part
    secret_hash = models.CharField(_("secret hash"), max_length=64)  # SHA-256 hex of the secret part
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used at"), null=True, blank=True)
    expires_at = models.DateTimeField(_("expires at"), null=True, blank=True)  # guests' tokens expire
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        constraints = [
            models.CheckConstraint(
                condition=Q(user__isnull=False, guest__isnull=True) | Q(user__isnull=True, guest__isnull=False),
                name="games_api_token_one_owner"),
        ]

    def __str__(self):
        return f"{self.prefix}… ({self.name})"

    @property
    def prefix(self):
        """What people see of the token: enough to recognise it, nothing to use it."""
        return f"{PREFIX}{self.key_id}"

    @property
    def is_active(self):
        now = timezone.now()
        return self.revoked_at is None and (self.expires_at is None or self.expires_at > now)
