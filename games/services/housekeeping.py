"""The sweeper: what no socket or timer job will do because nobody is there (run periodically by Celery beat)."""
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games import tasks
from games.models import Game, Seat
from games.scheduling import dispatch

from . import play
from .common import announce_open_games, announce_to_game, lock_game


@transaction.atomic
def abandon_lobby(game_id):
    game = lock_game(game_id)
    if game.status != Game.Status.LOBBY:
        return False
    game.status = Game.Status.ABANDONED
    game.save(update_fields=["status", "updated_at"])
    announce_to_game(game.code, {"type": "closed", "status": game.status,
                               "message": "This lobby expired: nobody was there."})
    announce_open_games()
    return True


def expired_lobbies(now):
    idle = now - timedelta(seconds=settings.GAMES_LOBBY_TTL)
    forgotten = now - timedelta(seconds=settings.GAMES_LOBBY_MAX_AGE)
    someone_there = Seat.objects.filter(game=OuterRef("pk"), connections__gt=0)
    lobbies = Game.objects.filter(status=Game.Status.LOBBY)
    return list(
        lobbies.filter(updated_at__lt=idle).exclude(Exists(someone_there)).values_list("pk", flat=True)
    ) + list(lobbies.filter(updated_at__lt=forgotten).values_list("pk", flat=True))


def sweep(now=None):
    """Expire abandoned lobbies, end overdue turns, hand absent players' seats to bots, restart stalled bots."""
    now = now or timezone.now()
    report = {"lobbies": 0, "turns": 0, "absent": 0, "bots": 0}
    for game_id in set(expired_lobbies(now)):
        report["lobbies"] += abandon_lobby(game_id)
    overdue = Game.objects.filter(status=Game.Status.PLAYING, turn_deadline__lt=now).values_list("pk", flat=True)
    for game_id in overdue:
        report["turns"] += play.expire_turn(game_id, now=now)
    grace = now - timedelta(seconds=settings.GAMES_ABSENCE_GRACE)
    absent = Seat.objects.filter(game__status=Game.Status.PLAYING, bot_kind="", autopilot=False, connections=0,
                                 disconnected_at__lt=grace).values_list("game_id", "pk")
    for game_id, seat_id in absent:
        report["absent"] += play.check_absent_player(game_id, seat_id, now=now)
    stalled = now - timedelta(seconds=settings.GAMES_BOT_DELAY + settings.GAMES_BOT_STALL)
    for game in Game.objects.filter(status=Game.Status.PLAYING, updated_at__lt=stalled).only("pk", "event_seq", "to_act"):
        waiting_bot = Seat.objects.filter(game=game, position__in=game.to_act).exclude(bot_kind="", autopilot=False)
        if waiting_bot.exists():
            dispatch(tasks.play_bot_move, game.pk, game.event_seq)
            report["bots"] += 1
    return report
