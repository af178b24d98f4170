"""The one place the engine reads a file: the card data shipped in cards/data/machikoro.json.

The simulator and tests load the official cards here; the live site builds the same dict from the
database instead and passes it to CardSet.from_data.
"""

import json
from pathlib import Path

from games.machikoro.engine.cardset import CardSet

CARD_DATA_PATH = Path(__file__).resolve().parents[3] / "cards" / "data" / "machikoro.json"


def load_card_data(path=CARD_DATA_PATH):
    """The card-data document (cards/data/machikoro.json format) as a dict."""
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def load_card_set(extensions=None, path=CARD_DATA_PATH):
    """The official Machi Koro card set from the card-data file, restricted to `extensions`."""
    return CardSet.from_data(load_card_data(path), extensions)
