from importlib import import_module

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from games.webpush import checks  # noqa: F401  (registers the VAPID keys' system check)


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Live games")

    def ready(self):
        # Services start jobs by task name, so the tasks must be registered before the first job: the app's
        # tasks module is loaded once the models are (Celery's own discovery waits for a worker to start).
        import_module(f"{self.name}.tasks")
        # The ratings' receiver: a rated game changes its players' ratings in the transaction that ends it.
        import_module(f"{self.name}.ratings.receivers")
        # The notifications' jobs, and their receivers of the games' signals (a finished game tells its players).
        for module in ("notifications.tasks", "notifications.receivers"):
            import_module(f"{self.name}.{module}")
