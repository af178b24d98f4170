"""POST /api/lorenzo/score/ refuses what it does not understand and does bounded work (issue 31): unknown fields and
holdings the rules forbid are refused with the field named, cards are looked up in a fixed number of queries
however many are named, and anonymous callers are throttled ("calculator" scope)."""
import json
from contextlib import ExitStack
from unittest import mock

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.settings import api_settings
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from cards.lorenzo.api import LorenzoScoreView

pytestmark = pytest.mark.django_db

TERRITORIES = ["Commercial Hub", "Woods", "Village", "Gravel Pit", "Forest", "Monastery", "Citadel"]
BUILDINGS = ["Mint", "Tax Office", "Triumphal Arch", "Theater", "Carpenter's Shop", "Stonemason's Shop"]
CHARACTERS = ["Warlord", "Stonemason", "Dame", "Knight", "Farmer", "Artisan"]
VENTURES = ["Hiring Recruits", "Repairing the Church", "Building the Walls", "Raising a Statue", "Military Campaign",
            "Hosting Panhandlers"]
LEADERS = ["Francesco Sforza", "Ludovico Ariosto", "Filippo Brunelleschi", "Sigismondo Malatesta",
           "Girolamo Savonarola"]


def score(body):
    return APIClient().post("/api/lorenzo/score/", body, format="json")


def fields_of(response):
    assert response.status_code == 400, response.content[:500]
    error = response.json()["error"]
    assert error["code"] == "invalid" and error["message"]
    return error["fields"]


def test_a_misspelt_field_is_refused_not_ignored(official_cards):
    # It scored 35: victory_point was ignored, the 25 points silently lost.
    fields = fields_of(score({"faith_points": 15, "victory_point": 25}))
    assert list(fields) == ["victory_point"]
    assert fields["victory_point"][0]["code"] == "unknown_field"
    assert "victory_points" in fields["victory_point"][0]["message"]


@pytest.mark.parametrize("body, field, words", [
    ({"cards": {"territories": TERRITORIES}}, "cards.territories", "at most 6"),
    ({"cards": TERRITORIES}, "cards", "7 territory cards; a player holds at most 6"),
    ({"cards": {"territories": TERRITORIES[:4], "TERRITORYCARD": TERRITORIES[4:]}}, "cards", "at most 6"),
    ({"cards": ["Woods", "woods", "WOODS"]}, "cards", "named twice"),
    ({"cards": {"territories": ["woods", "Woods"]}}, "cards.territories", "named twice"),
    ({"cards": ["commercial-hub", "Commercial Hub"]}, "cards", "named twice"),
    ({"leaders": LEADERS}, "leaders", "5 leaders"),
    ({"leaders": ["francesco-sforza", "Francesco Sforza"]}, "leaders", "named twice"),
    ({"excommunications": ["malus-coins", "malus-servants", "malus-tower-green", "x"]}, "excommunications",
     "at most 3"),
    ({"faith_points": 10**30}, "faith_points", "At most 1000"),
    ({"coins": 10**30}, "coins", "At most 1000"),
    ({"victory_points": 5.0}, "victory_points", "A whole number"),
    ({"victory_points": "5"}, "victory_points", "A whole number"),
    ({"rivals_military_points": [1, 2, 3, 4]}, "rivals_military_points", "at most 4 players"),
    ({"rivals_military_points": [10**30]}, "rivals_military_points", "at most 1000"),
    ({"name": 5}, "name", "as text"),
])
def test_holdings_the_rules_forbid_are_refused_with_the_field_named(official_cards, body, field, words):
    fields = fields_of(score({"faith_points": 5, **body}))
    assert field in fields, fields
    assert words in " ".join(item["message"] for item in fields[field])


def test_a_full_board_is_scored(official_cards):
    body = {"faith_points": 5, "cards": {"territories": TERRITORIES[:6], "buildings": BUILDINGS,
                                         "characters": CHARACTERS, "ventures": VENTURES}, "leaders": LEADERS[:4]}
    response = score(body)
    assert response.status_code == 200, response.content[:500]
    lines = {line["key"]: line["points"] for line in response.json()["lines"]}
    assert lines["territories"] == 20 and lines["characters"] == 21


def queries_for(body):
    with CaptureQueriesContext(connection) as queries:
        response = score(body)
    assert response.status_code == 200, response.content[:500]
    return len(queries)


def test_cards_are_looked_up_in_a_fixed_number_of_queries(official_cards):
    # One query per name before (1,000 names took 3.7 s); now one per kind of card, and one for their effects.
    one = queries_for({"faith_points": 5, "cards": ["Woods"], "leaders": ["Francesco Sforza"],
                       "excommunications": ["malus-coins"]})
    many = queries_for({"faith_points": 5, "cards": TERRITORIES[:6] + BUILDINGS + CHARACTERS + VENTURES,
                        "leaders": LEADERS[:4], "excommunications": ["malus-coins", "malus-tower-green"]})
    assert many == one <= 5


@pytest.fixture
def calculator_rate():
    """A low calculator rate (the other scopes off), counted afresh, whatever throttle classes the site uses."""
    fresh = LocMemCache("calculator-throttle-test", {})
    with ExitStack() as stack:
        stack.enter_context(mock.patch.object(ScopedRateThrottle, "THROTTLE_RATES",
                                              {"calculator": "2/min", "anon": None, "user": None}))
        for throttle in {ScopedRateThrottle, *api_settings.DEFAULT_THROTTLE_CLASSES}:
            stack.enter_context(mock.patch.object(throttle, "cache", fresh))
        yield


def test_anonymous_calculations_are_throttled(official_cards, calculator_rate):
    assert LorenzoScoreView.throttle_scope == "calculator"
    answers = [score({"faith_points": 5}).status_code for _ in range(3)]
    assert answers == [200, 200, 429]
    refused = score({"faith_points": 5})
    assert refused["Content-Type"].startswith("application/json")
    assert json.loads(refused.content)["error"]["code"] == "throttled"
