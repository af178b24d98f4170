from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Live games")

    def ready(self):
        from django.conf import settings
        from django.utils.module_loading import import_string

        from games.rulesets import register

        for path in settings.GAMES_RULESETS:
            register(import_string(path))
        import games.tasks  # noqa: F401  (services start jobs by task name: the tasks must be registered)
