"""The cards the players' rules picture (templates/games/aquarius/rules.html), read from the official deck in the
card database: the five elements with their goal cards, one card of each kind with how many the deck holds, and
the action cards. Named by games/aquarius/text.py, drawn by the board's card component
(static/js/boards/aquarius/cards.js) from the slots made here."""
import json

from django.utils.html import format_html

from cards.aquarius.data import DeckMissing, frozen_deck
from games.aquarius.engine.cards import ELEMENTS
from games.aquarius.text import card_title, element_label, goal_title

ELEMENT_KINDS = ("whole", "landscape", "portrait", "quartered")


def card_slot(card, name, css_class=""):
    """A placeholder static/js/rules-panel.js replaces with the drawn card; its name stands in without JavaScript."""
    data = json.dumps({key: card.get(key) for key in ("id", "kind", "panels", "action")} | {"name": name},
                      ensure_ascii=False)
    return format_html('<span class="aq-card-slot {}" data-aq-card="{}">{}</span>', css_class, data, name)


def _title(card):
    return card_title(card["kind"], card["panels"], card["action"])


def rules_cards():
    """{"elements": [{"name", "card", "goal", "goal_name"}], "kinds": [{"kind", "count", "card"}],
    "actions": [{"action", "name", "count", "card"}], "deck_size"}; empty when the deck is not loaded."""
    try:
        _slug, cards = frozen_deck()
    except DeckMissing:
        cards = []
    whole = {card["panels"][0]: card for card in reversed(cards) if card["kind"] == "whole" and card["panels"]}
    elements = [{"name": element_label(letter).capitalize(), "goal_name": goal_title(letter),
                 "card": card_slot(whole[letter], _title(whole[letter])) if letter in whole else "",
                 "goal": card_slot({"id": f"goal_{letter}", "kind": "whole", "panels": [letter], "action": None},
                                   goal_title(letter), "aq-goal-card")}
                for letter in ELEMENTS]
    kinds = []
    for kind in ELEMENT_KINDS:
        of_kind = [card for card in cards if card["kind"] == kind]
        if of_kind:
            kinds.append({"kind": kind, "count": len(of_kind), "card": card_slot(of_kind[0], _title(of_kind[0]))})
    actions = {}
    for card in cards:
        if card["kind"] == "action":
            actions.setdefault(card["action"], []).append(card)
    return {
        "engine_guide": "rules-aquarius",  # the developers' guide of the engine (config/docs.py)
        "elements": elements, "kinds": kinds, "deck_size": len(cards),
        "actions": [{"action": action, "name": _title(group[0]), "count": len(group),
                     "card": card_slot(group[0], _title(group[0]))} for action, group in actions.items()],
    }
