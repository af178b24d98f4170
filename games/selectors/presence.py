"""Who has a game's page open: seats with a presence row refreshed within the TTL (see services.presence)."""
from datetime import timedelta

from django.conf import settings
from django.db.models import Exists, Max, OuterRef
from django.utils import timezone

from games.models import Presence


def live_since(now=None):
    """Presence rows refreshed after this moment count; older ones belong to sockets that died."""
    return (now or timezone.now()) - timedelta(seconds=settings.GAMES_PRESENCE_TTL)


def present_seat_ids(game_id, now=None):
    return set(Presence.objects.filter(seat__game_id=game_id, last_seen__gt=live_since(now))
               .values_list("seat_id", flat=True))


def with_presence(seats, now=None):
    """`seats` (a Seat queryset) each annotated with `present`, read in the same query as the seats."""
    live = Presence.objects.filter(seat=OuterRef("pk"), last_seen__gt=live_since(now))
    return seats.annotate(present=Exists(live))


def is_present(seat, now=None):
    return Presence.objects.filter(seat=seat, last_seen__gt=live_since(now)).exists()


def last_sign_of_life(seat, game):
    """The last moment the seat's player was known to be there: a socket's last refresh, the close of the
    last socket, or the start of the game (a player who never opened the page since)."""
    refreshed = Presence.objects.filter(seat=seat).aggregate(last=Max("last_seen"))["last"]
    moments = [m for m in (refreshed, seat.disconnected_at, game.started_at) if m is not None]
    return max(moments) if moments else None
