"""Presence: one row per open socket of a seated player, refreshed by its server process.

A socket that closes normally deletes its row at once. A socket that dies with its process (killed,
crashed, network gone) leaves a row nobody refreshes any more; it stops counting GAMES_PRESENCE_TTL
seconds after its last refresh, so presence expires by itself whatever killed the socket. Refreshes are
batched per process (one UPDATE per heartbeat for all its sockets), never per move.
"""
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games.models import Game, Presence, Seat
from games.scheduling import CHECK_ABSENT_PLAYER, dispatch_on_commit
from games.selectors.presence import live_presences

from .common import announce_seats

STALE_ROWS_AFTER = timedelta(hours=1)  # rows of dead sockets are deleted by the sweeper after this
LIGHT_GAME = ("game__rules", "game__state")  # kilobytes of JSON that opening or closing a socket never reads


def socket_opened(*, game_id, identity):
    """Record an open socket of the identity's seat and announce the seat list. Returns the presence id
    (None for spectators). The list goes out even when another tab of the seat was open already (it shows
    the same): most sockets are a seat's first, and asking first would cost each of them a query."""
    if identity.is_anonymous:
        return None
    with transaction.atomic():
        seat = (Seat.objects.select_for_update(of=("self",)).select_related("game").defer(*LIGHT_GAME)
                .filter(identity.owner_filter(), game_id=game_id).first())
        if seat is None:
            return None
        presence = Presence.objects.create(seat=seat, last_seen=timezone.now())
        announce_seats(seat.game)
    return presence.pk


def socket_closed(presence_id):
    """Forget a closed socket; when it was the seat's last one in a running game, a delayed job hands
    the seat to a bot unless the player comes back within GAMES_ABSENCE_GRACE."""
    with transaction.atomic():
        seat = (Seat.objects.select_for_update(of=("self",)).select_related("game").defer(*LIGHT_GAME)
                .filter(presences__pk=presence_id).first())
        if seat is None:   # already forgotten (the sweeper deleted a row its process stopped refreshing)
            return
        Presence.objects.filter(pk=presence_id).delete()
        # Marked disconnected only if no other live socket is left, asked in the same statement.
        now = timezone.now()
        if not mark_disconnected_if_absent(seat.pk, now):
            return
        announce_seats(seat.game)
        if seat.game.status == Game.Status.PLAYING:
            dispatch_on_commit(CHECK_ABSENT_PLAYER, seat.game_id, seat.pk,
                               countdown=settings.GAMES_ABSENCE_GRACE + 1, timer=True)


def mark_disconnected_if_absent(seat_id, now):
    """Set the seat's disconnected_at to `now` unless a live socket of it remains; whether it was set."""
    live = live_presences(now).filter(seat=OuterRef("pk"))
    return bool(Seat.objects.filter(pk=seat_id).exclude(Exists(live)).update(disconnected_at=now))


def refresh(presence_ids, now=None):
    """A process's heartbeat: its open sockets are still there (one UPDATE for all of them)."""
    return Presence.objects.filter(pk__in=list(presence_ids)).update(last_seen=now or timezone.now())


def forget_dead_sockets(now=None):
    """Delete rows nobody refreshed for a long time (their process died); they stopped counting long ago."""
    cutoff = (now or timezone.now()) - STALE_ROWS_AFTER
    return Presence.objects.filter(last_seen__lt=cutoff).delete()[0]
