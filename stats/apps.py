from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "stats"
    verbose_name = _("Statistics")

    def ready(self):
        from games.signals import game_finished

        from stats.services import queue_statistics_of_finished_game

        game_finished.connect(queue_statistics_of_finished_game, dispatch_uid="stats.game_finished")
