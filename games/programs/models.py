"""The mark of a program account (imported by games/models.py, a model of the games app kept in its package)."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ProgramAccount(models.Model):
    """The account `user` is played by a program. One row per marked account: unmarking deletes it."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="program_account",
                                verbose_name=_("user"))
    marked_at = models.DateTimeField(_("marked at"), auto_now_add=True)

    class Meta:
        verbose_name = _("program account")
        verbose_name_plural = _("program accounts")

    def __str__(self):
        return f"{self.user} (program)"
