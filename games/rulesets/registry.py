"""Which games the platform can host, by slug."""
from games.rulesets.base import Ruleset

_RULESETS = {}


class UnknownRuleset(LookupError):
    pass


def register(ruleset):
    if not isinstance(ruleset, Ruleset):
        raise TypeError("register() takes a Ruleset instance")
    _RULESETS[ruleset.slug] = ruleset
    return ruleset


def unregister(slug):
    _RULESETS.pop(slug, None)


def get_ruleset(slug):
    try:
        return _RULESETS[slug]
    except KeyError:
        raise UnknownRuleset(f"no game called {slug!r} is installed") from None


def all_rulesets():
    return list(_RULESETS.values())
