"""GET /api/changes/?since=N: what changed in the cards since a card data version, per game, paginated."""
from io import StringIO

import pytest
import schemathesis
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.core.wsgi import get_wsgi_application
from django.utils import translation
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from cards.caching import version_number
from cards.machikoro.models import Establishment
from cards.models.version import CardDataVersionReached

pytestmark = pytest.mark.django_db

NEW_CARD = {"slug": "sunflower-field", "name": "Sunflower Field", "extension": "base", "colour": "blue",
            "icon": "wheat", "activation_min": 3, "activation_max": 4, "cost": 2, "copies": 6, "effect": "c 2"}


def changes(client, **params):
    response = client.get("/api/changes/", params)
    assert response.status_code == 200, response.content.decode()[:2000]
    return response.json()


def bad_request(client, **params):
    response = client.get("/api/changes/", params)
    assert response.status_code == 400, response.content.decode()[:2000]
    error = response.json()["error"]
    assert error["code"] == "invalid" and error["message"]
    return error["fields"]


def test_a_card_edited_through_the_api_is_listed_with_old_and_new_values(client, designer_api, official_cards):
    since = version_number()
    assert designer_api.patch("/api/establishments/bakery/", {"cost": 3}, format="json").status_code == 200
    log = changes(client, since=since)
    assert log["since"] == since and log["version"] == version_number() > since and log["next"] is None
    assert list(log["games"]) == ["machi-koro"]
    machi_koro = log["games"]["machi-koro"]
    assert machi_koro["added"] == [] and machi_koro["removed"] == []
    [change] = machi_koro["changed"]
    assert (change["kind"], change["slug"], change["name"]) == ("establishment", "bakery", "Bakery")
    assert change["changes"] == [{"field": "cost", "old": 1, "new": 3}]
    assert since < change["version"] <= log["version"] and change["date"]


def test_added_and_removed_cards_and_each_change_names_its_version(client, designer_api, official_cards):
    since = version_number()
    assert designer_api.post("/api/establishments/", NEW_CARD, format="json").status_code == 201
    added_at = version_number()
    assert designer_api.delete("/api/establishments/tuna-boat/").status_code == 204
    machi_koro = changes(client, since=since)["games"]["machi-koro"]
    assert [(card["slug"], card["version"]) for card in machi_koro["added"]] == [("sunflower-field", added_at)]
    assert [card["slug"] for card in machi_koro["removed"]] == ["tuna-boat"]
    assert machi_koro["removed"][0]["version"] > added_at
    later = changes(client, since=added_at)["games"]["machi-koro"]  # only what came after the add
    assert later["added"] == [] and [card["slug"] for card in later["removed"]] == ["tuna-boat"]


def test_nothing_changed_since_the_current_version(client, official_cards):
    log = changes(client, since=version_number())
    assert log["games"] == {} and log["next"] is None and log["until"] == log["version"] == version_number()


def test_the_game_filter_keeps_one_games_changes(client, designer_api, official_cards):
    since = version_number()
    designer_api.patch("/api/establishments/bakery/", {"cost": 3}, format="json")
    card = designer_api.get("/api/aquarius-cards/").json()["results"][0]
    assert designer_api.patch(f"/api/aquarius-cards/{card['id']}/", {"name": "Renamed"},
                              format="json").status_code == 200
    assert set(changes(client, since=since)["games"]) == {"machi-koro", "aquarius"}
    assert set(changes(client, since=since, game="aquarius")["games"]) == {"aquarius"}
    assert bad_request(client, since=since, game="chess")["game"][0]["code"] == "invalid_choice"


def test_a_long_changelog_comes_in_pages_that_add_up(client, designer_api, official_cards):
    since = version_number()
    for cost in (3, 4, 5):
        designer_api.patch("/api/establishments/bakery/", {"cost": cost}, format="json")
    whole = changes(client, since=since)["games"]["machi-koro"]["changed"]
    assert [c["changes"][0]["new"] for c in whole] == [3, 4, 5]
    pages, url = [], f"/api/changes/?since={since}&page_size=2"
    while url:
        page = client.get(url).json()
        pages.append(page)
        url = page["next"]
    assert len(pages) == 2 and pages[0]["until"] < pages[1]["until"] == version_number()
    assert [c for page in pages for c in page["games"]["machi-koro"]["changed"]] == whole
    assert bad_request(client, since=since, cursor="not-a-cursor")["cursor"][0]["code"] == "invalid"


def test_a_huge_history_is_served_a_bounded_page_at_a_time(client, official_cards, django_assert_max_num_queries):
    with django_assert_max_num_queries(60):  # a query or two per card table, whatever the history's length
        log = changes(client, since=0, page_size=50)  # since the migration: the whole official load
    entries = [entry for game in log["games"].values() for kind in game.values() for entry in kind]
    assert len(entries) == 50 and log["next"] and log["until"] < log["version"]
    assert all(entry["version"] <= log["until"] for entry in entries)


@pytest.mark.parametrize("since, code", [("", "required"), ("abc", "invalid"), ("1.5", "invalid"),
                                          ("-1", "min_value"), ("99999999", "since_in_future")])
def test_a_bad_since_is_a_400_in_the_error_shape(client, official_cards, since, code):
    fields = bad_request(client, since=since)
    assert fields["since"][0]["code"] == code and fields["since"][0]["message"]


def test_a_version_older_than_the_record_is_refused_naming_the_oldest(client, official_cards):
    oldest = CardDataVersionReached.objects.order_by("number").first()
    oldest.delete()
    [error] = bad_request(client, since=oldest.number)["since"]
    assert error["code"] == "since_too_old" and error["oldest"] > oldest.number


def test_the_refusal_is_worded_in_the_language_asked_for(client, official_cards):
    response = client.get("/api/changes/", {"since": "abc", "lang": "fr"})
    assert response.status_code == 400 and response["Content-Language"] == "fr"
    with translation.override("fr"):  # the cards catalogue's French (tests/test_i18n_catalogue.py: it has them all)
        expected = translation.gettext("A card data version is a whole number.")
    assert response.json()["error"]["fields"]["since"][0]["message"] == expected


def test_an_unchanged_reimport_adds_no_entry(client, official_cards):
    call_command("load_cards", stdout=StringIO())  # the games loaded apart (Valeria, Progress) first
    since, versions = version_number(), CardDataVersionReached.objects.count()
    call_command("load_cards", stdout=StringIO())
    assert version_number() == since and CardDataVersionReached.objects.count() == versions
    assert changes(client, since=since)["games"] == {}


def test_an_unchanged_answer_is_not_modified(client, designer_api, official_cards):
    first = client.get("/api/changes/", {"since": 0})
    assert first.status_code == 200 and first["ETag"]
    assert client.get("/api/changes/", {"since": 0}, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    designer_api.patch("/api/establishments/bakery/", {"cost": 3}, format="json")
    assert client.get("/api/changes/", {"since": 0}, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_every_version_reached_is_recorded_in_the_writing_transaction(designer_api, official_cards):
    before = version_number()
    designer_api.patch("/api/establishments/bakery/", {"cost": 3}, format="json")
    after = version_number()
    assert after > before and CardDataVersionReached.objects.filter(number=after).exists()
    assert designer_api.delete("/api/establishments/wheat-field/").status_code == 409  # refused: rolled back
    assert version_number() == after and not CardDataVersionReached.objects.filter(number__gt=after).exists()


# ---- the schema ------------------------------------------------------------------------------------------------

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())


def test_the_schema_documents_the_changelog_and_its_errors():
    operation = schema.raw_schema["paths"]["/api/changes/"]["get"]
    assert {"200", "304", "400", "404", "429"} <= set(operation["responses"])
    assert {p["name"] for p in operation["parameters"]} >= {"since", "game", "page_size", "cursor"}
    assert operation["responses"]["400"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Error"}


@pytest.fixture
def same_connection_for_every_request():
    """Schemathesis calls the WSGI app, whose request signals would close the test's connection (inside the test's
    transaction) after each request on PostgreSQL: keep it, as Django's test client does."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.include(path="/api/changes/").parametrize()
@settings(max_examples=25, deadline=None, derandomize=True, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_the_changelog_answers_what_its_schema_says(case, official_cards, same_connection_for_every_request):
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error, status_code_conformance,
                                             response_schema_conformance])
