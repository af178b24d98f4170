"""Each reproduction of issue 11 against the REST API: a clear client error in the JSON error shape, nothing changed."""
import base64
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from cards.json_safety import MAX_DEPTH
from cards.models import Extension
from cards.machikoro.models import Colour, Establishment, IconType

from cards.tests.snapshot import card_tables_snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def anonymous():
    return Client(raise_request_exception=False)


@pytest.fixture
def designer_http(designer):
    browser = Client(raise_request_exception=False)
    browser.force_login(designer)
    return browser


def error_of(response, status):
    assert response.status_code == status, response.content[:500]
    assert response["Content-Type"].startswith("application/json")
    return response.json()["error"]


def basic(username, password="pw"):
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


@pytest.mark.parametrize("method, url", [("get", "/api/establishments/"), ("post", "/api/colours/"),
                                         ("get", "/api/export/"), ("post", "/api/import/")])
def test_nul_byte_in_basic_username_is_refused_credentials(anonymous, official_cards, method, url):
    before = card_tables_snapshot()
    response = getattr(anonymous, method)(url, HTTP_AUTHORIZATION=basic("dana\x00admin"))
    error = error_of(response, 401)
    assert error["code"] == "authentication_failed"
    assert response["WWW-Authenticate"].startswith("Basic")
    assert card_tables_snapshot() == before


def test_basic_authentication_still_signs_a_designer_in(anonymous, designer, official_cards):
    response = anonymous.patch("/api/establishments/mine/", json.dumps({"cost": 7}), content_type="application/json",
                               HTTP_AUTHORIZATION=basic("dana", "pw-designer-1"))
    assert response.status_code == 200 and Establishment.objects.get(slug="mine").cost == 7


def test_unauthenticated_write_answers_401_and_a_reader_403(anonymous, player, official_cards):
    before = card_tables_snapshot()
    response = anonymous.post("/api/colours/", {}, content_type="application/json")
    assert error_of(response, 401)["code"] == "not_authenticated"
    assert response["WWW-Authenticate"] == 'Basic realm="api"'
    anonymous.force_login(player)
    assert error_of(anonymous.delete("/api/establishments/mine/"), 403)["code"] == "permission_denied"
    assert card_tables_snapshot() == before


def nested(depth):
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("body", [nested(100_000), nested(MAX_DEPTH + 1), '{"a":' * 5000 + "1" + "}" * 5000])
@pytest.mark.parametrize("method, url", [("post", "/api/establishments/"), ("patch", "/api/establishments/mine/"),
                                         ("post", "/api/import/")])
def test_deeply_nested_json_is_a_client_error(designer_http, official_cards, body, method, url):
    before = card_tables_snapshot()
    response = getattr(designer_http, method)(url, body, content_type="application/json")
    error = error_of(response, 400)
    assert "nested more than" in json.dumps(error)
    assert card_tables_snapshot() == before


def test_json_nested_within_the_limit_is_read(designer_http, official_cards):
    response = designer_http.post("/api/establishments/", nested(MAX_DEPTH), content_type="application/json")
    assert error_of(response, 400)["code"] != "parse_error"  # parsed, then refused as not a card


def machikoro_export(client):
    return json.loads(client.get("/api/export/machi-koro/").content)


@pytest.mark.parametrize("dry_run", ["", "?dry_run=true"])
def test_lone_surrogates_sent_to_import_are_refused(designer_http, official_cards, dry_run):
    before = card_tables_snapshot()
    document = machikoro_export(designer_http)
    document["establishments"][0]["name"] = "Wheat \ud800 Field"
    document["landmarks"][0]["description"] = "\udfff"
    # json.dumps writes the surrogates as \ud800 escapes, as a hostile client would.
    response = designer_http.post("/api/import/" + dry_run, json.dumps(document), content_type="application/json")
    error = error_of(response, 400)
    assert error["code"] == "invalid_cards"
    assert "a lone surrogate U+D800" in json.dumps(error["fields"]) or "U+DFFF" in json.dumps(error["fields"])
    leaders = json.load(open("cards/data/lorenzo/leader_cards.json", encoding="utf-8"))
    leaders[0]["name"] = "x\udbff"
    upload = SimpleUploadedFile("leaders.json", json.dumps(leaders).encode(), content_type="application/json")
    response = designer_http.post("/api/import/" + dry_run, {"files": [upload]})
    assert "lone surrogate U+DBFF" in json.dumps(error_of(response, 400)["fields"])
    assert card_tables_snapshot() == before


def test_lone_surrogate_in_a_card_field_is_refused(designer_http, official_cards):
    before = card_tables_snapshot()
    response = designer_http.patch("/api/establishments/mine/", '{"description": "bad \\udc00 text"}',
                                   content_type="application/json")
    assert "lone surrogate" in error_of(response, 400)["message"]
    assert card_tables_snapshot() == before


@pytest.mark.parametrize("body, content_type", [
    ('{"description": "nul \\u0000 here"}', "application/json"),
    ('{"aliases": ["a\\u0000b"]}', "application/json"),
    ("description=nul%00here", "application/x-www-form-urlencoded"),
    ("icon=cup%00&name=x", "application/x-www-form-urlencoded"),
])
def test_a_nul_character_in_a_body_is_a_clear_400_on_every_database(designer_http, official_cards, body,
                                                                     content_type):
    """PostgreSQL text cannot hold NUL: one that reached a slug lookup or a save was a 500 there (a fuzz run found
    it in a form's icon field and in a Lorenzo score's card list). Refused by the parsers, whatever the view."""
    before = card_tables_snapshot()
    response = designer_http.patch("/api/establishments/mine/", body, content_type=content_type)
    error = error_of(response, 400)
    assert error["code"] == "parse_error" and "NUL" in error["message"]
    assert card_tables_snapshot() == before


def test_invalid_utf8_body_is_a_parse_error(designer_http, official_cards):
    response = designer_http.post("/api/colours/", b'{"name": "\xff\xfe"}', content_type="application/json")
    assert error_of(response, 400)["code"] == "parse_error"


@pytest.mark.parametrize("model, slug, url, used_by", [
    (Colour, "red", "/api/colours/{}/", "Café"),
    (IconType, "boat", "/api/icon-types/{}/", "Tuna Boat"),
    (Extension, "harbor", "/api/extensions/{}/", "Airport"),
])
def test_deleting_what_cards_still_use_is_a_conflict_naming_them(designer_http, official_cards, model, slug, url,
                                                                 used_by):
    target = model.objects.get(game__slug="machi-koro", slug=slug)
    before = card_tables_snapshot()
    error = error_of(designer_http.delete(url.format(target.pk)), 409)
    assert error["code"] == "in_use"
    assert used_by in error["message"] and used_by in error["used_by"]
    assert "cannot be deleted" in error["message"]
    assert card_tables_snapshot() == before


def test_deleting_an_unused_colour_still_works(designer_http, official_cards):
    colour = Colour.objects.create(game=Colour.objects.first().game, slug="grey", name="Grey", activation_order=9,
                                   activated_by="owner")
    assert designer_http.delete(f"/api/colours/{colour.pk}/").status_code == 204
    assert not Colour.objects.filter(slug="grey").exists()


def test_admin_explains_why_a_used_colour_cannot_be_deleted(designer_http, official_cards):
    colour = Colour.objects.get(game__slug="machi-koro", slug="red")
    url = f"/admin/cards/colour/{colour.pk}/delete/"
    page = designer_http.get(url).content.decode()
    assert "would require deleting the following protected related objects" in page and "Café" in page
    designer_http.post(url, {"post": "yes"})
    assert Colour.objects.filter(pk=colour.pk).exists()
    changelist = designer_http.post("/admin/cards/colour/", {"action": "delete_selected",
                                                             "_selected_action": [colour.pk], "post": "yes"})
    assert "Café" in changelist.content.decode() and Colour.objects.filter(pk=colour.pk).exists()


FIVE_MB = b'{"format": "machi-koro-cards", "padding": "' + b"x" * 5_000_000 + b'"}'


def test_five_megabyte_import_answers_in_the_json_error_format(designer_http, official_cards):
    before = card_tables_snapshot()
    error = error_of(designer_http.post("/api/import/", FIVE_MB, content_type="application/json"), 413)
    assert error["code"] == "too_large" and "2,621,440 bytes" in error["message"]
    upload = SimpleUploadedFile("big.json", FIVE_MB, content_type="application/json")
    assert error_of(designer_http.post("/api/import/", {"files": [upload]}), 413)["code"] == "too_large"
    assert card_tables_snapshot() == before


def test_five_megabyte_card_body_answers_in_the_json_error_format(designer_http, official_cards):
    error = error_of(designer_http.post("/api/establishments/", FIVE_MB, content_type="application/json"), 413)
    assert error["code"] == "too_large"


def test_an_unknown_game_in_the_export_is_a_not_found_error_naming_it(anonymous, official_cards):
    response = anonymous.get("/api/export/", {"game": "\xff-nothing"})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert "No game with slug" in response.json()["error"]["message"]
