"""Who may see or re-queue a game's statistics."""
from django.utils import timezone

from games.identity import request_identity
from games.models import Game, Seat

from stats.models import GameStatistics
from stats.services import STALE_AFTER


def may_see(request, game):
    """Public games: anyone. Private games (by numeric id in the API): their players and staff.

    The pages use the game's code, which is itself the invitation to a private game.
    """
    if game.public or (request.user.is_authenticated and request.user.is_staff):
        return True
    identity = request_identity(request)
    return not identity.is_anonymous and Seat.objects.filter(identity.owner_filter(), game=game).exists()


def may_retry(game, statistics, now=None):
    """A finished game whose statistics failed, are missing, or have waited too long for a worker."""
    if game.status != Game.Status.FINISHED:
        return False
    if statistics is None or statistics.status == GameStatistics.Status.FAILED:
        return True
    if statistics.is_busy:
        now = now or timezone.now()
        return statistics.queued_at is None or statistics.queued_at < now - STALE_AFTER
    return False
