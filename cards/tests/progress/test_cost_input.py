"""POST /api/progress/cards/<slug>/cost/ refuses what it does not understand (issue 31): malformed fields were HTML
500s for anonymous callers, unknown fields were ignored, impossible situations were computed. Each is now the
documented JSON 400 with the field named; the view is throttled in the "calculator" scope."""
import pytest
from rest_framework.test import APIClient

from cards.progress.api import ProgressCostView
from cards.progress.cost_input import MAX_COUNT
from cards.progress.loading import load_progress

pytestmark = pytest.mark.django_db


@pytest.fixture
def technologies():
    return load_progress()


def cost(body, slug="medicine"):
    client = APIClient()
    client.raise_request_exception = False
    return client.post(f"/api/progress/cards/{slug}/cost/", body, format="json")


def fields_of(response):
    assert response.status_code == 400, response.content[:500]
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert error["code"] == "invalid" and error["message"]
    return error["fields"]


@pytest.mark.parametrize("body, field", [
    ({"tokens": 5}, "tokens"),
    ({"tokens": True}, "tokens"),
    ({"active": [["x"]]}, "active"),
    ({"active": [1, 2]}, "active"),
    ({"active": [None]}, "active"),
    ({"research": [{"slug": "burial"}]}, "research"),
    ({"tokens": [["science"]]}, "tokens"),
    ({"tokens": {"science": "1"}}, "tokens.science"),
    ({"discards": "2"}, "discards"),
    ({"discards": True}, "discards"),
])
def test_malformed_fields_are_a_json_400_naming_them(technologies, body, field):
    assert field in fields_of(cost(body))


@pytest.mark.parametrize("typo", ["tokenz", "discard", "actives"])
def test_unknown_fields_are_refused_not_ignored(technologies, typo):
    fields = fields_of(cost({"active": ["mathematics"], typo: 1}))
    assert list(fields) == [typo]
    assert fields[typo][0]["code"] == "unknown_field"
    assert "active, discards, research, tokens" in fields[typo][0]["message"]


@pytest.mark.parametrize("body, field, words", [
    ({"tokens": {"science": 10**30}}, "tokens.science", f"0 to {MAX_COUNT}"),
    ({"tokens": ["culture"] * (MAX_COUNT + 1)}, "tokens", f"At most {MAX_COUNT}"),
    ({"discards": 10**30}, "discards", f"0 to {MAX_COUNT}"),
    ({"discards": [1] * (MAX_COUNT + 1)}, "discards", f"0 to {MAX_COUNT}"),
    ({"active": ["mathematics", "mathematics", "mathematics"]}, "active", "listed twice"),
    ({"active": ["mathematics"], "research": ["burial", "mathematics"]}, "research", "also active"),
])
def test_impossible_situations_are_refused_with_the_field_named(technologies, body, field, words):
    fields = fields_of(cost(body))
    assert field in fields, fields
    assert words in " ".join(item["message"] for item in fields[field])


def test_a_situation_within_the_bounds_is_computed(technologies):
    response = cost({"active": ["mathematics"], "research": ["burial"], "tokens": ["science"] * MAX_COUNT,
                     "discards": MAX_COUNT})
    assert response.status_code == 200, response.content[:500]
    assert response.json()["covered"] is True


def test_the_calculator_is_throttled_in_its_scope():
    assert ProgressCostView.throttle_scope == "calculator"
