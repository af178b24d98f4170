"""When a seat may be handed to a bot by the others (the host, or a vote): the one rule.

The service checks it before handing a seat over (services.handover.check_seat_can_be_handed_over) and the
seat list tells every page the moment it holds (`handover_from` of each seat, games/selectors/frames.py), so
a page offers the control exactly from then on and never before. docs/live-games.md, "Handing a seat over".
"""
from datetime import timedelta

from django.conf import settings

from games.models import Game
from games.selectors.presence import last_signs_of_life


def handover_opens_at(game, seat, *, present, last_seen):
    """The moment from which `seat` may be handed to a bot, or None while nothing but a change (the player
    going away, a new turn) will make it so. `present`: whether the seat has a live socket; `last_seen`: its
    player's last sign of life (selectors.presence.last_sign_of_life), needed only when not present.

    Live games: a player who is there keeps the seat until their turn timer has run out (a game with no timer:
    never); a player who is away, from the grace time (GAMES_ABSENCE_GRACE) after their last sign of life.
    Turn-based games: presence never counts; a player whose time per move ran out (this turn, or once
    before: then the game's start is returned, a moment long past) may be removed by the others' vote."""
    if game.status != Game.Status.PLAYING or game.is_suspended or seat.is_bot:
        return None
    if game.pace == Game.Pace.TURN_BASED:
        if seat.forfeited or seat.identity_key in game.kicked:
            return None
        return game.started_at if seat.timeouts else _timer_runs_out(game, seat)
    if seat.autopilot:
        return None
    moments = [_timer_runs_out(game, seat)]
    if not present and last_seen is not None:
        moments.append(last_seen + timedelta(seconds=settings.GAMES_ABSENCE_GRACE))
    return min((m for m in moments if m is not None), default=None)


def _timer_runs_out(game, seat):
    """The end of the seat's turn timer when it is to act and the game has one."""
    if game.turn_seconds and game.turn_deadline is not None and seat.position in game.to_act:
        return game.turn_deadline
    return None


def handover_times(game, seats, present):
    """{seat id: handover_opens_at(...)} for a seat list; `present`: the ids of the seats with a live socket.
    One query, only while a live game's human seat is away (their last signs of life)."""
    away = [s for s in seats if s.pk not in present and not s.is_automated]
    needs_signs = game.status == Game.Status.PLAYING and game.pace == Game.Pace.LIVE and not game.is_suspended
    signs = last_signs_of_life(game, away) if needs_signs and away else {}
    return {s.pk: handover_opens_at(game, s, present=s.pk in present, last_seen=signs.get(s.pk)) for s in seats}
