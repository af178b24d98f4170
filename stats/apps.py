from importlib import import_module

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "stats"
    verbose_name = _("Statistics")

    def ready(self):
        # Loaded once the models are (both import them), as Django's documentation says for signal receivers:
        # stats.receivers connects its receivers (@receiver), and the tasks are registered, since the services
        # start them by name (Celery's own discovery waits for a worker to start).
        for module in ("receivers", "tasks"):
            import_module(f"{self.name}.{module}")
