"""Per-game statistics: each game the site hosts plugs its own computation, pages and site totals in here.

The Celery jobs, the models, the API and the pages are shared (stats.services, stats.views); what a
game's statistics are is answered by its `GameStatisticsKind`, found by the game's ruleset slug. A game
without a kind simply has no statistics.
"""
from stats.games.base import GameStatisticsKind

_KINDS = {}


def register(kind):
    if not isinstance(kind, GameStatisticsKind):
        raise TypeError("register() takes a GameStatisticsKind instance")
    _KINDS[kind.slug] = kind
    return kind


def kind_for(slug):
    """The statistics of games of ruleset `slug`, or None."""
    _load()
    return _KINDS.get(slug)


def all_kinds():
    _load()
    return list(_KINDS.values())


def supported_slugs():
    _load()
    return frozenset(_KINDS)


def supports(game):
    return kind_for(game.ruleset) is not None


_loaded = False


def _load():
    global _loaded
    if _loaded:
        return
    _loaded = True
    from stats.games.aquarius import AQUARIUS
    from stats.games.machikoro import MACHI_KORO

    register(MACHI_KORO)
    register(AQUARIUS)
