"""The Progress sample set in the database, the cost endpoint, the pages and the admin preview."""
import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from rest_framework.test import APIClient

from cards.progress.models import Technology, TechnologyCost
from cards.progress.loading import load_progress

pytestmark = pytest.mark.django_db


@pytest.fixture
def technologies():
    return load_progress()


def test_the_sample_set_is_loaded_labelled_and_idempotent(technologies):
    assert len(technologies.created) == 30
    assert {age: Technology.objects.filter(age=age).count() for age in (1, 2, 3)} == {1: 10, 2: 10, 3: 10}
    medicine = Technology.objects.get(slug="medicine")
    assert [str(p) for p in medicine.costs.all()] == ["3 Science (waived by Mathematics)",
                                                      "2 Culture (waived by Burial)"]
    assert "authored for this project" in medicine.extension.name
    assert TechnologyCost.objects.filter(technology__age=3, waived_by__age=2).exists()  # waivers chain over ages
    again = load_progress()
    assert again.created == [] and again.updated == [] and again.unchanged == 30


def test_a_waiver_must_be_an_earlier_technology(technologies):
    part = TechnologyCost(technology=Technology.objects.get(slug="mathematics"), position=2, knowledge="science",
                          amount=1, waived_by=Technology.objects.get(slug="medicine"))
    with pytest.raises(ValidationError, match="earlier age"):
        part.full_clean()


def cost(client, slug, body):
    return client.post(f"/api/progress/cards/{slug}/cost/", body, format="json")


def test_the_cost_endpoint_on_the_worked_example(technologies):
    response = cost(APIClient(), "medicine", {"active": ["mathematics"], "tokens": {"culture": 1}, "discards": 1})
    assert response.status_code == 200
    body = response.json()
    assert body["cost"]["culture"] == 2 and body["cost"]["science"] == 0 and body["cost"]["general"] == 2
    assert body["covered"] is True
    assert body["covering"]["tokens"]["culture"] == 1 and body["covering"]["discards"]["culture"] == 1
    assert body["shortfall"]["total"] == 0
    assert "3 Science is waived: the player owns Mathematics." in body["explained"]


def test_the_cost_endpoint_explains_in_french_when_asked_and_in_english_otherwise(technologies):
    body = {"active": ["mathematics"], "tokens": {"culture": 1}, "discards": 1}
    french = APIClient().post("/api/progress/cards/medicine/cost/?lang=fr", body, format="json").json()["explained"]
    assert "3 Science : offert, car le joueur possède Mathematics." in french
    assert "1 carte défaussée (joker) paie 1 Culture." in french
    english = cost(APIClient(HTTP_ACCEPT_LANGUAGE="en"), "medicine", body).json()["explained"]
    assert "1 discarded card (wild) pays 1 Culture." in english


def test_a_wrong_token_leaves_a_shortfall(technologies):
    body = cost(APIClient(), "medicine", {"research": ["mathematics"], "tokens": ["science", "science"]}).json()
    assert body["covered"] is False and body["shortfall"]["culture"] == 2
    assert body["covering"]["tokens_left"]["science"] == 2


@pytest.mark.parametrize("body, field, message", [
    ({"active": ["atlantis"]}, "active", "Unknown card 'atlantis'."),
    ({"research": ["mathematics", "nope"]}, "research", "Unknown card 'nope'."),
    ({"tokens": {"science": -1}}, "tokens.science", "A whole number from 0 to"),  # issue 31: the field named
    ({"discards": -3}, "discards", "A whole number from 0 to"),
    ({"tokens": {"gold": 1}}, "tokens.gold", "Unknown knowledge type"),
    ({"active": "mathematics"}, "active", "Give a list of card slugs."),
])
def test_the_cost_endpoint_refuses_bad_situations(technologies, body, field, message):
    response = cost(APIClient(), "medicine", body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert message in error["fields"][field][0]["message"]


def test_an_unknown_card_is_a_404(technologies):
    assert cost(APIClient(), "time-travel", {}).status_code == 404


def test_technologies_are_listed_by_the_api(technologies):
    body = APIClient().get("/api/progress/technologies/", {"age": 2, "search": "Medicine"}).json()
    assert [card["slug"] for card in body["results"]] == ["medicine"]
    assert body["results"][0]["costs"][1] == {"knowledge": "culture", "amount": 2, "waived_by": "burial"}


def test_the_site_pages_explain_the_result_in_words(technologies):
    page = Client().get("/cards/progress/").content.decode()
    assert "Sample set authored for this project" in page and "waived by owning Mathematics" in page
    page = Client().get("/cards/progress/cost/", {"card": "medicine", "research": ["burial"], "tokens_science": 1,
                                                  "tokens_engineering": 0, "tokens_culture": 0, "discards": 1})
    text = page.content.decode()
    assert "2 Culture is waived: the player owns Burial." in text
    assert "Not covered: 1 Science still missing" in text


def test_the_admin_preview(technologies, designer):
    browser = Client()
    browser.force_login(designer)
    page = browser.get("/admin/cards/technology/cost-preview/", {
        "card": "medicine", "active": ["mathematics", "burial"], "tokens_science": 0, "tokens_engineering": 0,
        "tokens_culture": 0, "discards": 0})
    assert page.status_code == 200
    assert "Medicine costs nothing (General knowledge 0)." in page.content.decode()
    change = browser.get(f"/admin/cards/technology/{Technology.objects.get(slug='medicine').pk}/change/")
    assert "cost-preview/?card=medicine" in change.content.decode()


def test_the_admin_duplicates_a_technology_with_its_cost_parts(technologies, designer):
    browser = Client()
    browser.force_login(designer)
    medicine = Technology.objects.get(slug="medicine")
    response = browser.post("/admin/cards/technology/", {"action": "duplicate_technologies",
                                                         "_selected_action": [medicine.pk]})
    assert response.status_code == 302
    copy = Technology.objects.get(slug="medicine-copy")
    assert copy.name == "Medicine (copy)"
    assert [str(p) for p in copy.costs.all()] == [str(p) for p in medicine.costs.all()]
