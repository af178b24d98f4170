"""Starting a game once its lobby is complete: freeze the rules, draw the first player, create the state."""
import secrets

from django.db import transaction
from django.utils import timezone

from games import broadcast
from games.models import Game
from games.rpc import notify as rpc_notify
from games.rulesets import get_ruleset

from .common import announce_open_games, renumber
from games.errors import GameError


def lobby_complete(game, seats):
    """Within the player bounds, at least one human, and every human ready."""
    return (
        game.status == Game.Status.LOBBY
        and game.min_players <= len(seats) <= game.max_players
        and any(not s.bot_kind for s in seats)
        and all(s.ready or s.bot_kind for s in seats)
    )


def start_if_ready(game, seats):
    """Start the (locked) game if its lobby is complete; return whether it started."""
    if not lobby_complete(game, seats):
        return False
    start_game(game, seats)
    return True


def start_game(game, seats):
    from .play import deadline_after, schedule_next

    ruleset = get_ruleset(game.ruleset)
    try:
        rules = ruleset.freeze_rules(game.options)
    except LookupError as exc:
        raise GameError(f"The game cannot start: {exc}", code="cannot_start") from None
    # Seats keep the lobby's order around the table; a random one of them is player 1.
    first = secrets.randbelow(len(seats))
    table = seats[first:] + seats[:first]
    renumber(seats, [s.pk for s in table])
    seed = secrets.randbits(62)
    names = [s.name for s in table]
    match = ruleset.start(rules, game.options, seed, names)
    progress = match.progress()
    now = timezone.now()
    game.status = Game.Status.PLAYING
    game.rules = rules
    game.seed = seed
    game.table = names
    game.state = match.dump()
    game.event_seq = 0
    game.to_act = list(progress.to_act)
    game.turn = progress.turn
    game.started_at = now
    game.turn_deadline = deadline_after(game, table, progress, now, new_turn=True)
    game.save()
    code = game.code
    transaction.on_commit(lambda: broadcast.publish_to_game(code, {"type": "started"}))
    transaction.on_commit(lambda: rpc_notify.publish_start(game, table, ruleset, match))
    announce_open_games()
    schedule_next(game, table)
