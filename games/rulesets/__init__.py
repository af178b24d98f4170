"""Rulesets: the games the platform hosts (see base.py for the interface)."""
from .base import Match, OptionsInvalid, Progress, Ruleset, RuleViolation
from .registry import all_rulesets, get_ruleset, register, unregister, UnknownRuleset

__all__ = [
    "Match", "OptionsInvalid", "Progress", "Ruleset", "RuleViolation",
    "all_rulesets", "get_ruleset", "register", "unregister", "UnknownRuleset",
]
