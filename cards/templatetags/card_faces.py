from django import template

from cards.faces import face_for, face_slot

register = template.Library()


@register.simple_tag
def card_face(card, css_class=""):
    """The card's face, drawn by static/js/card-face.js (include it on the page)."""
    return face_slot(face_for(card), css_class=css_class)
