"""Rulesets: the games the platform hosts (see base.py for the interface)."""
from games.rulesets.base import Match, OptionsInvalid, Progress, Ruleset, RulesUnavailable, RuleViolation
from games.rulesets.registry import all_rulesets, get_ruleset, register, unregister, UnknownRuleset

__all__ = [
    "Match", "OptionsInvalid", "Progress", "Ruleset", "RulesUnavailable", "RuleViolation",
    "all_rulesets", "get_ruleset", "register", "unregister", "UnknownRuleset",
]
