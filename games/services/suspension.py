"""Suspending a running game, with Volity's meaning (volity.suspend_game): any player playing their own seat may
suspend it; every player becomes unready; no move is made, no turn timer runs, no bot moves and no seat is handed
to a bot for absence or lateness; players may stand (a bot will play the seat) or sit again; the game resumes
when every player playing their own seat is ready again, the turn's time left restored to the second.

The status stays "playing" (every status check of a running game still holds): `Game.suspended_at` says the
game is suspended. A suspension nobody ends resumes by itself after GAMES_SUSPENSION_LIMIT seconds (the
sweeper, `resume_overdue_suspension`), so no game stalls unnoticed.
"""
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import GameSuspended
from games.models import Game, Seat
from games.rpc.notify import announce_table

from games.services.common import (
    announce_seats, announce_to_game, lock_game, locked_seats, require_seat, require_status,
)
from games.services.play import require_own_seat, schedule_next

RESYNC = {"type": "resync"}  # pages ask for the position again: the actions offered and the timer changed


def check_suspend(game, seats, identity):
    """The seat of the player suspending `game`, or the refusal: a game not being played (WrongStatus), one
    already suspended (GameSuspended), someone not seated, or a seat lost by time or removed."""
    require_status(game, Game.Status.PLAYING, message=_("Only a game being played can be suspended."))
    if game.is_suspended:
        raise GameSuspended(_("The game is already suspended."))
    seat = require_seat(seats, identity, _("Only the players seated at this game can suspend it."))
    require_own_seat(game, seat)
    return seat


@transaction.atomic
def do_suspend_game(*, game_id, identity):
    """Suspend the running game: its turn timer stops (the time left is kept) and every player is unready.
    Everyone hears volity.suspend_game(name), then volity.player_unready(name) for each player."""
    game = lock_game(game_id, with_rules=False)
    seats = locked_seats(game)
    seat = check_suspend(game, seats, identity)
    now = timezone.now()
    game.suspended_time_left = max(game.turn_deadline - now, timedelta(0)) if game.turn_deadline else None
    game.turn_deadline = None
    game.suspended_at = now
    game.suspended_by = seat.name
    game.save(update_fields=["suspended_at", "suspended_by", "suspended_time_left", "turn_deadline", "updated_at"])
    players = [s for s in seats if not s.bot_kind]
    Seat.objects.filter(pk__in=[s.pk for s in players]).update(ready=False)
    for player in players:
        player.ready = False
    announce_table(game, "volity.suspend_game", seat.name)
    for player in players:
        announce_table(game, "volity.player_unready", player.name)
    _announce_to_pages(game)
    return game


def set_ready_while_suspended(game, identity, ready):
    """Within the lock of the suspended `game`: the player gets ready (taking their seat back from a bot playing
    it) or unready; when every player playing their own seat is ready, the game resumes."""
    seats = locked_seats(game)
    seat = require_seat(seats, identity)
    require_own_seat(game, seat)
    seat.ready = ready
    fields = ["ready"]
    if ready and seat.autopilot:  # "I'm ready" is "I'm here": the bot standing in for the player stands up
        seat.autopilot = seat.left = seat.bot_for_turn = False
        fields += ["autopilot", "left", "bot_for_turn"]
    seat.save(update_fields=fields)
    game.save(update_fields=["updated_at"])
    announce_table(game, "volity.player_ready" if ready else "volity.player_unready", seat.name)
    if not resume_if_everyone_ready(game, seats):
        announce_seats(game)
    return seat


def everyone_ready(seats):
    """Every seat is ready or played by a bot (a player who stood during the suspension: a bot plays the seat)."""
    return all(s.ready for s in seats if not s.is_automated)


def resume_if_everyone_ready(game, seats):
    """Within the game lock: resume the suspended game if everyone is ready; returns whether it resumed."""
    if not game.is_suspended or not everyone_ready(seats):
        return False
    resume(game, seats)
    return True


def resume(game, seats, now=None):
    """Within the game lock: play goes on from where it was. The seat to act gets the time it had left (a fresh
    turn timer if a bot was playing it when the game was suspended; none if a bot plays it now); bots move.
    Everyone hears volity.resume_game()."""
    now = now or timezone.now()
    waiting = [s for s in seats if s.position in game.to_act and not s.is_automated]
    if not game.turn_seconds or not waiting:
        game.turn_deadline = None
    elif game.suspended_time_left is not None:
        game.turn_deadline = now + game.suspended_time_left
    else:
        game.turn_deadline = now + timedelta(seconds=game.turn_seconds)
    game.suspended_at = game.suspended_time_left = None
    game.suspended_by = ""
    game.save(update_fields=["suspended_at", "suspended_by", "suspended_time_left", "turn_deadline", "updated_at"])
    announce_table(game, "volity.resume_game")
    _announce_to_pages(game)
    schedule_next(game, seats)


@transaction.atomic
def resume_overdue_suspension(game_id, now=None):
    """The sweeper: a game suspended longer than GAMES_SUSPENSION_LIMIT resumes even if not everyone is ready
    (the usual timers and absence handover then apply). Returns whether it resumed."""
    now = now or timezone.now()
    game = lock_game(game_id, with_rules=False)
    limit = timedelta(seconds=settings.GAMES_SUSPENSION_LIMIT)
    if game.status != Game.Status.PLAYING or not game.is_suspended or game.suspended_at > now - limit:
        return False
    resume(game, locked_seats(game), now)
    return True


def overdue_suspensions(now):
    limit = now - timedelta(seconds=settings.GAMES_SUSPENSION_LIMIT)
    return list(Game.objects.filter(status=Game.Status.PLAYING, suspended_at__lt=limit).values_list("pk", flat=True))


def _announce_to_pages(game):
    announce_seats(game)
    announce_to_game(game.code, RESYNC)
