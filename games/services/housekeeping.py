"""The sweeper: what no socket or timer job will do because nobody is there.

Run periodically: by the in-process scheduler of each ASGI process in the embedded default
(`games.scheduler`, every GAMES_SCHEDULER_TICK seconds), by Celery beat with a broker (every
GAMES_SWEEP_SECONDS). Every piece of work goes through a service that locks the game row and re-checks,
so two sweepers running at once (several processes) do each thing once.
"""
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone

from games.models import Game, Presence, Seat
from games.scheduling import PLAY_BOT_MOVE, dispatch
from games.selectors.presence import live_presences, live_since

from games.services import play
from games.services.common import announce_open_games, announce_to_game, lock_game
from games.services.presence import forget_dead_sockets
from games.services.suspension import overdue_suspensions, resume_overdue_suspension


@transaction.atomic
def abandon_lobby(game_id):
    game = lock_game(game_id)
    if game.status != Game.Status.LOBBY:
        return False
    _close_lobby(game, {"message": "This lobby expired: nobody was there."})
    return True


def _close_lobby(game, told):
    """The lobby is abandoned: its page says why (`told`: the "closed" frame's message and reason), the list
    drops it."""
    game.status = Game.Status.ABANDONED
    game.save(update_fields=["status", "updated_at"])
    announce_to_game(game.code, {"type": "closed", "status": game.status, **told})
    announce_open_games()


HOST_AWAY = {"reason": "host_away", "message": "The host was away for too long: this lobby is closed."}


@transaction.atomic
def close_lobby_left_by_host(game_id, now=None):
    """Close a lobby whose host has had no socket open for GAMES_LOBBY_ABANDON_AFTER (checked again on the
    locked row: a host back in the meantime keeps it). Whether it was closed."""
    game = lock_game(game_id)
    if game.status != Game.Status.LOBBY or game_id not in lobbies_left_by_their_host(now or timezone.now(), [game_id]):
        return False
    _close_lobby(game, HOST_AWAY)
    return True


def lobbies_left_by_their_host(now, game_ids=None):
    """Ids of the lobbies whose host gave no sign of life for GAMES_LOBBY_ABANDON_AFTER seconds: no socket of
    theirs refreshed or closed since, nor their seat taken since (a host who never opened the page counts from
    then). With `game_ids`, among those only. None when the setting is 0."""
    if not settings.GAMES_LOBBY_ABANDON_AFTER:
        return []
    cutoff = now - timedelta(seconds=settings.GAMES_LOBBY_ABANDON_AFTER)
    seen_since = Presence.objects.filter(seat=OuterRef("pk"), last_seen__gte=min(cutoff, live_since(now)))
    hosts = (Seat.objects.filter(game__status=Game.Status.LOBBY, joined_at__lt=cutoff)
             .filter(Q(user__isnull=False, user_id=F("game__host_user_id"))
                     | Q(guest__isnull=False, guest_id=F("game__host_guest_id")))
             .filter(Q(disconnected_at__isnull=True) | Q(disconnected_at__lt=cutoff))
             .exclude(Exists(seen_since)))
    if game_ids is not None:
        hosts = hosts.filter(game_id__in=game_ids)
    return list(hosts.values_list("game_id", flat=True))


def expired_lobbies(now):
    idle = now - timedelta(seconds=settings.GAMES_LOBBY_TTL)
    forgotten = now - timedelta(seconds=settings.GAMES_LOBBY_MAX_AGE)
    someone_there = live_presences(now).filter(seat__game=OuterRef("pk"))
    lobbies = Game.objects.filter(status=Game.Status.LOBBY)
    return list(
        lobbies.filter(updated_at__lt=idle).exclude(Exists(someone_there)).values_list("pk", flat=True)
    ) + list(lobbies.filter(updated_at__lt=forgotten).values_list("pk", flat=True))


def absent_seats(now):
    """(game id, seat id) of human seats in running games whose player gave no sign of life for the grace
    period: no socket refreshed since, no socket closed since, and the game started before."""
    grace = now - timedelta(seconds=settings.GAMES_ABSENCE_GRACE)
    # A socket still alive (refreshed within the TTL, which may be longer than the grace) is a sign too.
    seen_lately = Presence.objects.filter(seat=OuterRef("pk"), last_seen__gte=min(grace, live_since(now)))
    return list(
        # Turn-based games wait for their players: only their time per move counts, never a closed page.
        # A suspended game waits for its players: nobody is absent until it resumes.
        Seat.objects.filter(game__status=Game.Status.PLAYING, game__pace=Game.Pace.LIVE,
                            game__started_at__lt=grace, game__suspended_at__isnull=True, bot_kind="", autopilot=False)
        .filter(Q(disconnected_at__isnull=True) | Q(disconnected_at__lt=grace))
        .exclude(Exists(seen_lately)).values_list("game_id", "pk")
    )


def restart_stalled_bots(now):
    stalled = now - timedelta(seconds=settings.GAMES_BOT_DELAY + settings.GAMES_BOT_STALL)
    restarted = 0
    running = Game.objects.filter(status=Game.Status.PLAYING, suspended_at__isnull=True, updated_at__lt=stalled)
    for game in running.only("pk", "event_seq", "to_act"):
        waiting_bot = Seat.objects.filter(game=game, position__in=game.to_act).exclude(bot_kind="", autopilot=False)
        if waiting_bot.exists():
            dispatch(PLAY_BOT_MOVE, game.pk, game.event_seq)
            restarted += 1
    return restarted


def sweep(now=None, due_only=False):
    """End overdue turns (live turn timers and turn-based times per move alike: play.expire_turn applies the
    game's policy) and hand absent players' seats to bots (live games only); unless `due_only`, also expire
    abandoned lobbies (nobody there, or the host away for GAMES_LOBBY_ABANDON_AFTER), resume games suspended
    too long, restart stalled bots and delete long-dead presence rows.
    Suspended games have no turn deadline, and their bots and absent players wait (services.suspension)."""
    now = now or timezone.now()
    report = {"lobbies": 0, "turns": 0, "absent": 0, "bots": 0, "suspensions": 0}
    overdue = Game.objects.filter(status=Game.Status.PLAYING, suspended_at__isnull=True,
                                  turn_deadline__lt=now).values_list("pk", flat=True)
    for game_id in overdue:
        report["turns"] += play.expire_turn(game_id, now=now)
    for game_id, seat_id in absent_seats(now):
        report["absent"] += play.check_absent_player(game_id, seat_id, now=now)
    if due_only:
        return report
    for game_id in set(expired_lobbies(now)):
        report["lobbies"] += abandon_lobby(game_id)
    for game_id in lobbies_left_by_their_host(now):
        report["lobbies"] += close_lobby_left_by_host(game_id, now=now)
    for game_id in overdue_suspensions(now):
        report["suspensions"] += resume_overdue_suspension(game_id, now=now)
    report["bots"] = restart_stalled_bots(now)
    forget_dead_sockets(now)
    return report
