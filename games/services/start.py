"""Starting a game once its lobby is complete: freeze the rules, draw the first player, create the state."""
import logging
import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import broadcast
from games.models import Game
from games.errors import CannotStart
from games.notifications.services import notify_turn
from games.ratings.eligibility import rated_start_problem
from games.rpc import notify as rpc_notify
from games.rulesets import RulesUnavailable, get_ruleset

from games.services.common import announce_open_games, announce_to_game, renumber
from games.services.play import deadline_after, schedule_next

logger = logging.getLogger(__name__)


def lobby_complete(game, seats):
    """Within the player bounds, at least one human, every human ready, and a rated game's registered players."""
    return (
        game.status == Game.Status.LOBBY
        and game.min_players <= len(seats) <= game.max_players
        and any(not s.bot_kind for s in seats)
        and all(s.ready or s.bot_kind for s in seats)
        and not rated_start_problem(game, seats)
    )


def start_if_ready(game, seats):
    """Start the (locked) game if its lobby is complete; return whether it started.

    When the rules cannot be set up (a card the engine cannot play), the game stays in its lobby, the humans'
    readiness is reset (so nobody retries into the same error) and everyone watching is told why.
    """
    if not lobby_complete(game, seats):
        return False
    try:
        with transaction.atomic():  # a savepoint: a refused start leaves the seats and the game untouched
            start_game(game, seats)
    except CannotStart as exc:
        _refuse_start(game, seats, exc.message)
        return False
    return True


def _refuse_start(game, seats, message):
    logger.warning("Game %s cannot start: %s", game.code, message)
    for seat in seats:
        if not seat.bot_kind and seat.ready:
            seat.ready = False
            seat.save(update_fields=["ready"])
            rpc_notify.announce_table(game, "volity.player_unready", seat.name)
    game.save(update_fields=["updated_at"])
    announce_to_game(game.code, {"type": "error", **CannotStart(message).as_dict()})


def start_game(game, seats):
    problem = rated_start_problem(game, seats)
    if problem:
        raise CannotStart(problem)
    ruleset = get_ruleset(game.ruleset)
    # Seats keep the lobby's order around the table; a random one of them is player 1.
    first = secrets.randbelow(len(seats))
    table = seats[first:] + seats[:first]
    seed = secrets.randbits(62)
    names = [s.name for s in table]
    try:
        rules = ruleset.freeze_rules(game.options)
        match = ruleset.start(rules, game.options, seed, names)
    except RulesUnavailable as exc:
        raise CannotStart(_("The game cannot start: %(reason)s. A designer must fix the cards; "
                            "then get ready again.") % {"reason": exc}) from None
    renumber(seats, [s.pk for s in table])
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
    notify_turn(game, table)  # turn-based games: "your turn" to the first player
    code = game.code
    broadcast.after_commit(lambda: broadcast.publish_to_game(code, {"type": "started"}), "the start")
    broadcast.after_commit(lambda: rpc_notify.publish_start(game, table, ruleset, match), "the RPC start")
    announce_open_games()
    schedule_next(game, table)
