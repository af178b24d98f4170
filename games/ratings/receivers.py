"""Ratings follow the games app's signals: a rated game is rated as it ends, in the transaction that ends it.

GamesConfig.ready() imports this module, which connects its receiver (Django's way with signals).
"""
from django.dispatch import receiver

from games.signals import game_finished

from games.ratings.services import do_rate_game


@receiver(game_finished, dispatch_uid="games.ratings.game_finished")
def rate_finished_game(sender, game, **kwargs):
    """Receiver of games.signals.game_finished: a rated game changes its players' ratings (once)."""
    if game.rated:
        do_rate_game(game)
