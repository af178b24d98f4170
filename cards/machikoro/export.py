"""The Machi Koro cards as one document, the shape of ``cards/data/machikoro.json`` (documented in docs/card-data.md),
so an export can be loaded into another site unchanged, and the rules engine builds its card set from it."""
from cards.models import CardGame, Extension

from cards.machikoro.carddata import (FORMAT, VERSION, colour_to_data, establishment_to_data, extension_to_data,
                                      icon_to_data, landmark_to_data)
from cards.machikoro.models import Colour, Establishment, IconType, Landmark


def document():
    game = CardGame.objects.get(slug=CardGame.MACHI_KORO)
    establishments = Establishment.objects.filter(extension__game=game).select_related("extension", "colour", "icon")
    landmarks = Landmark.objects.filter(extension__game=game).select_related("extension")
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": {"slug": game.slug, "name": game.name, "name_fr": game.name_fr},
        "extensions": [extension_to_data(e) for e in Extension.objects.filter(game=game)],
        "colours": [colour_to_data(c) for c in Colour.objects.filter(game=game)],
        "icons": [icon_to_data(i) for i in IconType.objects.filter(game=game)],
        "establishments": [establishment_to_data(c) for c in establishments.order_by("extension__order", "id")],
        "landmarks": [landmark_to_data(c) for c in landmarks.order_by("extension__order", "id")],
    }
