"""The rules engine's reasons for refusing an Aquarius card (games.aquarius.engine.check_card), worded for designers in
their language and put on the form field they concern."""
from django.utils.translation import gettext as _, ngettext


def _choices(model_choices):
    return ", ".join(str(label) for _value, label in model_choices)


def _wording(problem, card):
    """(field, message) for one CardProblem of `card` (an AquariusCard)."""
    code, params = problem.code, problem.params
    if code == "id":
        return "slug", _("A card needs an id.")
    if code == "kind":
        return "kind", _("Unknown kind %(kind)s (one of: %(kinds)s).") % {
            "kind": params["kind"], "kinds": _choices(card.Kind.choices)}
    if code == "panel_letters":
        return "panels", _("The panels are element letters: a (air), e (earth), f (fire), w (water), v (void).")
    if code == "panel_count":
        return "panels", ngettext("A card of this kind has %(expected)d panel, not %(found)d.",
                                  "A card of this kind has %(expected)d panels, not %(found)d.",
                                  params["expected"]) % {"expected": params["expected"], "found": params["found"]}
    if code == "panels_repeat":
        return "panels", _("The panels of one card must show different elements.")
    if code == "action_missing":
        return "action", _("An action card needs an action (one of: %(actions)s).") % {
            "actions": _choices(card.Action.choices)}
    if code == "action_not_allowed":
        return "action", _("Only action cards carry an action.")
    return "panels", str(problem)   # a reason the engine learnt after this list: in English


def problem_messages(card, problems):
    """{field: [messages]} for a ValidationError, from the engine's problems with `card`."""
    messages = {}
    for problem in problems:
        field, message = _wording(problem, card)
        messages.setdefault(field, []).append(message)
    return messages
