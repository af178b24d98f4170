"""The card database as plain data: every game's cards in one document, the export endpoint's and export_cards'.

Each game's cards are its exporter's document (the registry's `exporter` part, cards/<game>/export.py), in the
format its loader reads back.
"""
from django.utils import timezone

from config.registry import game_of_card_game

from cards.models import CardGame

EXPORT_FORMAT = "card-database"
EXPORT_VERSION = 1


def export_document(game=None):
    """Every game's cards (or one game's), stamped with the format version and the export date."""
    slugs = [game] if game else list(CardGame.objects.values_list("slug", flat=True))
    games = {}
    for slug in slugs:
        declared = game_of_card_game(slug)
        build = declared.part("exporter") if declared is not None else None
        if build is not None and CardGame.objects.filter(slug=slug).exists():
            games[slug] = build()
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": timezone.now().isoformat(),
        "games": games,
    }
