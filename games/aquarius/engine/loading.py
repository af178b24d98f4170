"""The one place the engine reads a file: the First Edition deck shipped in cards/data/aquarius.json.

The simulator and tests use it; the live site freezes the deck from the card database instead and passes
the same list of card dicts to Deck.from_data.
"""
import json
from pathlib import Path

from games.aquarius.engine.cards import Deck

DECK_PATH = Path(__file__).resolve().parents[3] / "cards" / "data" / "aquarius.json"


def load_deck_data(path=DECK_PATH):
    """The official deck as {"slug", "name", "order", "cards"} (the first deck of the card file)."""
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)["decks"][0]


def load_deck(path=DECK_PATH):
    """The compiled First Edition deck."""
    return Deck.from_data(load_deck_data(path)["cards"])
