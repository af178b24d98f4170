"""A knowledge cost and its covering in words, for the site page and the admin preview."""
from .costs import KNOWLEDGE_NAMES, KNOWLEDGE_TYPES


def amounts(per_type):
    parts = [f"{n} {KNOWLEDGE_NAMES[k]}" for k, n in per_type.items() if n]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def explain_cost(card_name, cost, covering, names=None):
    """Sentences: the printed cost, the waivers, what is left, how it is paid and what is short."""
    names = names or {}
    lines = []
    for part in cost.waived:
        owner = names.get(part.waived_by, part.waived_by)
        lines.append(f"{part.amount} {KNOWLEDGE_NAMES[part.knowledge]} is waived: the player owns {owner}.")
    for part in cost.to_pay:
        if part.waived_by:
            owner = names.get(part.waived_by, part.waived_by)
            lines.append(f"{part.amount} {KNOWLEDGE_NAMES[part.knowledge]} must be paid: "
                         f"the player does not own {owner}.")
    lines.append(f"{card_name} costs {amounts(cost.per_type)} (General knowledge {cost.general}).")
    if cost.general:
        if any(covering.tokens_used.values()):
            lines.append(f"Tokens pay {amounts(covering.tokens_used)}.")
        if any(covering.discards_used.values()):
            count = sum(covering.discards_used.values())
            lines.append(f"{count} discarded card{'s' if count != 1 else ''} (wild) pay{'' if count != 1 else 's'} "
                         f"{amounts(covering.discards_used)}.")
        unused = {k: covering.tokens_left[k] for k in KNOWLEDGE_TYPES if covering.tokens_left.get(k)}
        if unused:
            lines.append(f"Tokens of the wrong type or beyond the cost do not pay: {amounts(unused)} left unused.")
    if covering.covered:
        used = covering.discards_needed
        lines.append(f"Covered: the card can be discovered, using {used} discard{'s' if used != 1 else ''} "
                     f"(the fewest possible with these tokens).")
    else:
        lines.append(f"Not covered: {amounts(covering.shortfall)} still missing "
                     f"({covering.total_shortfall} more discard{'s' if covering.total_shortfall != 1 else ''} "
                     f"or tokens of those types).")
    return lines
