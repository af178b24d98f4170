"""Fixtures for the Lorenzo card tests: the reference files and the cards imported from them."""
import copy
import json
from pathlib import Path

import pytest

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "lorenzo"
SEED_EXAMPLES = Path(__file__).resolve().parent / "seed000"
REFERENCE_FILES = ("cards.json", "excom_cards.json", "leader_cards.json")


def reference_text(name):
    return (DATA_DIR / name).read_text(encoding="utf-8")


def reference_cards(name):
    return json.loads(reference_text(name))


def card_named(cards, name):
    return copy.deepcopy(next(card for card in cards if card["name"] == name))


@pytest.fixture
def reference_files():
    """[(file name, text)] of the three reference files."""
    return [(name, reference_text(name)) for name in REFERENCE_FILES]


@pytest.fixture
def lorenzo_cards(db, reference_files):
    from cards.lorenzo.importer import import_files

    report = import_files(reference_files)
    assert report.written, report.errors
    return report
