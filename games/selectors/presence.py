"""Who has a game's page open: seats with a presence row refreshed within the TTL (see services.presence)."""
from datetime import timedelta

from django.conf import settings
from django.db.models import F, Max, Q
from django.utils import timezone

from games.models import Game, Presence, Seat
from games.selectors.lookup import host_key


def live_since(now=None):
    """Presence rows refreshed after this moment count; older ones belong to sockets that died."""
    return (now or timezone.now()) - timedelta(seconds=settings.GAMES_PRESENCE_TTL)


def live_presences(now=None):
    """The presence rows of sockets still alive (refreshed within the TTL)."""
    return Presence.objects.filter(last_seen__gt=live_since(now))


def present_seat_ids(game_id, now=None):
    return set(live_presences(now).filter(seat__game_id=game_id).values_list("seat_id", flat=True))


def is_present(seat, now=None):
    return live_presences(now).filter(seat=seat).exists()


def last_sign_of_life(seat, game):
    """The last moment the seat's player was known to be there: a socket's last refresh, the close of the
    last socket, or the start of the game (a player who never opened the page since)."""
    refreshed = Presence.objects.filter(seat=seat).aggregate(last=Max("last_seen"))["last"]
    moments = [m for m in (refreshed, seat.disconnected_at, game.started_at) if m is not None]
    return max(moments) if moments else None


def last_signs_of_life(game, seats):
    """{seat id: last_sign_of_life(seat, game)} for several seats of `game`: no query for seats read with their
    last refresh (`seat.last_refreshed`, games.fastsql.seat_list), else one."""
    if all(hasattr(s, "last_refreshed") for s in seats):
        refreshed = {s.pk: s.last_refreshed for s in seats}
    else:
        refreshed = dict(Presence.objects.filter(seat__in=[s.pk for s in seats]).order_by().values("seat")
                         .annotate(last=Max("last_seen")).values_list("seat", "last"))
    signs = {}
    for seat in seats:
        moments = [m for m in (refreshed.get(seat.pk), seat.disconnected_at, game.started_at) if m is not None]
        signs[seat.pk] = max(moments) if moments else None
    return signs


def host_presence(games, now=None, seats=None):
    """{game id: (here, last_seen)} of the games' hosts, in one query: whether the host has a live socket open
    now, and the last moment they were known there (a socket's last refresh or its close; None when they never
    opened one). The seats are `seats[game id]` or else the game's (prefetch them). A game whose host has no
    seat is left out."""
    host_seats = {}
    for game in games:
        host = host_key(game)
        candidates = seats[game.pk] if seats is not None else game.seats.all()
        seat = next((s for s in candidates if host is not None and s.identity_key == host), None)
        if seat is not None:
            host_seats[seat.pk] = (game.pk, seat)
    if not host_seats:
        return {}
    refreshed = dict(Presence.objects.filter(seat_id__in=list(host_seats)).values("seat_id")
                     .annotate(last=Max("last_seen")).values_list("seat_id", "last"))
    since = live_since(now)
    answer = {}
    for seat_id, (game_id, seat) in host_seats.items():
        last = refreshed.get(seat_id)
        here = last is not None and last > since
        moments = [m for m in (last, seat.disconnected_at) if m is not None]
        answer[game_id] = (here, max(moments) if moments else None)
    return answer


def is_listed_lobby_host(seat_id):
    """Whether the seat is the host's in a public lobby: the open-games list shows whether that player is there."""
    return Seat.objects.filter(pk=seat_id, game__status=Game.Status.LOBBY, game__public=True).filter(
        Q(user__isnull=False, user_id=F("game__host_user_id")) | Q(guest__isnull=False, guest_id=F("game__host_guest_id"))
    ).exists()
