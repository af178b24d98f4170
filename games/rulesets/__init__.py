"""Rulesets: the games the platform hosts (see base.py for the interface)."""
from games.rulesets.base import Match, OptionsInvalid, Ruleset, RulesUnavailable, RuleViolation, Standing
from games.rulesets.registry import all_rulesets, get_ruleset, register, unregister, UnknownRuleset

__all__ = [
    "Match", "OptionsInvalid", "Ruleset", "RulesUnavailable", "RuleViolation", "Standing",
    "all_rulesets", "get_ruleset", "register", "unregister", "UnknownRuleset",
]
