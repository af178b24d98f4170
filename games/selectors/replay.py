"""Finished games again: the replay (re-applying the stored actions to the frozen rules) and the JSON record."""
from games.errors import GameError, WrongStatus
from games.models import ChatMessage, Game, GameEvent, Seat
from games.rulesets import get_ruleset
from django.utils.translation import gettext as _

RECORD_FORMAT = "live-game-record"
RECORD_VERSION = 1


class ReplayMismatch(GameError):
    """Re-applying the stored actions did not give the stored events or the stored final state."""

    code = "replay_mismatch"


def _require_finished(game):
    if game.status != Game.Status.FINISHED:
        raise WrongStatus(_("Replays and records are available once the game is over."), status=game.status)


def replay(game):
    """Every step of a finished game as a spectator saw it: the position after each action and its log lines."""
    _require_finished(game)
    ruleset = get_ruleset(game.ruleset)
    match = ruleset.start(game.rules, game.options, game.seed, game.table)
    steps = [{"seq": 0, "seat": None, "by": None, "lines": [_("The game starts.")], "view": match.view(None)}]
    for event in GameEvent.objects.filter(game=game).order_by("seq"):
        match, events = match.apply(event.seat, event.action)
        if events != event.events:
            raise ReplayMismatch(f"Event {event.seq} does not replay to the recorded events.", seq=event.seq)
        visible = match.visible_events(events, None)
        step = {"seq": event.seq, "seat": event.seat, "by": event.by,
                "lines": match.narrate_move(event.seat, event.action, visible), "view": match.view(None)}
        cells = match.narrate_cells(event.seat, event.action, visible)
        if cells and any(cells):  # as in the live log (selectors/log_entries.py): the cells each line speaks of
            step["cells"] = [[list(cell) for cell in line] for line in cells]
        steps.append(step)
    if match.dump() != game.state:
        raise ReplayMismatch("The replayed game does not end in the recorded final state.")
    return {
        "code": game.code, "ruleset": game.ruleset, "players": list(game.table),
        "rules": ruleset.rules_view(game.rules), "steps": steps, "result": game.result,
    }


def _seat_kind(seat):
    return f"bot:{seat.bot_kind}" if seat.bot_kind else "guest" if seat.guest_id else "user"


def game_record(game):
    """The whole game as one JSON document: settings, frozen rules, seed, players, every action and event."""
    _require_finished(game)
    seats = Seat.objects.filter(game=game).order_by("position")
    iso = lambda moment: moment.isoformat() if moment else None  # noqa: E731
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "code": game.code,
        "ruleset": game.ruleset,
        "options": game.options,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "turn_seconds": game.turn_seconds,
        "created_at": iso(game.created_at),
        "started_at": iso(game.started_at),
        "finished_at": iso(game.finished_at),
        "seed": game.seed,
        "players": [{"seat": s.position, "name": s.name, "kind": _seat_kind(s)} for s in seats],
        "rules": game.rules,
        "events": [
            {"seq": e.seq, "seat": e.seat, "by": e.by, "action": e.action, "events": e.events,
             "at": iso(e.created_at)}
            for e in GameEvent.objects.filter(game=game).order_by("seq")
        ],
        "result": game.result,
        "final_state": game.state,
        "chat": [{"name": m.name, "text": m.text, "at": iso(m.created_at)}
                 for m in ChatMessage.objects.filter(game=game).order_by("created_at", "id")],
    }
