"""What the statistics do when the games app signals something: a finished game has its statistics queued.

StatsConfig.ready() imports this module, which connects its receivers (Django's way with signals).
"""
from django.dispatch import receiver

from games.signals import game_finished

from stats import services


@receiver(game_finished, dispatch_uid="stats.game_finished")
def queue_statistics_of_finished_game(sender, game, **kwargs):
    """Receiver of games.signals.game_finished: the statistics are computed once the game's end commits."""
    services.game_finished(game)
