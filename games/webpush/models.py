"""One browser on one device that accepted the site's notifications (a Push API subscription)."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PushSubscription(models.Model):
    """What the browser's `PushManager.subscribe()` gave: the push service's address for this browser (`endpoint`)
    and the keys a message to it is encrypted with (RFC 8291). Dropped when the push service says it is gone."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions",
                             verbose_name=_("user"))
    endpoint = models.URLField(_("endpoint"), max_length=1000, unique=True)
    p256dh = models.CharField(_("public key"), max_length=100)  # base64url, the browser's P-256 key (65 bytes)
    auth = models.CharField(_("authentication secret"), max_length=40)  # base64url, 16 bytes
    device = models.CharField(_("device"), max_length=80, blank=True)  # "Firefox on Android", from the User-Agent
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last delivered"), null=True, blank=True)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.user} · {self.device or self.endpoint[:40]}"

    def subscription_info(self):
        """The subscription as the browser gave it (what pywebpush takes)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
