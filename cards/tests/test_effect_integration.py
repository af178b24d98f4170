"""The grammar wired into the database: admin, API and check_effects refuse invalid strings and explain valid ones."""
import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from cards.machikoro.models import Establishment, Landmark

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "effect, expected",
    [
        ("take c 1 form roller", "col 10: expected"),
        ("count own <cards where icon==spoon> c 3", "spoon"),
        ("if owner has Lighthouse c 3", "Lighthouse"),
        ("teleport c 3", "col 1"),
        ("c", "found end of effect"),
    ],
)
def test_api_refuses_invalid_effects_with_position(designer_api, official_cards, effect, expected):
    response = designer_api.patch("/api/establishments/cafe/", {"effect": effect}, format="json")
    assert response.status_code == 400
    message = response.json()["error"]["fields"]["effect"][0]["message"]
    assert expected in message
    assert Establishment.objects.get(slug="cafe").effect == "take c 1 from roller"


def test_api_serves_the_explanation(official_cards):
    card = APIClient().get("/api/establishments/cafe/").json()
    assert card["effect_explained"] == "When another player rolls 3, take 1 coin from them."
    landmark = APIClient().get("/api/landmarks/train-station/").json()
    assert landmark["effect_explained"] == "You may roll 1 or 2 dice."


def test_a_new_card_may_name_itself_and_existing_cards(designer_api, official_cards):
    response = designer_api.post(
        "/api/establishments/",
        {
            "slug": "olive-grove", "name": "Olive Grove", "extension": "base", "colour": "green", "icon": "wheat",
            "activation_min": 6, "activation_max": 7, "cost": 3,
            "effect": 'count own <cards where name=="Olive Grove" or name==Ranch> c 2',
        },  # fmt: skip
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert "Olive Grove" in response.json()["effect_explained"]


def test_admin_refuses_an_invalid_effect(designer, official_cards, client):
    client.force_login(designer)
    card = Establishment.objects.get(slug="mine")
    from cards.tests.test_admin import change_form_data

    response = client.post(f"/admin/cards/establishment/{card.pk}/change/", change_form_data(card, effect="c five"))
    assert response.status_code == 200
    assert "col 3: expected" in response.content.decode()
    assert Establishment.objects.get(slug="mine").effect == "c 5"


def test_check_effects_passes_on_official_cards_and_reports_a_broken_one(official_cards, capsys):
    call_command("check_effects")
    assert "All 48 effect strings are valid." in capsys.readouterr().out
    Landmark.objects.filter(slug="airport").update(effect="build.skip c ten")
    with pytest.raises(CommandError, match="1 of 48 effect strings are invalid"):
        call_command("check_effects")
    assert "landmark (monument) airport (harbor): 'build.skip c ten': col 14: expected a number" in capsys.readouterr().out
