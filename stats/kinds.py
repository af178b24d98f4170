"""Per-game statistics: what a game's statistics must provide to the shared jobs and pages, and finding them.

The Celery jobs, the models, the API and the pages are shared (stats.services, stats.views); what a
game's statistics are is answered by its `GameStatisticsKind` (stats/<game>/statistics.py), named by the
`statistics` part of the game's declaration (config/games.py) and found by the game's slug. A game
without a kind simply has no statistics.
"""
from config.registry import UnknownGame, all_games, get_game


class EventLogError(ValueError):
    """The event list cannot be a game played from the given start (malformed or inconsistent)."""


class GameStatisticsKind:
    slug = ""                 # the ruleset slug whose games these statistics describe
    name = ""
    version = 1               # bump when compute() changes: stored results of another version are recomputed
    game_template = ""        # the panel body of one game (templates/stats/<game>/...)
    site_template = ""        # this game's section of the site page

    def compute(self, game):
        """The JSON-ready statistics of finished `game` (raise stats.kinds.EventLogError on a bad log).

        Must hold "players": [{"seat", "name", "order" (1 = played first), "winner"}, ...], "seats" and
        "turn_count"; everything else is the kind's own."""
        raise NotImplementedError

    def with_platform_result(self, result, platform):
        """`result` of compute() told how the platform ended the game (`Game.result`): a player who lost by time
        (turn-based games) ends the game, or ranks last, outside the rules, so the platform's winners stand.
        A kind with game-level outcome keys of its own extends this."""
        forfeited = set(platform.get("forfeited") or [])
        if not forfeited and not platform.get("by_time"):
            return result
        winners = set(platform.get("winners") or [])
        for player in result["players"]:
            player["winner"] = player["seat"] in winners
            player["forfeited"] = player["seat"] in forfeited
        result["by_time"] = bool(platform.get("by_time"))
        result["forfeited"] = sorted(forfeited)
        return result

    def site_contribution(self, result):
        """What one game adds to this kind's site totals: nested dicts of integer counters."""
        raise NotImplementedError

    def player_extras(self, result, player):
        """(label of the game's variant, {card: copies}) stored with a player's result."""
        return "", {}

    def variant_label(self, variant):
        """A stored variant label (player_extras') as a player's page shows it."""
        return variant

    def card_label(self, slug):
        """The name of a card a player bought (player_extras'), as a player's page shows it."""
        return slug.replace("-", " ").capitalize()

    def game_view(self, result, links):
        """What `game_template` renders (with "chart": the JSON island stats.js draws)."""
        raise NotImplementedError

    def site_view(self, totals):
        """What `site_template` renders from this kind's totals (with "chart" for stats.js, or None)."""
        raise NotImplementedError


def game_facts(game, extra=None):
    """What every game's statistics say about the game itself: its code, when and how long it was played."""
    duration = None
    if game.started_at and game.finished_at:
        duration = max(0, int((game.finished_at - game.started_at).total_seconds()))
    return {
        "id": game.pk,
        "code": game.code,
        **(extra or {}),
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "duration_seconds": duration,
    }


def kind_for(slug):
    """The statistics of games of ruleset `slug`, or None."""
    try:
        return get_game(slug).statistics_kind
    except UnknownGame:
        return None


def all_kinds():
    """Every game's statistics, in the games' declaration order."""
    return [game.statistics_kind for game in all_games() if game.statistics]


def supported_slugs():
    return frozenset(kind.slug for kind in all_kinds())


def supports(game):
    """Whether the site computes statistics for this game's ruleset."""
    return kind_for(game.ruleset) is not None
