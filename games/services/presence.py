"""Presence: one row per open socket of a seated player, refreshed by its server process.

A socket that closes normally deletes its row at once. A socket that dies with its process (killed,
crashed, network gone) leaves a row nobody refreshes any more; it stops counting GAMES_PRESENCE_TTL
seconds after its last refresh, so presence expires by itself whatever killed the socket. Refreshes are
batched per process (one UPDATE per heartbeat for all its sockets), never per move.
"""
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import fastsql
from games.models import Game, Presence
from games.scheduling import CHECK_ABSENT_PLAYER, dispatch_on_commit
from games.selectors.frames import SITE_LANGUAGES
from games.selectors.presence import is_listed_lobby_host, live_since

from games.services.common import announce_open_games, announce_seats_of

STALE_ROWS_AFTER = timedelta(hours=1)  # rows of dead sockets are deleted by the sweeper after this


def socket_opened(*, game_id, identity):
    """Record an open socket of the identity's seat and announce the seat list. Returns the presence id
    (None for spectators). The list goes out even when another tab of the seat was open already (it shows
    the same): most sockets are a seat's first, and asking first would cost each of them a query.

    The seat row is locked (as by socket_closed), so a socket closing at the same moment sees this one.
    Both run at every page opened or closed: their statements are written once (games/fastsql.py)."""
    if identity.is_anonymous:
        return None
    with transaction.atomic():
        seat = fastsql.lock_seat_of(game_id, identity)
        if seat is None:
            return None
        presence_id = fastsql.insert_presence(seat.seat_id, timezone.now())
        announce_seats_of(seat.game_id, seat.code)
        _announce_host_presence(seat)
    return presence_id


def socket_closed(presence_id):
    """Forget a closed socket; when it was the seat's last one in a running game, a delayed job hands
    the seat to a bot unless the player comes back within GAMES_ABSENCE_GRACE."""
    with transaction.atomic():
        seat = fastsql.lock_seat_of_socket(presence_id)
        if seat is None:   # already forgotten (the sweeper deleted a row its process stopped refreshing)
            return
        # Marked disconnected only if no other live socket is left, asked in the same statement.
        now = timezone.now()
        if not fastsql.forget_socket(presence_id, seat.seat_id, now, live_since(now)):
            return
        announce_seats_of(seat.game_id, seat.code)
        _announce_host_presence(seat)
        if seat.status == Game.Status.PLAYING:
            dispatch_on_commit(CHECK_ABSENT_PLAYER, seat.game_id, seat.seat_id,
                               countdown=settings.GAMES_ABSENCE_GRACE + 1, timer=True)


def _announce_host_presence(seat):
    """The open-games list says whether each lobby's host is there: it is sent again when the host of a listed
    lobby comes or goes (one more query for a lobby's sockets only, none for a running game's)."""
    if seat.status == Game.Status.LOBBY and is_listed_lobby_host(seat.seat_id):
        announce_open_games()


def note_reader_language(game_id, language):
    """A page of the game is open in `language`: from now on its updates are worded in it as well (until then
    only in the languages of pages opened before). Whether it was new; the default needs no noting."""
    if language == settings.LANGUAGE_CODE or language not in SITE_LANGUAGES:
        return False
    known = Game.objects.filter(pk=game_id).values_list("reader_languages", flat=True).first()
    if known is None or language in known:   # most pages: one read, no write
        return False
    with transaction.atomic():
        game = Game.objects.select_for_update().only("reader_languages").get(pk=game_id)
        if language in game.reader_languages:
            return False
        game.reader_languages = [*game.reader_languages, language]
        game.save(update_fields=["reader_languages"])   # not updated_at: the lobby's idle time stays
    return True


def note_program_reader(game_id):
    """A program's RPC socket is opening on the game: from now on its moves publish RPC notifications. Taken
    under the game's lock, so a move either committed before (the socket's state, read after, holds it) or
    sees the mark (and publishes to the socket's group, which it joined first)."""
    with transaction.atomic():
        Game.objects.select_for_update().filter(pk=game_id, rpc_readers=False).update(rpc_readers=True)


def refresh(presence_ids, now=None):
    """A process's heartbeat: its open sockets are still there (one UPDATE for all of them)."""
    return Presence.objects.filter(pk__in=list(presence_ids)).update(last_seen=now or timezone.now())


def forget_dead_sockets(now=None):
    """Delete rows nobody refreshed for a long time (their process died); they stopped counting long ago."""
    cutoff = (now or timezone.now()) - STALE_ROWS_AFTER
    return Presence.objects.filter(last_seen__lt=cutoff).delete()[0]
