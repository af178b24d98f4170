"""A player's own games: "My games", the profile's games in progress and the header's count of games waiting
for the player's move. Each reads a bounded number of rows in a fixed number of queries (no query per game)."""
from django.db.models import Prefetch
from django.utils import timezone

from games.models import Game, Seat
from games.rulesets import UnknownRuleset, get_ruleset

FINISHED_LIMIT = 20    # the recent finished games "My games" shows (the profile pages through all of them)
ACTIVE_LIMIT = 200     # lobbies and running games read at most (a player sits in a handful)
# What a row shows: a game's rules and state (kilobytes of JSON each) are never read.
GAME_FIELDS = ("code", "ruleset", "status", "public", "pace", "turn_seconds", "turn_deadline", "to_act", "result",
               "min_players", "max_players", "created_at", "updated_at", "started_at", "finished_at")
SEAT_FIELDS = ("game_id", "position", "name", "bot_kind", "autopilot")


def waits_for(seat, game):
    """Whether `game` waits for the move of the human at `seat` (not one a bot plays for them)."""
    return (game.status == Game.Status.PLAYING and seat.position in (game.to_act or [])
            and not seat.bot_kind and not seat.autopilot)


def waiting_count(identity):
    """How many running games wait for this player's move: one query over the player's running seats."""
    if identity.is_anonymous:
        return 0
    rows = (Seat.objects.filter(identity.owner_filter(), game__status=Game.Status.PLAYING, bot_kind="",
                                autopilot=False)
            .values_list("position", "game__to_act"))
    return sum(1 for position, to_act in rows if position in (to_act or []))


def _game_name(slug):
    try:
        return str(get_ruleset(slug).name)
    except UnknownRuleset:
        return slug


def _row(seat, now):
    """What a page shows of one game the player sits in (a dict; names are the players' own, escaped later)."""
    game = seat.game
    seats = list(game.seats.all())
    winners = (game.result or {}).get("winners", []) if game.status == Game.Status.FINISHED else []
    waiting = waits_for(seat, game)
    return {
        "code": game.code,
        "game": _game_name(game.ruleset),
        "ruleset": game.ruleset,
        "status": game.status,
        "status_label": game.get_status_display(),
        "public": game.public,
        "pace": game.pace,
        "pace_label": Game.Pace(game.pace).label if game.pace in Game.Pace.values else game.pace,
        "turn_based": game.pace == Game.Pace.TURN_BASED,
        "deadline": game.turn_deadline if game.status == Game.Status.PLAYING else None,
        "overdue": game.status == Game.Status.PLAYING and game.turn_deadline is not None and game.turn_deadline <= now,
        "your_turn": waiting,
        "to_move": [s.name for s in seats if s.position in (game.to_act or [])] if game.status == Game.Status.PLAYING
        else [],
        "players": [s.name for s in seats],
        "others": [s.name for s in seats if s.pk != seat.pk],
        "seats_taken": len(seats),
        "max_players": game.max_players,
        "won": seat.position in winners if game.status == Game.Status.FINISHED else None,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "finished_at": game.finished_at,
    }


def _seats(identity, statuses, public_only=False):
    seats = (Seat.objects.filter(identity.owner_filter(), game__status__in=statuses)
             .select_related("game")
             .only(*SEAT_FIELDS, "user_id", "guest_id", *(f"game__{name}" for name in GAME_FIELDS))
             .prefetch_related(Prefetch("game__seats", queryset=Seat.objects.only(*SEAT_FIELDS).order_by("position"))))
    if public_only:
        seats = seats.filter(game__public=True)
    return seats


def _waiting_order(row):
    """Games waiting for the player: the nearest deadline first, those without one after, latest move first."""
    deadline = row["deadline"]
    return (deadline is None, deadline.timestamp() if deadline else 0, -row["updated_at"].timestamp())


def running_games_of(identity, public_only=False):
    """(waiting, others): the running games of `identity`, those waiting for their move first (nearest
    deadline first), then the others (latest move first). public_only: for someone else's profile."""
    if identity.is_anonymous:
        return [], []
    now = timezone.now()
    rows = [_row(seat, now) for seat in _seats(identity, [Game.Status.PLAYING], public_only)
            .order_by("-game__updated_at")[:ACTIVE_LIMIT]]
    waiting = sorted((row for row in rows if row["your_turn"]), key=_waiting_order)
    return waiting, [row for row in rows if not row["your_turn"]]


def my_games(identity, finished_limit=FINISHED_LIMIT):
    """The sections of "My games": {"your_turn", "in_progress", "lobbies", "finished"}, each a list of rows."""
    if identity.is_anonymous:
        return {"your_turn": [], "in_progress": [], "lobbies": [], "finished": []}
    now = timezone.now()
    active = [_row(seat, now) for seat in _seats(identity, [Game.Status.LOBBY, Game.Status.PLAYING])
              .order_by("-game__updated_at")[:ACTIVE_LIMIT]]
    finished = [_row(seat, now) for seat in _seats(identity, [Game.Status.FINISHED])
                .order_by("-game__finished_at", "-game_id")[:finished_limit]]
    playing = [row for row in active if row["status"] == Game.Status.PLAYING]
    return {
        "your_turn": sorted((row for row in playing if row["your_turn"]), key=_waiting_order),
        "in_progress": [row for row in playing if not row["your_turn"]],
        "lobbies": sorted((row for row in active if row["status"] == Game.Status.LOBBY),
                          key=lambda row: row["created_at"], reverse=True),
        "finished": finished,
    }
