"""Progress: Evolution of Technology, knowledge costs (seed 003). Plain Python: no Django, no I/O.

    knowledge_cost(card, active, research) -> KnowledgeCost   the per-type cost once waivers are applied
    cover(cost, tokens, discards) -> Covering                  how tokens and discards pay it, and what is short

A technology shows one or two cost parts, each an amount of one knowledge type; a part naming an earlier
technology is waived when the player owns it (in the active area or being researched). Tokens are typed: a
token pays only its own type. Discarded cards are wild: each pays one knowledge of any type. A cost is covered
when every type is met; tokens pay their own type first and discards meet what remains, so the discards asked
for are the fewest possible. Nothing is ever negative and surplus is never carried over.

The seed's own check (one "General knowledge" total) is in seed_check.py, kept only for comparison.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

SCIENCE, ENGINEERING, CULTURE = "science", "engineering", "culture"
KNOWLEDGE_TYPES = (SCIENCE, ENGINEERING, CULTURE)
KNOWLEDGE_NAMES = {SCIENCE: "Science", ENGINEERING: "Engineering", CULTURE: "Culture"}


class KnowledgeError(ValueError):
    """Input that cannot describe a player's situation: an unknown knowledge type or a negative count."""


@dataclass(frozen=True)
class CostPart:
    """One cost part: `amount` knowledge of one type, waived when the player owns `waived_by` (a card slug)."""

    knowledge: str
    amount: int
    waived_by: str | None = None


@dataclass(frozen=True)
class TechnologyCard:
    slug: str
    name: str
    age: int
    knowledge: str
    costs: tuple[CostPart, ...] = ()


@dataclass(frozen=True)
class KnowledgeCost:
    """What is left to pay, per type, after waivers; `general` is the seed's "General knowledge" (the total)."""

    per_type: Mapping[str, int]
    waived: tuple[CostPart, ...] = ()
    to_pay: tuple[CostPart, ...] = ()

    @property
    def general(self) -> int:
        return sum(self.per_type.values())


@dataclass(frozen=True)
class Covering:
    """How tokens and discards meet a cost.

    tokens_used / discards_used: per type, what paid it. discards_needed: the fewest discards that cover the cost
    with these tokens (all of them may be needed even when the player has fewer). shortfall: per type, what is
    still unpaid once every available token and discard has been used.
    """

    covered: bool
    tokens_used: Mapping[str, int]
    discards_used: Mapping[str, int]
    discards_needed: int
    shortfall: Mapping[str, int]
    tokens_left: Mapping[str, int] = field(default_factory=dict)
    discards_left: int = 0

    @property
    def total_shortfall(self) -> int:
        return sum(self.shortfall.values())


def check_type(knowledge) -> str:
    if knowledge not in KNOWLEDGE_TYPES:
        raise KnowledgeError(f"unknown knowledge type {knowledge!r}; use one of {', '.join(KNOWLEDGE_TYPES)}")
    return knowledge


def check_count(what, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise KnowledgeError(f"{what} must be a whole number, not {value!r}")
    if value < 0:
        raise KnowledgeError(f"{what} must not be negative (got {value})")
    return value


def knowledge_cost(card: TechnologyCard, active: Iterable[str] = (), research: Iterable[str] = ()) -> KnowledgeCost:
    """The cost of `card` for a player whose active and research areas hold these card slugs."""
    owned = set(active) | set(research)
    per_type = dict.fromkeys(KNOWLEDGE_TYPES, 0)
    waived, to_pay = [], []
    for part in card.costs:
        check_type(part.knowledge)
        check_count(f"the {part.knowledge} cost of {card.name}", part.amount)
        if part.waived_by is not None and part.waived_by in owned:
            waived.append(part)
        else:
            per_type[part.knowledge] += part.amount
            to_pay.append(part)
    return KnowledgeCost(per_type, tuple(waived), tuple(to_pay))


def token_counts(tokens) -> dict[str, int]:
    """Tokens as {type: count}, from a mapping or from a list of types (one per token)."""
    if isinstance(tokens, Mapping):
        counts = {check_type(k): check_count(f"{k} tokens", v) for k, v in tokens.items()}
    else:
        counts = Counter(check_type(t) for t in tokens)
    return {k: counts.get(k, 0) for k in KNOWLEDGE_TYPES}


def discard_count(discards) -> int:
    """Discards as a number, from a number or from the list of discarded cards (each is one wild knowledge)."""
    if isinstance(discards, int) and not isinstance(discards, bool):
        return check_count("discards", discards)
    if isinstance(discards, (str, bytes, Mapping)) or not isinstance(discards, Iterable):
        raise KnowledgeError(f"discards must be a number or a list of cards, not {discards!r}")
    return len(list(discards))


def cost_counts(cost) -> dict[str, int]:
    per_type = cost.per_type if isinstance(cost, KnowledgeCost) else cost
    if not isinstance(per_type, Mapping):
        raise KnowledgeError(f"a cost is a KnowledgeCost or {{type: amount}}, not {cost!r}")
    counts = {check_type(k): check_count(f"the {k} cost", v) for k, v in per_type.items()}
    return {k: counts.get(k, 0) for k in KNOWLEDGE_TYPES}


def cover(cost, tokens=(), discards=0) -> Covering:
    """Whether `tokens` (typed) and `discards` (wild) pay `cost`, and how; see Covering."""
    need, have, wild = cost_counts(cost), token_counts(tokens), discard_count(discards)
    tokens_used = {k: min(have[k], need[k]) for k in KNOWLEDGE_TYPES}
    remaining = {k: need[k] - tokens_used[k] for k in KNOWLEDGE_TYPES}
    discards_needed = sum(remaining.values())
    discards_used, left = {}, wild
    for k in KNOWLEDGE_TYPES:  # types in a fixed order, so the split never depends on the input's order
        discards_used[k] = min(left, remaining[k])
        left -= discards_used[k]
    shortfall = {k: remaining[k] - discards_used[k] for k in KNOWLEDGE_TYPES}
    return Covering(
        covered=not any(shortfall.values()),
        tokens_used=tokens_used,
        discards_used=discards_used,
        discards_needed=discards_needed,
        shortfall=shortfall,
        tokens_left={k: have[k] - tokens_used[k] for k in KNOWLEDGE_TYPES},
        discards_left=left,
    )
