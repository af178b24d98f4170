"""Read-side queries for the Machi Koro card pages."""
from cards.models import CardGame, Extension

from cards.machikoro.models import Establishment, Landmark


def cards_by_extension():
    """[(extension, establishments, landmarks)] in display order."""
    extensions = Extension.objects.filter(game__slug=CardGame.MACHI_KORO).order_by("order")
    establishments = Establishment.objects.select_related("colour", "icon", "extension").order_by(
        "activation_min", "activation_max", "name"
    )
    landmarks = Landmark.objects.select_related("extension").order_by("cost", "name")
    grouped = []
    for extension in extensions:
        grouped.append(
            (
                extension,
                [c for c in establishments if c.extension_id == extension.id],
                [c for c in landmarks if c.extension_id == extension.id],
            )
        )
    return grouped
