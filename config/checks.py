"""System checks of the game registry (config/registry.py): `manage.py check` and every server start report a
declaration that cannot work before a player finds out.

Each check returns Django `Error`s with ids `games.E0xx`, naming the game and the part.
"""
from celery import current_app
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core import checks
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.module_loading import autodiscover_modules

from config import registry
from config.docs import GUIDES
from games.common.protocol import FUNCTIONS as ENGINE_FUNCTIONS

PARTS = ("cards", "engine", "ruleset", "rpc", "rpc_client", "statistics", "loader", "exporter", "effects", "card_check",
         "rules_cards")


def _declarations():
    """Every declaration of the settings, duplicates included (the registry itself keeps one per slug)."""
    found = []
    for path in (settings.GAMES, *settings.GAMES_EXTRA):
        try:
            games = registry.resolve(path)
        except ImportError as error:
            found.append(checks.Error(f"GAMES entry {path!r} cannot be imported: {error}", id="games.E001"))
            continue
        found.extend(games if isinstance(games, (list, tuple)) else (games,))
    return found


@checks.register("games")
def check_declarations(app_configs=None, **kwargs):
    errors, seen = [], set()
    for game in _declarations():
        if isinstance(game, checks.Error):
            errors.append(game)
            continue
        if not isinstance(game, registry.Game):
            errors.append(checks.Error(f"{game!r} in GAMES is not a config.registry.Game", id="games.E002"))
            continue
        if game.slug in seen:
            errors.append(checks.Error(f"two games are declared with the slug {game.slug!r}", id="games.E003"))
        seen.add(game.slug)
        errors.extend(_check_game(game))
    return errors


def _check_game(game):
    errors = []
    for name in PARTS:
        path = getattr(game, name)
        if not path:
            continue
        try:
            registry.resolve(path)
        except ImportError as error:
            errors.append(checks.Error(f"game {game.slug!r}: its {name} {path!r} cannot be imported: {error}",
                                       id="games.E004"))
    for name in ("rpc", "rpc_client", "statistics"):
        if getattr(game, name) and not game.ruleset:
            errors.append(checks.Error(f"game {game.slug!r} declares {name} but no ruleset to play it",
                                       id="games.E005"))
    if game.loader and not game.card_game or game.exporter and not game.card_game:
        errors.append(checks.Error(f"game {game.slug!r} loads or exports cards but names no card_game",
                                   id="games.E006"))
    errors.extend(_check_engine(game))
    errors.extend(_check_ruleset(game))
    errors.extend(_check_rpc_guide(game))
    errors.extend(_check_rules(game))
    errors.extend(_check_tasks(game.tasks, f"game {game.slug!r}"))
    return errors


def _check_rpc_guide(game):
    """The game page links the protocol's guide: it must be one the site serves (config/docs.py)."""
    try:
        guide = registry.resolve(game.rpc).docs if game.rpc else ""
    except ImportError:
        return []   # reported as E004
    if guide and guide not in GUIDES:
        return [checks.Error(f"game {game.slug!r}: its RPC protocol's guide {guide!r} is not one of the site's "
                             f"guides (config.docs.GUIDES)", id="games.E011")]
    return []


def _check_rules(game):
    """The players' rules page renders the declared template with the declared cards: both or neither."""
    if game.rules_cards and not game.rules_template:
        return [checks.Error(f"game {game.slug!r} declares rules_cards but no rules_template", id="games.E012")]
    if not game.rules_template:
        return []
    try:
        get_template(game.rules_template)
    except TemplateDoesNotExist:
        return [checks.Error(f"game {game.slug!r}: its rules template {game.rules_template!r} does not exist",
                             id="games.E013")]
    return []


def _check_engine(game):
    """An engine offers every function of the engine protocol (games/common/protocol.py)."""
    try:
        engine = registry.resolve(game.engine) if game.engine else None
    except ImportError:
        return []  # reported with the other parts
    missing = [name for name in ENGINE_FUNCTIONS if engine is not None and not callable(getattr(engine, name, None))]
    return [checks.Error(f"game {game.slug!r}: its engine {game.engine!r} lacks {', '.join(missing)} of the engine "
                         "protocol (games/common/protocol.py)", id="games.E010")] if missing else []


def _check_ruleset(game):
    if not game.ruleset:
        return []
    try:
        ruleset = registry.resolve(game.ruleset)
    except ImportError:
        return []  # reported with the other parts
    errors = []
    if getattr(ruleset, "slug", None) != game.slug:
        errors.append(checks.Error(f"game {game.slug!r}: its ruleset's slug is {getattr(ruleset, 'slug', None)!r}",
                                   id="games.E007"))
    scripts = [getattr(ruleset, "board_script", ""), *getattr(ruleset, "board_parts", ()),
               getattr(ruleset, "form_script", ""), getattr(ruleset, "tutorial_script", "")]
    for script in filter(None, scripts):
        if not finders.find(script):
            errors.append(checks.Error(f"game {game.slug!r}: static file {script!r} does not exist",
                                       id="games.E008"))
    return errors


def _check_tasks(names, owner):
    if not names:
        return []
    autodiscover_modules("tasks")  # the apps' tasks modules, as a worker imports them
    return [checks.Error(f"{owner}: there is no Celery task {name!r}", id="games.E009")
            for name in names if name not in current_app.tasks]


@checks.register("games")
def check_beat_schedule(app_configs=None, **kwargs):
    schedule = getattr(settings, "CELERY_BEAT_SCHEDULE", {}) or {}
    return _check_tasks([entry["task"] for entry in schedule.values()], "CELERY_BEAT_SCHEDULE")
