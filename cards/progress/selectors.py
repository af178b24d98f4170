"""Read side of Progress: the technologies, and a card's cost for a player's situation (API, page, admin)."""
from cards.progress.models import Technology

from cards.progress.costs import KNOWLEDGE_TYPES, KnowledgeError, cover, discard_count, knowledge_cost, token_counts
from cards.progress.explain import explain_cost


class UnknownCards(KnowledgeError):
    def __init__(self, field, slugs):
        self.field, self.slugs = field, slugs
        super().__init__(f"unknown card{'s' if len(slugs) > 1 else ''}: {', '.join(slugs)}")


def technologies():
    return Technology.objects.select_related("extension").prefetch_related("costs__waived_by").order_by("age", "name")


def _known(field, slugs, names):
    if isinstance(slugs, (str, bytes)) or not hasattr(slugs, "__iter__"):
        raise KnowledgeError(f"{field} must be a list of card slugs")
    slugs = list(slugs)
    unknown = [s for s in slugs if s not in names]
    if unknown:
        raise UnknownCards(field, unknown)
    return slugs


def cost_for(technology, active=(), research=(), tokens=None, discards=0):
    """Everything about paying `technology`: the cost, its covering and sentences. Raises KnowledgeError."""
    names = dict(Technology.objects.values_list("slug", "name"))
    active, research = _known("active", active, names), _known("research", research, names)
    tokens, discards = token_counts(tokens or {}), discard_count(discards)
    card = technology.as_card(sorted(technology.costs.all(), key=lambda p: p.position))
    cost = knowledge_cost(card, active, research)
    covering = cover(cost, tokens, discards)

    def part(p):
        return {"knowledge": p.knowledge, "amount": p.amount, "waived_by": p.waived_by}

    return {
        "card": {"slug": card.slug, "name": card.name, "age": card.age, "knowledge": card.knowledge,
                 "costs": [part(p) for p in card.costs]},
        "cost": {**cost.per_type, "general": cost.general, "waived": [part(p) for p in cost.waived],
                 "to_pay": [part(p) for p in cost.to_pay]},
        "covered": covering.covered,
        "covering": {"tokens": dict(covering.tokens_used), "discards": dict(covering.discards_used),
                     "discards_needed": covering.discards_needed, "tokens_left": dict(covering.tokens_left),
                     "discards_left": covering.discards_left},
        "shortfall": {**covering.shortfall, "total": covering.total_shortfall},
        "explained": explain_cost(card.name, cost, covering, names),
    }


__all__ = ["KNOWLEDGE_TYPES", "KnowledgeError", "UnknownCards", "cost_for", "technologies"]
