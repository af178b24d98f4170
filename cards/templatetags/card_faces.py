from django import template

from cards.language import current_language, localized_name

from cards.machikoro.faces import face_for, face_slot
from cards.machikoro.models import Establishment, Landmark

register = template.Library()


@register.simple_tag
def card_face(card, css_class=""):
    """The card's face, drawn by static/js/card-face.js (include it on the page)."""
    return face_slot(face_for(card), css_class=css_class)


@register.simple_tag(takes_context=True)
def card_face_slug(context, slug, compact=False):
    """The face of the Machi Koro card with this slug (statistics name cards by slug); '' if there is none."""
    faces = context.render_context.get("card_faces_by_slug")
    if faces is None:
        cards = [*Establishment.objects.select_related("colour", "icon"), *Landmark.objects.all()]
        faces = context.render_context["card_faces_by_slug"] = {card.slug: card for card in cards}
    card = faces.get(slug)
    if card is None:
        return ""
    return face_slot(face_for(card), state={"compact": True} if compact else None, css_class="mini-face")


@register.filter
def local_name(item):
    """A card's (extension's, colour's, icon's) name in the active language: `name_fr` for French."""
    return localized_name(item)


@register.filter
def other_name(item):
    """The same thing's name in the other language, when it differs (shown small beside `local_name`)."""
    other = localized_name(item, "en" if current_language() == "fr" else "fr")
    return other if other != localized_name(item) else ""
