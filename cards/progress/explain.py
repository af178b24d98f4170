"""A knowledge cost and its covering in words, for the site page, its API and the admin preview.

Fixed sentences with numbers: gettext strings of the cards catalogue (cards/locale), in the active language
(English unless a page or an API request asks for French)."""
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from cards.progress.costs import CULTURE, ENGINEERING, KNOWLEDGE_TYPES, SCIENCE


def knowledge_name(knowledge):
    names = {SCIENCE: pgettext("knowledge", "Science"), ENGINEERING: pgettext("knowledge", "Engineering"),
             CULTURE: pgettext("knowledge", "Culture")}
    return names[knowledge]


def amount(number, knowledge):
    return _("%(number)d %(knowledge)s") % {"number": number, "knowledge": knowledge_name(knowledge)}


def amounts(per_type):
    parts = [amount(n, k) for k, n in per_type.items() if n]
    if not parts:
        return _("nothing")
    if len(parts) == 1:
        return parts[0]
    return _("%(list)s and %(last)s") % {"list": ", ".join(parts[:-1]), "last": parts[-1]}


def explain_cost(card_name, cost, covering, names=None):
    """Sentences: the printed cost, the waivers, what is left, how it is paid and what is short."""
    names = names or {}
    lines = []
    for part in cost.waived:
        lines.append(_("%(amount)s is waived: the player owns %(owner)s.") % {
            "amount": amount(part.amount, part.knowledge), "owner": names.get(part.waived_by, part.waived_by)})
    for part in cost.to_pay:
        if part.waived_by:
            lines.append(_("%(amount)s must be paid: the player does not own %(owner)s.") % {
                "amount": amount(part.amount, part.knowledge), "owner": names.get(part.waived_by, part.waived_by)})
    if any(cost.per_type.values()):
        lines.append(_("%(card)s costs %(amounts)s (General knowledge %(general)d).") % {
            "card": card_name, "amounts": amounts(cost.per_type), "general": cost.general})
    else:
        lines.append(_("%(card)s costs nothing (General knowledge %(general)d).") % {
            "card": card_name, "general": cost.general})
    if cost.general:
        if any(covering.tokens_used.values()):
            lines.append(_("Tokens pay %(amounts)s.") % {"amounts": amounts(covering.tokens_used)})
        if any(covering.discards_used.values()):
            count = sum(covering.discards_used.values())
            lines.append(ngettext("%(count)d discarded card (wild) pays %(amounts)s.",
                                  "%(count)d discarded cards (wild) pay %(amounts)s.", count)
                         % {"count": count, "amounts": amounts(covering.discards_used)})
        unused = {k: covering.tokens_left[k] for k in KNOWLEDGE_TYPES if covering.tokens_left.get(k)}
        if unused:
            lines.append(_("Tokens of the wrong type or beyond the cost do not pay: %(amounts)s left unused.")
                         % {"amounts": amounts(unused)})
    if covering.covered:
        used = covering.discards_needed
        lines.append(ngettext("Covered: the card can be discovered, using %(count)d discard (the fewest possible "
                              "with these tokens).",
                              "Covered: the card can be discovered, using %(count)d discards (the fewest possible "
                              "with these tokens).", used) % {"count": used})
    else:
        missing = covering.total_shortfall
        lines.append(ngettext("Not covered: %(amounts)s still missing (%(count)d more discard or tokens of those "
                              "types).",
                              "Not covered: %(amounts)s still missing (%(count)d more discards or tokens of those "
                              "types).", missing) % {"amounts": amounts(covering.shortfall), "count": missing})
    return lines
