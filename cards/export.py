"""The card database as plain data: every game's cards in one document, the export endpoint's and export_cards'.

Each game's cards are its exporter's document (the registry's `exporter` part, cards/<game>/export.py), in the
format its loader reads back.
"""
from django.utils import timezone

from config.registry import game_of_card_game

from cards.caching import version_number
from cards.models import CardGame

EXPORT_FORMAT = "card-database"
EXPORT_VERSION = 1


def stamped(document):
    """An exported document with the card data version it shows and the export date (a list, a seed file's shape,
    has nowhere to carry them and is left as it is)."""
    if not isinstance(document, dict):
        return document
    return {**document, "card_data_version": version_number(), "exported_at": timezone.now().isoformat()}


def export_document(game=None):
    """Every game's cards (or one game's), stamped with the format version, the card data version and the export
    date; each game's document is stamped too, so it says the same once saved apart."""
    slugs = [game] if game else list(CardGame.objects.values_list("slug", flat=True))
    games = {}
    for slug in slugs:
        declared = game_of_card_game(slug)
        build = declared.part("exporter") if declared is not None else None
        if build is not None and CardGame.objects.filter(slug=slug).exists():
            games[slug] = stamped(build())
    return stamped({"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "games": games})
