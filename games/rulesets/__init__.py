"""Rulesets: the games the platform hosts (see base.py for the interface)."""
from .base import Match, OptionsInvalid, Progress, Ruleset, RulesUnavailable, RuleViolation
from .registry import all_rulesets, get_ruleset, register, unregister, UnknownRuleset

__all__ = [
    "Match", "OptionsInvalid", "Progress", "Ruleset", "RulesUnavailable", "RuleViolation",
    "all_rulesets", "get_ruleset", "register", "unregister", "UnknownRuleset",
]
