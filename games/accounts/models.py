"""An account's e-mail address and whether its owner confirmed it (imported by games/models.py)."""
from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class AccountEmail(models.Model):
    """The address of an account (the same as `User.email`, unique whatever its case), when it was confirmed, and
    a new address waiting for its own confirmation: the confirmed one stays in use until then."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account_email",
                                verbose_name=_("user"))
    email = models.EmailField(_("e-mail address"))
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    pending_email = models.EmailField(_("new address to confirm"), blank=True)
    pending_since = models.DateTimeField(_("new address given at"), null=True, blank=True)

    class Meta:
        verbose_name = _("account e-mail address")
        verbose_name_plural = _("account e-mail addresses")
        constraints = [models.UniqueConstraint(Lower("email"), name="games_account_email_unique_ci")]

    def __str__(self):
        return f"{self.user}: {self.email}{'' if self.confirmed_at else ' (unconfirmed)'}"
