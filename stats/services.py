"""Writing statistics: queue a finished game's computation, compute and store it, refresh the site totals.

Every write that touches the site totals locks the SiteStatistics row first, then game rows, so the
periodic refresh and a recomputation never interleave. A game's contribution to the totals is stored
with it: recomputing an already aggregated game takes its old contribution out of the totals again.
"""
import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.celery import app as celery_app
from games.broadcast import after_commit
from games.models import Game, Seat

from stats.aggregate import merge_counts
from stats.kinds import kind_for, supported_slugs, supports
from stats.models import GameStatistics, PlayerResult, SiteStatistics

log = logging.getLogger(__name__)

REFRESH_BATCH = 500                  # games aggregated per transaction
STALE_AFTER = timedelta(minutes=10)  # a computation queued this long ago is queued again by the refresh
LOOKBACK = timedelta(days=1)         # finished games this recent without statistics are picked up by the refresh
# The task computing one game's statistics, started by its name: stats.tasks imports this module, not the reverse
# (StatsConfig.ready imports stats.tasks, so the task is registered and runs in-process in eager mode).
COMPUTE_GAME_STATISTICS = "stats.tasks.compute_game_statistics"


class StatisticsUnavailable(Exception):
    """This game has no statistics to compute (not finished, or a game the statistics do not understand)."""


# ---- queueing -----------------------------------------------------------------------------------------------

def game_finished(game):
    """Call inside the transaction that ends `game`: its statistics are computed once that commits.

    Marks the statistics pending now (so the page shows progress at once) and queues the task on
    commit; a failure to queue is logged and left to the periodic refresh, never raised into the game.
    """
    if not supports(game):
        return None
    statistics = _mark_pending(game)
    _queue_on_commit(game.pk)
    return statistics


def request_statistics(game):
    """Queue (again) the computation of a finished game's statistics: the page's and the API's retry."""
    if game.status != Game.Status.FINISHED or not supports(game):
        raise StatisticsUnavailable(_("Statistics are computed for finished games only."))
    with transaction.atomic():
        statistics = _mark_pending(game)
        _queue_on_commit(game.pk)
    return statistics


def ensure_statistics(game):
    """The game's statistics row, queuing the computation if a finished game has none or an outdated one.

    Pages and the API call it, so a game that ended before the hook existed, or whose statistics were
    made by an older version of its kind (stats.kinds), is computed on its first view. None for other games.
    """
    statistics = GameStatistics.objects.filter(game=game).first()
    if game.status != Game.Status.FINISHED or not supports(game):
        return statistics
    outdated = (statistics is not None and statistics.status == GameStatistics.Status.DONE
                and statistics.version != kind_for(game.ruleset).version)
    if statistics is None or outdated:
        request_statistics(game)
        statistics = GameStatistics.objects.get(game=game)
    return statistics


def _mark_pending(game):
    statistics, _ = GameStatistics.objects.get_or_create(game=game)
    statistics.status = GameStatistics.Status.PENDING
    statistics.error = ""
    statistics.queued_at = timezone.now()
    statistics.save(update_fields=["status", "error", "queued_at"])
    return statistics


def _queue_on_commit(game_id):
    after_commit(lambda: celery_app.tasks[COMPUTE_GAME_STATISTICS].delay(game_id), COMPUTE_GAME_STATISTICS)


# ---- computing ----------------------------------------------------------------------------------------------

def compute_and_store(game_id):
    """Compute the statistics of game `game_id` from its event log and store them (idempotent).

    Returns the GameStatistics row (None if the game no longer exists). Errors in the log are stored on
    the row (status failed) rather than raised, so a bad game never poisons the worker.
    """
    statistics = _mark_running(game_id)
    if statistics is None:
        return None
    game = statistics.game
    try:
        result, contribution = _compute(game)
    except Exception as exc:  # noqa: BLE001: any failure is shown on the game's page with a retry
        log.exception("statistics of game %s failed", game_id)
        GameStatistics.objects.filter(pk=statistics.pk).update(
            status=GameStatistics.Status.FAILED, error=_error_text(exc), computed_at=timezone.now())
        statistics.refresh_from_db()
        return statistics
    return _store(game, result, contribution)


def _mark_running(game_id):
    with transaction.atomic():
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            return None
        statistics, _ = (GameStatistics.objects.select_for_update().only("pk", "game", "status", "attempts")
                         .get_or_create(game=game))
        statistics.status = GameStatistics.Status.RUNNING
        statistics.attempts += 1
        statistics.save(update_fields=["status", "attempts"])
    statistics.game = game
    return statistics


def _error_text(exc):
    return f"{type(exc).__name__}: {exc}"[:2000]


def _compute(game):
    """(result, site contribution) of a finished game, by its ruleset's statistics kind (stats.kinds).

    The contribution is filed under the ruleset's slug, so each game keeps its own site totals."""
    kind = kind_for(game.ruleset)
    if kind is None:
        raise StatisticsUnavailable(f"no statistics for {game.ruleset!r} games")
    if game.status != Game.Status.FINISHED:
        raise StatisticsUnavailable(f"the game is {game.status}, not finished")
    result = kind.with_platform_result(kind.compute(game), game.result or {})
    return result, {kind.slug: kind.site_contribution(result)}


def _store(game, result, contribution):
    with transaction.atomic():
        site = _locked_site()
        statistics = GameStatistics.objects.select_for_update().defer("result").get(game=game)
        if statistics.aggregated and statistics.site_contribution != contribution:
            # Recomputed with a different outcome: take the old numbers out; the next refresh adds the new.
            merge_counts(site.totals, statistics.site_contribution, -1)
            site.games -= 1
            site.save(update_fields=["totals", "games"])
            statistics.aggregated = False
        statistics.status = GameStatistics.Status.DONE
        statistics.result = result
        statistics.error = ""
        statistics.version = kind_for(game.ruleset).version
        statistics.computed_at = timezone.now()
        statistics.site_contribution = contribution
        statistics.save(update_fields=["status", "result", "error", "version", "computed_at", "site_contribution",
                                       "aggregated"])
        _store_player_results(game, result)
    return statistics


def _store_player_results(game, result):
    seats = {s.position: s for s in Seat.objects.filter(game=game)}
    facts = result["game"]
    kind = kind_for(game.ruleset)
    rows = []
    for player in result["players"]:
        seat = seats.get(player["seat"])
        variant, bought = kind.player_extras(result, player)
        rows.append(PlayerResult(
            game=game, seat=player["seat"], order=player["order"] or 0, players=result["seats"],
            user_id=seat.user_id if seat else None, guest_id=seat.guest_id if seat else None,
            bot_kind=seat.bot_kind if seat else "", name=(seat.name if seat else player["name"])[:40],
            won=player["winner"], turns=result["turn_count"], duration_seconds=facts["duration_seconds"],
            extensions=variant[:200], bought=bought, finished_at=game.finished_at,
        ))
    PlayerResult.objects.filter(game=game).delete()
    PlayerResult.objects.bulk_create(rows)


def move_guest_results(guest, user):
    """A guest kept as an account: their results are the account's (as their seats are, games.services.accounts)."""
    return PlayerResult.objects.filter(guest=guest).update(user=user, guest=None)


# ---- site totals --------------------------------------------------------------------------------------------

def _locked_site():
    SiteStatistics.objects.get_or_create(pk=SiteStatistics.SINGLETON)
    return SiteStatistics.objects.select_for_update().get(pk=SiteStatistics.SINGLETON)


def refresh_site_statistics(batch=REFRESH_BATCH):
    """Add every computed game not yet in the site totals; queue games whose statistics went missing.

    Reads only games not yet aggregated (and recent finished games), so its cost follows the new games.
    Returns the number of games added.
    """
    added = 0
    while True:
        with transaction.atomic():
            site = _locked_site()
            rows = list(GameStatistics.objects.select_for_update()
                        .filter(status=GameStatistics.Status.DONE, aggregated=False)
                        .order_by("pk").only("pk", "site_contribution")[:batch])
            for row in rows:
                merge_counts(site.totals, row.site_contribution or {})
            site.games += len(rows)
            site.refreshed_at = timezone.now()
            site.save(update_fields=["totals", "games", "refreshed_at"])
            GameStatistics.objects.filter(pk__in=[r.pk for r in rows]).update(aggregated=True)
        added += len(rows)
        if len(rows) < batch:
            break
    requeue_missing()
    return added


def requeue_missing(now=None):
    """Queue the statistics of recent finished games that have none, or whose computation stalled."""
    now = now or timezone.now()
    stale = GameStatistics.objects.filter(
        status__in=[GameStatistics.Status.PENDING, GameStatistics.Status.RUNNING], queued_at__lt=now - STALE_AFTER,
    ).select_related("game")
    missing = Game.objects.filter(status=Game.Status.FINISHED, finished_at__gte=now - LOOKBACK,
                                  ruleset__in=supported_slugs(), statistics__isnull=True)
    queued = 0
    for game in [s.game for s in stale] + list(missing):
        try:
            request_statistics(game)
        except StatisticsUnavailable:
            continue
        queued += 1
    return queued


def rebuild_site_statistics():
    """Start the site totals again from zero and add every computed game (after a change of the totals' shape)."""
    with transaction.atomic():
        site = _locked_site()
        site.totals = {}
        site.games = 0
        site.save(update_fields=["totals", "games"])
        GameStatistics.objects.filter(aggregated=True).update(aggregated=False)
    return refresh_site_statistics()
