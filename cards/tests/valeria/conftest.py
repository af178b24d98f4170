import pytest


@pytest.fixture
def valeria_cards(db):
    from cards.valeria.loading import load_valeria

    return load_valeria()
