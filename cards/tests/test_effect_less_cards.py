"""A card the database accepts is a card the rules engine plays: every card needs an effect the engine can play.

The rule (docs/designers.md) holds alike in the model, the admin, the API and the JSON loader and import.
"""
import copy
import json

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from cards.loading import CardDataError, read_json
from cards.machikoro.loading import load_machikoro, MACHIKORO_FILE
from cards.models import Extension
from cards.machikoro.models import Establishment, Landmark

from cards.tests.snapshot import card_tables_snapshot
from cards.tests.test_admin import change_form_data

pytestmark = pytest.mark.django_db

EMPTY = ("", "needs an effect")
NO_PHASE_LANDMARK = ("c 1", "needs a phase")
LANDMARK_PHASE_ON_ESTABLISHMENT = ("roll.dice 2", "cannot use the phase")

NEW_ESTABLISHMENT = {"slug": "quiet-field", "name": "Quiet Field", "extension": "base", "colour": "blue",
                     "icon": "wheat", "activation_min": 3, "activation_max": 3, "cost": 1}
NEW_LANDMARK = {"slug": "statue", "name": "Statue", "extension": "base", "cost": 5}


@pytest.mark.parametrize("effect, words", [EMPTY, LANDMARK_PHASE_ON_ESTABLISHMENT])
def test_model_refuses_an_establishment_the_engine_cannot_play(official_cards, effect, words):
    card = Establishment.objects.get(slug="mine")
    card.effect = effect
    with pytest.raises(ValidationError) as caught:
        card.full_clean()
    assert words in " ".join(caught.value.message_dict["effect"])


@pytest.mark.parametrize("effect, words", [EMPTY, NO_PHASE_LANDMARK])
def test_model_refuses_a_landmark_the_engine_cannot_play(official_cards, effect, words):
    card = Landmark.objects.get(slug="train-station")
    card.effect = effect
    with pytest.raises(ValidationError) as caught:
        card.full_clean()
    message = " ".join(caught.value.message_dict["effect"])
    assert words in message and (not effect or "Train Station" in message)


def test_playable_cards_still_pass_and_may_refer_to_themselves(official_cards):
    card = Establishment(extension=Extension.objects.get(game__slug="machi-koro", slug="base"),
                         colour_id=Establishment.objects.get(slug="cafe").colour_id,
                         icon_id=Establishment.objects.get(slug="ranch").icon_id, slug="herd", name="Herd",
                         activation_min=2, activation_max=2, cost=1, effect='count own <cards where name=="Herd"> c 1')
    card.full_clean()
    for card in [*Establishment.objects.all(), *Landmark.objects.all()]:
        card.full_clean()  # every official card is playable


@pytest.mark.parametrize("path, data, effect, words", [
    ("/api/establishments/", NEW_ESTABLISHMENT, *EMPTY),
    ("/api/establishments/", NEW_ESTABLISHMENT, *LANDMARK_PHASE_ON_ESTABLISHMENT),
    ("/api/landmarks/", NEW_LANDMARK, *EMPTY),
    ("/api/landmarks/", NEW_LANDMARK, *NO_PHASE_LANDMARK),
])
def test_api_refuses_to_create_an_unplayable_card(designer_api, official_cards, path, data, effect, words):
    before = card_tables_snapshot()
    response = designer_api.post(path, {**data, "effect": effect}, format="json")
    assert response.status_code == 400, response.json()
    assert words in json.dumps(response.json()["error"]["fields"]["effect"])
    missing = designer_api.post(path, data, format="json")  # no effect at all
    assert missing.status_code == 400 and "effect" in missing.json()["error"]["fields"]
    assert card_tables_snapshot() == before


def test_api_refuses_to_empty_an_effect(designer_api, official_cards):
    response = designer_api.patch("/api/landmarks/city-hall/", {"effect": ""}, format="json")
    assert response.status_code == 400 and "effect" in response.json()["error"]["fields"]
    assert Landmark.objects.get(slug="city-hall").effect


def test_admin_refuses_an_effect_less_card(designer, official_cards):
    browser = Client()
    browser.force_login(designer)
    card = Establishment.objects.get(slug="mine")
    response = browser.post(f"/admin/cards/establishment/{card.pk}/change/", change_form_data(card, effect=""))
    assert response.status_code == 200 and "needs an effect" in response.content.decode()
    response = browser.post(f"/admin/cards/establishment/{card.pk}/change/",
                            change_form_data(card, effect="roll.dice 2"))
    assert response.status_code == 200 and "cannot use the phase" in response.content.decode()
    assert Establishment.objects.get(slug="mine").effect == card.effect


@pytest.mark.parametrize("kind, index, effect", [("establishments", 0, ""), ("landmarks", 0, "c 1")])
def test_loader_refuses_an_unplayable_card_and_loads_nothing(db, kind, index, effect):
    document = copy.deepcopy(read_json(MACHIKORO_FILE))
    document[kind][index]["effect"] = effect
    with pytest.raises(CardDataError):
        load_machikoro(document)
    assert not Establishment.objects.exists() and not Landmark.objects.exists()
    del document[kind][index]["effect"]
    with pytest.raises(CardDataError, match="effect"):
        load_machikoro(document)


def test_import_refuses_an_unplayable_card(designer_api, official_cards):
    before = card_tables_snapshot()
    document = designer_api.get("/api/export/machi-koro/").json()
    document["landmarks"][1]["effect"] = "c 1"
    response = designer_api.post("/api/import/", document, format="json")
    assert response.status_code == 400
    assert "needs a phase" in json.dumps(response.json()["error"])
    assert card_tables_snapshot() == before
