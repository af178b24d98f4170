"""Seed 003's check, as the seed describes it: kept only to document where it goes wrong (docs/card-data.md).

Do not use it to decide anything: cards/progress/costs.py `cover` is the check the site uses.

The seed keeps one counter per type and a "General knowledge" total. Each token takes one from its own type and
one from the total; each discard takes one from the total; the cost is covered when the total is exactly 0.
So a token of the wrong type still pays (it lowers the total), per-type counters go negative, and paying more
than the cost is "not covered" (the total goes below 0).
"""
from cards.progress.costs import KNOWLEDGE_TYPES, cost_counts, discard_count, token_counts

GENERAL = "general"


def seed_cover(cost, tokens=(), discards=0):
    """(covered, counters) as the seed computes them; counters hold each type and "general"."""
    counters = cost_counts(cost)
    counters[GENERAL] = sum(counters[k] for k in KNOWLEDGE_TYPES)
    for knowledge, count in token_counts(tokens).items():
        for _ in range(count):
            counters[knowledge] -= 1
            counters[GENERAL] -= 1
    counters[GENERAL] -= discard_count(discards)
    return counters[GENERAL] == 0, counters
