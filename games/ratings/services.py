"""Writing ratings: `do_rate_game(game)` applies a finished rated game to its players' ratings, once.

Called by the `game_finished` receiver inside the transaction that ends the game (games/ratings/receivers.py),
or by anyone later (a repair, a test): the game row is locked first and a game with rating changes already
stored is left alone, so a game's end processed twice rates it once (the unique (game, position) of
RatingChange is the last guard). The rating rows are locked in primary-key order after the missing ones are
created, so two games ending at once with players in common wait for each other instead of deadlocking, and
the second reads the ratings the first wrote: the result is the same as rating them one after the other.
"""
import logging

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from games.models import Game, Seat
from games.ratings import rating
from games.ratings.models import PlayerRating, RatingChange

log = logging.getLogger(__name__)


def rated_seats(seats):
    """The seats whose player has a rating: registered users and bots (by kind); guests never."""
    return [s for s in seats if s.user_id is not None or s.bot_kind]


def _owner(seat):
    return {"user_id": seat.user_id, "bot_kind": ""} if seat.user_id is not None else {"user_id": None,
                                                                                       "bot_kind": seat.bot_kind}


def seat_ranks(result):
    """{seat position: rank} from a finished game's `result`: the final table's ranks (ties share a rank), with
    the seats in `result["forfeited"]` (lost by time) tied last whatever the table says."""
    table = (result or {}).get("table") or []
    ranks = {row["seat"]: row["rank"] for row in table if isinstance(row, dict) and "seat" in row and "rank" in row}
    forfeited = set((result or {}).get("forfeited") or [])
    if forfeited:
        last = max(ranks.values(), default=0) + 1
        ranks = {seat: last if seat in forfeited else rank for seat, rank in ranks.items()}
    return ranks


def _locked_ratings(ruleset, seats):
    """The PlayerRating of every seat's owner at `ruleset` ({(user_id, bot_kind): row}), created when missing,
    locked FOR UPDATE in primary-key order."""
    owners = {(o["user_id"], o["bot_kind"]) for o in map(_owner, seats)}
    users = [u for u, _b in owners if u is not None]
    bots = [b for u, b in owners if u is None]
    mine = PlayerRating.objects.filter(ruleset=ruleset).filter(
        Q(user_id__in=users) | Q(user__isnull=True, bot_kind__in=bots))
    missing = owners - set(mine.values_list("user_id", "bot_kind"))
    if missing:
        # Sorted, so two transactions creating the same rows insert them in the same order (no deadlock); a row
        # another transaction is creating is waited for, then kept (ON CONFLICT DO NOTHING).
        PlayerRating.objects.bulk_create(
            [PlayerRating(ruleset=ruleset, user_id=user_id, bot_kind=bot_kind, mu=rating.START_MU,
                          sigma=rating.START_SIGMA) for user_id, bot_kind in sorted(missing, key=str)],
            ignore_conflicts=True)
    return {(row.user_id, row.bot_kind): row for row in mine.select_for_update().order_by("pk")}


@transaction.atomic  # a savepoint inside the game's end: a failure here never undoes the game's end
def do_rate_game(game):
    """Rate the finished, rated `game` once: the list of RatingChange rows it stored (empty when there was
    nothing to do: not rated, not finished, fewer than two rated players, or already rated)."""
    game = Game.objects.select_for_update().only("pk", "ruleset", "status", "rated", "result").get(pk=game.pk)
    if not game.rated or game.status != Game.Status.FINISHED:
        return []
    if RatingChange.objects.filter(game=game).exists():
        return []
    ranks = seat_ranks(game.result)
    seats = [s for s in rated_seats(Seat.objects.filter(game=game).order_by("position")) if s.position in ranks]
    if len(seats) < 2:
        return []
    rows = _locked_ratings(game.ruleset, seats)
    # One owner per seat: a user sits once in a game; bots of one kind share a rating, so each bot seat is rated
    # from the rating as it was before the game, and the kind's row keeps the last seat's result.
    owned = [(seat, rows[(o["user_id"], o["bot_kind"])]) for seat, o in ((s, _owner(s)) for s in seats)]
    before = [(row.mu, row.sigma) for _seat, row in owned]
    after = rating.rate(before, [ranks[seat.position] for seat, _row in owned])
    provisional_games = settings.RATINGS_PROVISIONAL_GAMES
    changes = []
    for (seat, row), (mu0, sigma0), (mu1, sigma1) in zip(owned, before, after):
        played = row.games + 1
        changes.append(RatingChange(
            game=game, position=seat.position, ruleset=game.ruleset, user_id=seat.user_id,
            bot_kind="" if seat.user_id is not None else seat.bot_kind, rank=ranks[seat.position],
            mu_before=mu0, sigma_before=sigma0, mu_after=mu1, sigma_after=sigma1,
            rating_before=rating.displayed(mu0), rating_after=rating.displayed(mu1),
            provisional=played < provisional_games))
        row.mu, row.sigma, row.games = mu1, sigma1, played
    for row in {row.pk: row for _seat, row in owned}.values():
        row.save(update_fields=["mu", "sigma", "games", "updated_at"])
    RatingChange.objects.bulk_create(changes)
    log.info("Rated game %s: %d seats", game.pk, len(changes))
    return changes
