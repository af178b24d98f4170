"""The card database as plain data: the documents the loader reads and the export endpoint serves.

The Machi Koro document has the same shape as ``cards/data/machikoro.json`` (documented in
docs/card-data.md), so an export can be loaded into another site unchanged, and the rules
engine builds its card set from it.
"""
from django.utils import timezone

from cards.models import CardGame, Colour, Establishment, Extension, IconType, Landmark

EXPORT_FORMAT = "card-database"
EXPORT_VERSION = 1
MACHI_KORO_FORMAT = "machi-koro-cards"
MACHI_KORO_VERSION = 1


def extension_to_data(extension):
    return {"slug": extension.slug, "name": extension.name, "name_fr": extension.name_fr, "order": extension.order}


def colour_to_data(colour):
    return {
        "slug": colour.slug,
        "name": colour.name,
        "name_fr": colour.name_fr,
        "activation_order": colour.activation_order,
        "activated_by": colour.activated_by,
        "description": colour.description,
    }


def icon_to_data(icon):
    return {"slug": icon.slug, "name": icon.name, "name_fr": icon.name_fr, "symbol": icon.symbol}


def _card_common(card):
    return {
        "slug": card.slug,
        "name": card.name,
        "name_fr": card.name_fr,
        "aliases": list(card.aliases or []),
        "extension": card.extension.slug,
        "cost": card.cost,
        "effect": card.effect,
        "description": card.description,
    }


def establishment_to_data(card):
    data = _card_common(card)
    data.update(
        colour=card.colour.slug,
        icon=card.icon.slug,
        activation_min=card.activation_min,
        activation_max=card.activation_max,
        copies=card.copies,
        major=card.major,
        rules_note=card.rules_note,
    )
    return data


def landmark_to_data(card):
    data = _card_common(card)
    data.update(starts_built=card.starts_built, counts_toward_win=card.counts_toward_win, copies=card.copies)
    if card.rules_note:
        data["rules_note"] = card.rules_note
    return data


def machikoro_document():
    game = CardGame.objects.get(slug=CardGame.MACHI_KORO)
    establishments = Establishment.objects.filter(extension__game=game).select_related("extension", "colour", "icon")
    landmarks = Landmark.objects.filter(extension__game=game).select_related("extension")
    return {
        "format": MACHI_KORO_FORMAT,
        "version": MACHI_KORO_VERSION,
        "game": {"slug": game.slug, "name": game.name, "name_fr": game.name_fr},
        "extensions": [extension_to_data(e) for e in Extension.objects.filter(game=game)],
        "colours": [colour_to_data(c) for c in Colour.objects.filter(game=game)],
        "icons": [icon_to_data(i) for i in IconType.objects.filter(game=game)],
        "establishments": [establishment_to_data(c) for c in establishments.order_by("extension__order", "id")],
        "landmarks": [landmark_to_data(c) for c in landmarks.order_by("extension__order", "id")],
    }


def lorenzo_document():
    """Lorenzo's development cards, excommunications and leader cards (cards/lorenzo/exporter.py)."""
    from cards.lorenzo.exporter import lorenzo_document as build_lorenzo_document

    return build_lorenzo_document()


def aquarius_document():
    """Every Aquarius deck (cards/aquarius/data.py)."""
    from cards.aquarius.data import aquarius_document as build_aquarius_document

    return build_aquarius_document()


def valeria_document():
    from cards.valeria.api import valeria_document as build_valeria_document

    return build_valeria_document()


def progress_document():
    from cards.progress.api import progress_document as build_progress_document

    return build_progress_document()


GAME_DOCUMENTS = {CardGame.MACHI_KORO: machikoro_document, CardGame.LORENZO: lorenzo_document,
                  CardGame.AQUARIUS: aquarius_document, CardGame.VALERIA: valeria_document,
                  CardGame.PROGRESS: progress_document}


def export_document(game=None):
    """Every game's cards (or one game's), stamped with the format version and the export date."""
    slugs = [game] if game else list(CardGame.objects.values_list("slug", flat=True))
    games = {}
    for slug in slugs:
        build = GAME_DOCUMENTS.get(slug)
        if build is not None and CardGame.objects.filter(slug=slug).exists():
            games[slug] = build()
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": timezone.now().isoformat(),
        "games": games,
    }
