"""Hostile input at the REST API, anonymously and as a designer: never a 5xx, always the JSON error shape, and a
refused request changes nothing (a body that happens to be a valid edit may succeed). Bounded (hypothesis, fixed seed) so it runs in well under a minute."""
import base64
import json

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.tests.snapshot import card_tables_snapshot

pytestmark = pytest.mark.django_db

FUZZ = settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))

WRITES = [
    ("post", "/api/establishments/"), ("patch", "/api/establishments/mine/"), ("put", "/api/landmarks/city-hall/"),
    ("post", "/api/colours/"), ("patch", "/api/extensions/1/"), ("post", "/api/icon-types/"),
    ("post", "/api/excommunications/"), ("post", "/api/import/"), ("post", "/api/import/?dry_run=true"),
    ("post", "/api/games/1/stats/"),
]
READS = ["/api/establishments/", "/api/landmarks/", "/api/export/", "/api/establishments/mine/history/",
         "/api/development-cards/", "/api/card-games/"]

# Text that is hard to store or send back: lone surrogates (as JSON escapes), NUL, controls, odd planes.
nasty_text = st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=40) | st.sampled_from(
    ["\ud800", "a\udfffb", "\x00", "\u202e", "\ufeff", "𝔘𝔫𝔦", "x" * 600, "💥" * 50])
json_scalars = st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70) | \
    st.floats(allow_nan=False) | nasty_text
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4) |
                           st.dictionaries(nasty_text, inner, max_size=4), max_leaves=20)


def deep(depth, kind):
    return ("[" * depth + "]" * depth) if kind == "list" else ('{"a":' * depth + "0" + "}" * depth)


def card_like(values):
    """A body shaped like a card, so the serializers (not only the parser) see the hostile values."""
    keys = ["slug", "name", "effect", "extension", "colour", "icon", "cost", "activation_min", "activation_max",
            "aliases", "game", "activated_by", "activation_order", "format", "establishments", "files"]
    return st.fixed_dictionaries({}, optional={key: values for key in keys})


bodies = st.one_of(
    json_values.map(lambda v: json.dumps(v).encode()),          # escapes keep lone surrogates in the JSON
    card_like(json_values).map(lambda v: json.dumps(v).encode()),
    st.builds(deep, st.integers(min_value=50, max_value=30_000), st.sampled_from(["list", "dict"])).map(str.encode),
    st.binary(max_size=300),                                   # not UTF-8, not JSON
    st.sampled_from([b'{"name": "\xed\xa0\x80"}', b"\xff\xfe{}", b'{"a": NaN}', b'{"a": Infinity}', b"", b"{",
                     b'{"cost": 1e999}', b'"' + b"a" * 3_000_000 + b'"']),
)
content_types = st.sampled_from(["application/json", "application/json; charset=latin-1", "text/plain",
                                 "application/x-www-form-urlencoded", "application/json; charset=nope"])
basic_credentials = st.tuples(nasty_text, nasty_text).map(
    lambda pair: "Basic " + base64.b64encode(f"{pair[0]}:{pair[1]}".encode("utf-8", "surrogatepass")).decode())


@pytest.fixture
def clients(official_cards, designer):
    anonymous = Client(raise_request_exception=False)
    signed_in = Client(raise_request_exception=False)
    signed_in.force_login(designer)
    return {"anonymous": anonymous, "designer": signed_in}


def assert_client_error(response):
    assert response.status_code < 500, response.content[:300]
    if response.status_code >= 400:
        assert response["Content-Type"].startswith("application/json"), response.content[:200]
        assert set(response.json()["error"]) >= {"code", "message"}


@FUZZ
@given(who=st.sampled_from(["anonymous", "designer"]), target=st.sampled_from(WRITES), body=bodies,
       content_type=content_types)
def test_hostile_bodies_change_nothing(clients, who, target, body, content_type):
    before = card_tables_snapshot()
    method, url = target
    response = clients[who].generic(method.upper(), url, body, content_type=content_type)
    assert_client_error(response)
    if response.status_code >= 400:
        assert card_tables_snapshot() == before


@FUZZ
@given(path=st.sampled_from(READS), query=st.dictionaries(st.sampled_from(
    ["search", "ordering", "page", "page_size", "cost", "activation", "colour", "major", "game", "period",
     "effect", "format"]), nasty_text, max_size=3), authorization=basic_credentials | st.just(None))
def test_hostile_queries_and_credentials_are_client_errors(clients, path, query, authorization):
    before = card_tables_snapshot()
    extra = {"HTTP_AUTHORIZATION": authorization} if authorization else {}
    # The test client cannot encode lone surrogates into a URL; a real client would send broken UTF-8 instead.
    query = {key: value.encode("utf-8", "surrogatepass").decode("utf-8", "replace") for key, value in query.items()}
    response = clients["anonymous"].get(path, query, **extra)
    assert_client_error(response)
    assert card_tables_snapshot() == before


@FUZZ
@given(segment=nasty_text.filter(lambda s: "/" not in s and "?" not in s and "#" not in s))
def test_hostile_paths_are_json_404s(clients, segment):
    from urllib.parse import quote

    path = "/api/establishments/" + quote(segment.encode("utf-8", "surrogatepass"), safe="") + "/history/"
    assert_client_error(clients["designer"].delete(path))
    assert_client_error(clients["anonymous"].get("/api/" + quote(segment.encode("utf-8", "surrogatepass"))))


# The calculators (issue 31): any JSON body, shaped like theirs or not, is answered 200 or the documented 400.
SCORE_FIELDS = ["name", "victory_points", "military_points", "faith_points", "coins", "wood", "stone", "servants",
                "cards", "excommunications", "leaders", "rivals_military_points", "victory_point", "card"]
COST_FIELDS = ["active", "research", "tokens", "discards", "tokenz", "discard", "actives"]
card_names = st.sampled_from(["Woods", "woods", "forest", "Farmer", "Mint", "Sisto IV", "malus-coins", "mathematics",
                              "burial", "science", "culture", "Atlantis"])
calculator_values = st.recursive(json_scalars | card_names | st.integers(min_value=0, max_value=1100),
                                 lambda inner: st.lists(inner, max_size=8) |
                                 st.dictionaries(card_names | nasty_text, inner, max_size=4), max_leaves=24)
CALCULATORS = [("/api/lorenzo/score/", SCORE_FIELDS), ("/api/progress/cards/medicine/cost/", COST_FIELDS)]


def calculator_body(fields):
    return st.fixed_dictionaries({}, optional={field: calculator_values for field in fields}) | json_values


@pytest.fixture
def unthrottled():
    """Each example is a request: the API's throttles would answer 429 long before the examples run out."""
    from unittest import mock

    from rest_framework.throttling import SimpleRateThrottle

    with mock.patch.object(SimpleRateThrottle, "THROTTLE_RATES", {"anon": None, "user": None, "calculator": None}):
        yield


@pytest.fixture
def calculators(clients, unthrottled):
    from cards.progress.loading import load_progress

    load_progress()
    return clients["anonymous"]


@settings(FUZZ, max_examples=150)
@given(data=st.data(), calculator=st.sampled_from(CALCULATORS))
def test_calculators_answer_any_json_body_with_a_result_or_the_documented_400(calculators, data, calculator):
    path, fields = calculator
    body = data.draw(calculator_body(fields))
    response = calculators.post(path, json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 400), response.content[:300]
    if response.status_code == 400:
        error = response.json()["error"]
        assert error["code"] in ("invalid", "parse_error") and error["message"]  # parse_error: text JSON cannot hold
        assert all(isinstance(entries, list) and all(set(entry) == {"code", "message"} for entry in entries)
                   for entries in error.get("fields", {}).values()), error
