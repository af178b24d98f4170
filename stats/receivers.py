"""What the statistics do when the games app signals something: a finished game has its statistics queued, a
guest kept as an account takes their results along.

StatsConfig.ready() imports this module, which connects its receivers (Django's way with signals).
"""
from django.dispatch import receiver

from games.signals import game_finished, guest_kept

from stats import services


@receiver(game_finished, dispatch_uid="stats.game_finished")
def queue_statistics_of_finished_game(sender, game, **kwargs):
    """Receiver of games.signals.game_finished: the statistics are computed once the game's end commits."""
    services.game_finished(game)


@receiver(guest_kept, dispatch_uid="stats.guest_kept")
def move_results_of_kept_guest(sender, guest, user, **kwargs):
    """Receiver of games.signals.guest_kept: a guest's finished games count for the account they became."""
    services.move_guest_results(guest, user)
