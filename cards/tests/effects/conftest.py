import json
from pathlib import Path

import pytest

from cards.effects import EffectContext

CARD_DATA = Path(__file__).resolve().parents[2] / "data" / "machikoro.json"
VALERIA_TABLES = Path(__file__).resolve().parent / "data" / "valeria"


@pytest.fixture(scope="session")
def card_data():
    return json.loads(CARD_DATA.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def context(card_data):
    return EffectContext.from_card_data(card_data)
