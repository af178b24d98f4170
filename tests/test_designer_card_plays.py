"""A card a designer adds through the API plays in the engine with no code change."""
import pytest
from rest_framework.test import APIClient

from cards.machikoro.export import document as machikoro_document
from games.machikoro.engine import CardSet, GameOptions, new_game
from games.machikoro.engine import actions as A
from games.tests.machikoro.helpers import arrange, force_dice, play

pytestmark = pytest.mark.django_db


def test_designer_card_created_through_the_api_is_played(designer, official_cards):
    api = APIClient()
    api.force_authenticate(designer)
    response = api.post(
        "/api/establishments/",
        {
            "slug": "dairy-cooperative", "name": "Dairy Cooperative", "extension": "base", "colour": "green",
            "icon": "factory", "activation_min": 4, "activation_max": 5, "cost": 4, "copies": 6,
            "effect": "count own <cards where icon==cow or icon==wheat> c 2",
        },  # fmt: skip
        format="json",
    )
    assert response.status_code == 201, response.json()

    card_set = CardSet.from_data(machikoro_document())
    state = new_game(card_set, GameOptions(extensions=("base",)), seed=7, players=2)
    state.active = 0
    arrange(state, 0, coins=0, cards={"dairy-cooperative": 2, "ranch": 1, "wheat-field": 2})
    arrange(state, 1, coins=0, cards={"ranch": 3})
    force_dice(state, (4,))
    state, events = play(state, A.Roll(1))
    # Two copies, each paying 2 per cow or wheat card owned (3): 12 coins from the bank.
    paid = [(e.payee, e.amount, e.card.slug) for e in events if e.type == "transfer"]
    assert paid == [(0, 6, "dairy-cooperative"), (0, 6, "dairy-cooperative")] or paid == [(0, 12, "dairy-cooperative")]
    assert state.players[0].coins == 12 and state.players[1].coins == 0
