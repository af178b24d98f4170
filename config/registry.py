"""The games the site knows, each declared once (config/games.py) and found here by slug.

A declaration names every part of a game by dotted path: its card package, rules engine, ruleset, RPC
protocol, statistics, loader and exporter. Nothing is imported until a part is asked for, so this module
imports no app and every app may use it (cards included, which must never import the games app).
`config.checks` reports an inconsistent declaration when the site starts. Plain Python: no Django here.

The declarations are read on first use: `settings.GAMES` (by default config/games.py's tuple) plus
`settings.GAMES_EXTRA` (declarations added by the environment, say the platform's test game).
"""
from dataclasses import dataclass, field
from importlib import import_module

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

_GAMES = {}
_LOADED = []  # one item once the settings' declarations are read
_PARTS = {}  # (slug, part name) -> the imported object


class UnknownGame(LookupError):
    pass


def resolve(path):
    """The object a dotted path names ("package.module.NAME" or "package.module"); objects pass through."""
    if not isinstance(path, str):
        return path
    try:
        return import_module(path)
    except ModuleNotFoundError as error:
        if error.name != path:
            raise
    module, _, name = path.rpartition(".")
    try:
        return getattr(import_module(module), name)
    except AttributeError:
        raise ImportError(f"{module!r} has no {name!r}") from None


@dataclass(frozen=True)
class Game:
    """One game of the site. Only `slug` and `name` are required: a card-only game has no ruleset, a
    game without a card database (the platform's test game) has no card package."""

    slug: str                      # the package name in every app, the ruleset's slug, the statistics' slug
    name: str                      # its name for people (English; pages translate it)
    card_game: str = ""            # the slug of its row in the card database (cards.CardGame)
    cards: str = ""                # its package in the card database app ("cards.machikoro")
    engine: str = ""               # its rules engine, plain Python ("games.machikoro.engine")
    ruleset: object = ""           # its Ruleset instance, when the site plays it live
    rpc: object = ""               # its JSON-RPC protocol (games.rpc.protocol.RpcProtocol), if programs may play it
    rpc_client: object = ""        # its stand-alone RPC player: a module with POLICIES, DEFAULT_POLICY,
                                   # make_policy(kind, seed), play(connection, policy, ready, send_state), summary(outcome)
    statistics: object = ""        # its GameStatisticsKind, if finished games have statistics
    loader: str = ""               # a function(overwrite=False) loading its official cards, returning a report
    loaded_apart: str = ""         # load_cards reports its loader on a line of its own, under this label ("": official)
    effects: str = ""              # its effect strings in the card database: a module with GAME and explain_answer()
    exporter: str = ""             # a function() returning its cards as a document the loader reads back
    card_check: str = ""           # the engine's card_problems(card, kind=None, cards=None) -> [problem] (empty: playable)
    rules_template: str = ""       # its players' rules (a template of templates/games/<slug>/, /games/rules/<slug>/)
    rules_cards: str = ""          # a function() -> the rules template's context: the cards it pictures, from the database
    tasks: tuple = field(default=())  # Celery task names its parts start

    def part(self, name):
        """The object behind part `name` (imported on first use), or None when the game has none."""
        key = (self.slug, name)
        if key not in _PARTS:
            path = getattr(self, name)
            _PARTS[key] = resolve(path) if path else None
        return _PARTS[key]

    # The parts most often asked for, by name.
    @property
    def ruleset_object(self):
        return self.part("ruleset")

    @property
    def rpc_protocol(self):
        return self.part("rpc")

    @property
    def statistics_kind(self):
        return self.part("statistics")


def register(game):
    if not isinstance(game, Game):
        raise TypeError("register() takes a config.registry.Game")
    _declared()
    unregister(game.slug)
    _GAMES[game.slug] = game
    return game


def unregister(slug):
    _GAMES.pop(slug, None)
    for key in [key for key in _PARTS if key[0] == slug]:
        del _PARTS[key]


def _declared():
    """Every registered game by slug, reading the settings' declarations the first time."""
    if not _LOADED:
        _LOADED.append(True)
        for path in (settings.GAMES, *settings.GAMES_EXTRA):
            try:
                games = resolve(path)
            except ImportError as error:  # say which setting, not only which module, before anything starts
                _LOADED.clear()
                raise ImproperlyConfigured(f"GAMES or GAMES_EXTRA names {path!r}, which cannot be imported: "
                                           f"{error}") from error
            for game in games if isinstance(games, (list, tuple)) else (games,):
                _GAMES.setdefault(game.slug, game)
    return _GAMES


def get_game(slug):
    try:
        return _declared()[slug]
    except KeyError:
        raise UnknownGame(f"no game called {slug!r} is installed") from None


def all_games():
    return list(_declared().values())


def live_games():
    """The games played on the site (those with a ruleset), in declaration order."""
    return [game for game in _declared().values() if game.ruleset]


def game_of_card_game(card_game):
    """The declaration whose card database rows belong to `card_game` (a cards.CardGame slug), or None."""
    return next((game for game in _declared().values() if game.card_game == card_game), None)
