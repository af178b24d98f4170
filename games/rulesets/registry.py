"""The games the platform can host, by slug: the declarations of config/registry.py that have a ruleset."""
from config import registry
from games.rulesets.base import Ruleset


class UnknownRuleset(LookupError):
    pass


def register(ruleset, rpc=None):
    """Declare a game made of a ruleset alone, with its RPC protocol if it has one (tests' games); real games
    are declared in config/games.py."""
    if not isinstance(ruleset, Ruleset):
        raise TypeError("register() takes a Ruleset instance")
    registry.register(registry.Game(slug=ruleset.slug, name=str(ruleset.name), ruleset=ruleset, rpc=rpc or ""))
    return ruleset


def unregister(slug):
    registry.unregister(slug)


def get_ruleset(slug):
    try:
        ruleset = registry.get_game(slug).ruleset_object
    except registry.UnknownGame:
        ruleset = None
    if ruleset is None:
        raise UnknownRuleset(f"no game called {slug!r} is installed")
    return ruleset


def all_rulesets():
    return [game.ruleset_object for game in registry.live_games()]
