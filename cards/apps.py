from django.apps import AppConfig


class CardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "cards"
    verbose_name = "Card database"

    def ready(self):
        from .caching import connect_signals

        connect_signals()
