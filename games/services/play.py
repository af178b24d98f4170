"""Playing: every action, a player's or a bot's, goes through `record_action` on the locked game row.

The expected event number makes actions idempotent: a double click, a second tab or a retry carries a
number that is no longer current and is refused without changing anything. Broadcasts and follow-up
jobs (the next bot move, the turn timer) are sent only after the transaction commits.
"""
import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import broadcast
from games.models import Game, GameEvent, Seat
from games.notifications.services import notify_turn
from games.rulesets import RuleViolation
from games.scheduling import EXPIRE_TURN, PLAY_BOT_MOVE, dispatch_on_commit
from games.selectors.frames import update_texts
from games.selectors.lists import was_listed_running
from games.selectors.lookup import current_match
from games.selectors.presence import is_present, last_sign_of_life
from games.signals import game_finished
from games.rpc import notify as rpc_notify

from games import fastsql
from games.services.common import (
    announce_open_games, announce_seats, lock_game, lock_game_with_seats, locked_seats, refuse_while_suspended, require_seat,
    require_status,
)
from games.errors import BadRequest, IllegalAction, NotAllowed, NotYourTurn, StaleEvent

log = logging.getLogger(__name__)

MASK62 = (1 << 62) - 1
CURRENT_EVENT = object()  # in place of an event number: act on the game as it is now (RPC calls carry none)


def deadline_after(game, seats, progress, now, new_turn):
    """When the seat to act runs out of time: a fresh turn timer at each new turn, none for bots."""
    if progress.over or not game.turn_seconds:
        return None
    waiting = [s for s in seats if s.position in progress.to_act and not s.is_automated]
    if not waiting:
        return None
    if not new_turn and game.turn_deadline is not None:
        return game.turn_deadline
    return now + timedelta(seconds=game.turn_seconds)


def schedule_next(game, seats):
    """After commit: a bot move if a bot is to act, else the turn timer if there is one. A turn-based game's
    time per move (hours, days) is no countdown job: the sweeper (services.housekeeping) ends it when due.
    A suspended game schedules nothing: resuming it does (services.suspension)."""
    if game.status != Game.Status.PLAYING or game.is_suspended:
        return
    if any(s.position in game.to_act and s.is_automated for s in seats):
        dispatch_on_commit(PLAY_BOT_MOVE, game.pk, game.event_seq, countdown=settings.GAMES_BOT_DELAY)
    elif game.turn_deadline is not None and game.pace == Game.Pace.LIVE:
        wait = (game.turn_deadline - timezone.now()).total_seconds() + 0.25
        dispatch_on_commit(EXPIRE_TURN, game.pk, countdown=wait, timer=True)


def _announce_update(game, seats, ruleset, match, event):
    def send():
        # Each text in the languages of the game's pages: each socket sends its reader's (games/consumers.py).
        public, private = update_texts(game, seats, ruleset, match, event, broadcast.encode)
        broadcast.publish_frames(game.code, game.event_seq, public, private)
        rpc_notify.publish_events(game, seats, ruleset, match, event)

    broadcast.after_commit(send, "a game update")


def _end_of_stand_in_turns(seats, to_act):
    """Turn-based games, a bot playing only the turn a player ran out of time on: once that seat is no longer
    to act, it is the player's again (with a fresh time per move at their next turn)."""
    changed = False
    for seat in seats:
        if seat.bot_for_turn and seat.position not in to_act:
            seat.bot_for_turn = seat.autopilot = False
            seat.save(update_fields=["bot_for_turn", "autopilot"])
            changed = True
    return changed


def forfeited_positions(seats):
    return sorted(s.position for s in seats if s.forfeited)


def _rank_forfeits_last(table, forfeited):
    """The final table with the seats that lost by time after all others (in their order), ranks renumbered
    (ties kept: a rank is 1 + the number of rows strictly ahead)."""
    rows = sorted(table, key=lambda row: (row["seat"] in forfeited, row["rank"]))
    ranked = []
    for index, row in enumerate(rows):
        key = (row["seat"] in forfeited, row["rank"])
        previous = ranked[-1] if ranked else None
        same = previous is not None and (previous["seat"] in forfeited, previous["_rank"]) == key
        ranked.append({**row, "_rank": row["rank"], "rank": previous["rank"] if same else index + 1,
                       **({"forfeited": True} if row["seat"] in forfeited else {})})
    return [{k: v for k, v in row.items() if k != "_rank"} for row in ranked]


def final_result(winners, table, seats):
    """The stored result of a game that ends by its rules: forfeited seats listed, never among the winners
    (if the bot playing one of them won, the best-ranked seat that did not forfeit wins instead)."""
    forfeited = forfeited_positions(seats)
    if not forfeited:
        return {"winners": list(winners), "table": table}
    table = _rank_forfeits_last(table, set(forfeited))
    winners = [w for w in winners if w not in forfeited]
    if not winners:
        winners = [row["seat"] for row in table if row["rank"] == 1 and not row.get("forfeited")]
    return {"winners": winners, "table": table, "forfeited": forfeited}


def record_action(game, seats, ruleset, match, position, action, by):
    """Apply `action` for seat `position` to the locked game, store the numbered event, announce it."""
    try:
        new_match, events = match.apply(position, action)
    except RuleViolation as exc:
        refused = IllegalAction(exc.message, code=exc.code)
        refused.ruleset = ruleset  # the game socket words it for people (Ruleset.refusal_text); RPC keeps exc.message
        raise refused from None
    progress = new_match.progress()
    now = timezone.now()
    new_turn = progress.turn != game.turn or list(progress.to_act) != list(game.to_act)
    # A new turn with a timer changes when the seats may be handed to bots (selectors.handover): the seat list
    # tells the pages, as it does when a turn-based stand-in bot gives a seat back.
    seats_changed = new_turn and bool(game.turn_seconds) and not progress.over
    if game.pace == Game.Pace.TURN_BASED and _end_of_stand_in_turns(seats, progress.to_act):
        seats_changed = True
    game.event_seq += 1
    game.state = new_match.dump()
    game.to_act = list(progress.to_act)
    game.turn = progress.turn
    game.turn_deadline = deadline_after(game, seats, progress, now, new_turn)
    fields = ["event_seq", "state", "to_act", "turn", "turn_deadline", "updated_at"]
    if game.handover_votes and by == GameEvent.By.PLAYER:  # the player who played is not stalled: votes lapse
        played = str(next((s.pk for s in seats if s.position == position), None))
        game.handover_votes = {k: v for k, v in game.handover_votes.items() if k != played}
        fields.append("handover_votes")
    if progress.over:
        game.status = Game.Status.FINISHED
        game.finished_at = now
        game.result = final_result(progress.winners, new_match.final_table(), seats)
        fields += ["status", "finished_at", "result"]
    event = fastsql.insert_event_and_update_game(fields, game=game, seq=game.event_seq, seat=position, by=by,
                                                 action=action, events=events)
    _announce_update(game, seats, ruleset, new_match, event)
    if seats_changed:
        announce_seats(game)
    notify_turn(game, seats, actor=position)  # turn-based games: "your turn" to the players now to act
    if progress.over:
        _finished(game)
    elif game.pace == Game.Pace.TURN_BASED and new_turn and game.public:
        announce_open_games()  # the lists show whose turn it is in turn-based games
    schedule_next(game, seats)
    return event


def _finished(game):
    if was_listed_running(game):
        announce_open_games()
    for receiver, failure in game_finished.send_robust(sender=Game, game=game):
        if isinstance(failure, Exception):
            log.error("game_finished receiver %r failed for game %s", receiver, game.code, exc_info=failure)


def _check_request(expected_seq, action):
    if expected_seq is CURRENT_EVENT:
        pass
    elif isinstance(expected_seq, bool) or not isinstance(expected_seq, int):
        raise BadRequest(_("Send the number of the last event you saw as `seq`."))
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise BadRequest(_("An action is an object with a `type`."))


@transaction.atomic
def play_action(*, game_id, identity, expected_seq, action):
    """Play `action` for the identity's own seat; `expected_seq` is the last event number the client saw
    (or CURRENT_EVENT: whatever the game's position now, the rules judging the action against it)."""
    _check_request(expected_seq, action)
    game, seats = lock_game_with_seats(game_id)
    require_status(game, Game.Status.PLAYING, message=_("This game is not being played."))
    seat = require_seat(seats, identity, _("Only the players seated at this game can play."))
    refuse_while_suspended(game)
    if expected_seq is not CURRENT_EVENT and expected_seq != game.event_seq:
        raise StaleEvent(_("This game has moved on (event %(seq)s, you sent %(sent)s).") % {"seq": game.event_seq, "sent": expected_seq},
                         seq=game.event_seq)
    require_own_seat(game, seat)
    ruleset, match = current_match(game)
    if not match.may_act(seat.position, action):  # the ruleset knows which actions may come out of turn
        raise NotYourTurn(_("It is not your turn."))
    if seat.autopilot or seat.left:
        # Acting yourself takes your seat back from the bot standing in for you.
        seat.autopilot = seat.left = seat.bot_for_turn = False
        seat.save(update_fields=["autopilot", "left", "bot_for_turn"])
        announce_seats(game)
    event = record_action(game, seats, ruleset, match, seat.position, action, GameEvent.By.PLAYER)
    if game.pace == Game.Pace.TURN_BASED:  # what a player played, they have seen (one small write per own move)
        Seat.objects.filter(pk=seat.pk).update(seen_seq=game.event_seq)
    return event


def require_own_seat(game, seat):
    """A player who lost by time or whom the others removed has no seat to play or take back any more."""
    if seat.forfeited:
        raise NotAllowed(_("You lost this game by time: a bot plays your seat to the end."), code="forfeited")
    if seat.identity_key in game.kicked:
        raise NotAllowed(_("The other players removed you from this game: a bot plays your seat."), code="removed")


def bot_seed(game):
    return (game.seed * 1_000_003 + game.event_seq) & MASK62


@transaction.atomic
def play_bot_move(game_id, expected_seq):
    """One move for an automated seat, if the game is still where the job expected it. Returns the event."""
    game, seats = lock_game_with_seats(game_id)
    if game.status != Game.Status.PLAYING or game.event_seq != expected_seq or game.is_suspended:
        return None
    seat = next((s for s in seats if s.position in game.to_act and s.is_automated), None)
    if seat is None:
        return None
    ruleset, match = current_match(game)
    kind = seat.bot_kind or ruleset.autopilot_bot
    action = match.bot_action(seat.position, kind, bot_seed(game))
    by = GameEvent.By.BOT if seat.bot_kind else GameEvent.By.AUTOPILOT
    return record_action(game, seats, ruleset, match, seat.position, action, by)


def hand_seat_to_bot(game, seats, seat):
    """Within a transaction holding the game lock: a bot plays `seat` until its player takes it back."""
    seat.autopilot = True
    seat.save(update_fields=["autopilot"])
    fields = []
    if seat.position in game.to_act:
        game.turn_deadline = None
        fields.append("turn_deadline")
    if str(seat.pk) in game.handover_votes:
        game.handover_votes = {k: v for k, v in game.handover_votes.items() if k != str(seat.pk)}
        fields.append("handover_votes")
    if fields:
        game.save(update_fields=[*fields, "updated_at"])
    announce_seats(game)
    schedule_next(game, seats)


@transaction.atomic
def take_back_seat(*, game_id, identity):
    """A player whose seat a bot was playing plays it again (with a fresh turn timer if it is his turn)."""
    game = lock_game(game_id)
    require_status(game, Game.Status.PLAYING, message=_("This game is not being played."))
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    seat = require_seat(seats, identity)
    if not seat.autopilot and not seat.left:
        return seat
    require_own_seat(game, seat)
    seat.autopilot = seat.left = seat.bot_for_turn = False
    fields = ["autopilot", "left", "bot_for_turn"]
    if game.is_suspended and seat.ready:  # sitting down again during a suspension: unready, as Volity's sit
        seat.ready = False
        fields.append("ready")
        rpc_notify.announce_table(game, "volity.player_unready", seat.name)
    seat.save(update_fields=fields)
    if seat.position in game.to_act and game.turn_seconds and not game.is_suspended:
        game.turn_deadline = timezone.now() + timedelta(seconds=game.turn_seconds)
        game.save(update_fields=["turn_deadline", "updated_at"])
    announce_seats(game)
    schedule_next(game, seats)
    return seat


@transaction.atomic
def expire_turn(game_id, now=None):
    """If the turn timer (a turn-based game's time per move) has run out, act on the seats that were to act:
    in a live game a bot plays them until their players take them back; in a turn-based game a bot plays
    that turn only (Game.on_timeout "bot") or they lose by time ("lose", see `forfeit_seats`). Safe to call
    any time; returns whether a seat was late."""
    now = now or timezone.now()
    game = lock_game(game_id)
    if (game.status != Game.Status.PLAYING or game.is_suspended or game.turn_deadline is None
            or game.turn_deadline > now):
        return False
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    late = [s for s in seats if s.position in game.to_act and not s.is_automated]
    turn_based = game.pace == Game.Pace.TURN_BASED
    if turn_based and game.on_timeout == Game.OnTimeout.LOSES:
        forfeit_seats(game, seats, late, now)
        return bool(late)
    for seat in late:
        seat.autopilot = True
        fields = ["autopilot"]
        if turn_based:
            seat.bot_for_turn = True
            seat.timeouts += 1
            fields += ["bot_for_turn", "timeouts"]
        seat.save(update_fields=fields)
    game.turn_deadline = None
    game.save(update_fields=["turn_deadline", "updated_at"])
    announce_seats(game)
    schedule_next(game, seats)
    return bool(late)


def forfeit_seats(game, seats, late, now):
    """Within the game lock: the `late` seats lose by time. Each is marked forfeited and a bot plays it to the
    end (its player cannot take it back). When fewer than two seats that have not forfeited remain (always so
    in a two-player game), the game ends at once: the seat left wins, then come the seats that ran out now,
    then those that ran out before (tied). Otherwise the others go on; at the end the forfeited seats rank
    last and never win (`final_result`)."""
    for seat in late:
        seat.forfeited = seat.autopilot = True
        seat.bot_for_turn = False
        seat.timeouts += 1
        seat.save(update_fields=["forfeited", "autopilot", "bot_for_turn", "timeouts"])
    game.turn_deadline = None
    fields = ["turn_deadline", "updated_at"]
    remaining = [s for s in seats if not s.forfeited]
    if len(remaining) < 2:
        game.status = Game.Status.FINISHED
        game.finished_at = now
        game.result = _result_by_time(seats, remaining, late)
        fields += ["status", "finished_at", "result"]
    game.save(update_fields=fields)
    announce_seats(game)
    if game.status == Game.Status.FINISHED:
        code = game.code
        # Every page asks for the position again and gets the result with it (the game has no new event).
        broadcast.after_commit(lambda: broadcast.publish_to_game(code, {"type": "resync"}), "a game lost by time")
        _finished(game)
    else:
        schedule_next(game, seats)


def _result_by_time(seats, remaining, late):
    """The result of a game ended by time: {"winners", "table", "forfeited", "by_time": True}."""
    groups = [remaining, late, [s for s in seats if s.forfeited and s not in late]]
    table, rank = [], 1
    for group in groups:
        for seat in group:
            table.append({"seat": seat.position, "name": seat.name, "rank": rank, "score": "", "details": "",
                          "by_time": "lost" if seat.forfeited else "won",
                          **({"forfeited": True} if seat.forfeited else {})})
        rank += len(group)
    return {"winners": [s.position for s in remaining], "table": table,
            "forfeited": [s.position for s in late] + [s.position for s in groups[2]], "by_time": True}


@transaction.atomic
def check_absent_player(game_id, seat_id, now=None):
    """A player who gave no sign of life for the grace period (every socket closed or dead, none opened
    again): a bot plays the seat."""
    now = now or timezone.now()
    game = lock_game(game_id)
    # A turn-based game waits for its players: only the time per move counts, never a closed page.
    if game.status != Game.Status.PLAYING or game.pace == Game.Pace.TURN_BASED or game.is_suspended:
        return False
    # Seats locked too: a socket closing now (services.presence locks its seat) is either wholly before
    # this check or wholly after it, never a fresh presence read beside a stale disconnected_at.
    seats = locked_seats(game)
    seat = next((s for s in seats if s.pk == seat_id), None)
    if seat is None or seat.is_automated or is_present(seat, now):
        return False
    last_seen = last_sign_of_life(seat, game)
    if last_seen is None or last_seen > now - timedelta(seconds=settings.GAMES_ABSENCE_GRACE):
        return False
    hand_seat_to_bot(game, seats, seat)
    return True
