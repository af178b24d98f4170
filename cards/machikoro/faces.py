"""What a Machi Koro card face shows, as plain data for the face component (static/js/card-face.js).

The same dict is built from a card in the database (card pages, admin preview, statistics) and from a
game's frozen card document (the board), so every place draws the same face from the same facts.
"""
import json

from django.utils.html import format_html

from cards.language import localized_name

from cards.machikoro.effects import explain_effect


def establishment_face(card):
    """Names and text in the active language (cards.language.current_language)."""
    return {
        "kind": "establishment", "name": localized_name(card), "cost": card.cost,
        "colour": card.colour.slug, "colour_name": localized_name(card.colour),
        "icon": card.icon.slug, "icon_name": localized_name(card.icon), "symbol": card.icon.symbol,
        "activation_min": card.activation_min, "activation_max": card.activation_max,
        "text": explain_effect(card.effect, card=card) or card.description,
        "image": card.image.url if card.image else "",
    }


def landmark_face(card):
    return {
        "kind": "landmark", "name": localized_name(card), "cost": card.cost,
        "text": explain_effect(card.effect, card=card) or card.description,
        "image": card.image.url if card.image else "",
    }


def face_for(card):
    return establishment_face(card) if hasattr(card, "activation_min") else landmark_face(card)


def face_slot(face, state=None, css_class=""):
    """A placeholder the component replaces with the drawn face; its text stands in without JavaScript."""
    data = json.dumps({"card": face, "state": state or {}}, ensure_ascii=False)
    return format_html('<span class="card-face-slot" data-card-face="{}" data-class="{}"><strong>{}</strong> {}</span>',
                       data, css_class, face["name"], face.get("text", ""))
