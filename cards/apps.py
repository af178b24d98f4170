from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from cards.caching import connect_signals


class CardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "cards"
    verbose_name = _("Card database")

    def ready(self):
        connect_signals()
