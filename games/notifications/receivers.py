"""What the notifications do when the games app signals something (connected when GamesConfig.ready imports
this module): a finished game tells its registered players."""
from django.dispatch import receiver

from games.signals import game_finished

from games.notifications import services


@receiver(game_finished, dispatch_uid="games.notifications.game_finished")
def tell_players_the_game_ended(sender, game, **kwargs):
    services.notify_game_ended(game)
