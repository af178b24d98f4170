from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "cards"
    verbose_name = _("Card database")

    def ready(self):
        from cards import effect_checks
        from cards.caching import connect_signals

        # The card models check effects against the whole card set through this attribute, so that
        # cards.models never imports the module that reads the card tables (which imports the models).
        self.effect_checks = effect_checks
        connect_signals()
