import json

import pytest
from rest_framework.test import APIClient

from cards.lorenzo.models import Excommunication
from cards.machikoro.models import Establishment

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return APIClient()


NEW_CARD = {
    "slug": "sunflower-field",
    "name": "Sunflower Field",
    "name_fr": "Champ de tournesols",
    "extension": "base",
    "colour": "blue",
    "icon": "wheat",
    "activation_min": 3,
    "activation_max": 4,
    "cost": 2,
    "copies": 6,
    "effect": "c 2",
}


def test_every_official_card_is_served_with_exact_values(client, official_cards):
    reference = json.loads(open("cards/data/machikoro.json", encoding="utf-8").read())
    response = client.get("/api/establishments/", {"page_size": 500})
    assert response.status_code == 200
    served = {c["slug"]: c for c in response.json()["results"]}
    assert len(served) == len(reference["establishments"]) == 40
    for card in reference["establishments"]:
        got = served[card["slug"]]
        for key in ("cost", "activation_min", "activation_max", "colour", "icon", "copies", "extension", "name"):
            assert got[key] == card[key], (card["slug"], key)
    landmarks = client.get("/api/landmarks/").json()
    assert landmarks["count"] == 8


def test_pagination_has_counts_and_links(client, official_cards):
    body = client.get("/api/establishments/", {"page_size": 10}).json()
    assert body["count"] == 40 and len(body["results"]) == 10
    assert "page=2" in body["next"] and body["previous"] is None


@pytest.mark.parametrize(
    "params, expected",
    [
        ({"colour": "red", "extension": "base"}, {"cafe", "family-restaurant"}),
        ({"icon": "boat"}, {"mackerel-boat", "tuna-boat"}),
        ({"activation": 13, "colour": "blue"}, {"tuna-boat"}),
        ({"cost_min": 7, "cost_max": 8}, {"tv-station", "business-center", "exhibit-hall"}),
        ({"search": "Fromagerie"}, {"cheese-factory"}),
        ({"game": "machi-koro", "icon": "cow"}, {"ranch"}),
    ],
)
def test_filters_and_search(client, official_cards, params, expected):
    body = client.get("/api/establishments/", {**params, "page_size": 100}).json()
    assert {c["slug"] for c in body["results"]} == expected


def test_ordering(client, official_cards):
    body = client.get("/api/establishments/", {"ordering": "-cost", "page_size": 3}).json()
    costs = [c["cost"] for c in body["results"]]
    assert costs == sorted(costs, reverse=True) and costs[0] == 8


def test_detail_by_slug_and_id_is_stable(client, official_cards):
    card = client.get("/api/establishments/mine/").json()
    assert card["id"] == Establishment.objects.get(slug="mine").id
    assert card["game"] == "machi-koro"


def test_anonymous_and_player_cannot_write(client, player, official_cards):
    response = client.post("/api/establishments/", NEW_CARD, format="json")
    assert response.status_code in (401, 403)
    assert response.json()["error"]["code"] in ("not_authenticated", "permission_denied")
    client.force_authenticate(player)
    assert client.patch("/api/establishments/mine/", {"cost": 1}, format="json").status_code == 403
    assert client.delete("/api/excommunications/malus-coins/").status_code == 403
    assert Establishment.objects.get(slug="mine").cost == 6
    assert not Establishment.objects.filter(slug="sunflower-field").exists()


def test_designer_creates_updates_and_history_is_visible(designer_api, official_cards):
    response = designer_api.post("/api/establishments/", NEW_CARD, format="json")
    assert response.status_code == 201, response.json()
    response = designer_api.patch("/api/establishments/sunflower-field/", {"cost": 3}, format="json")
    assert response.status_code == 200 and response.json()["cost"] == 3
    history = designer_api.get("/api/establishments/sunflower-field/history/").json()
    assert [h["type"] for h in history] == ["Changed", "Created"]
    assert history[0]["user"] == "dana"
    assert history[0]["changes"] == [{"field": "cost", "old": 2, "new": 3}]


@pytest.mark.parametrize(
    "changes, field, code",
    [
        ({"activation_min": 6, "activation_max": 2}, "activation_max", "invalid"),
        ({"activation_min": 0}, "activation_min", "min_value"),
        ({"activation_max": 15}, "activation_max", "max_value"),
        ({"cost": -2}, "cost", "min_value"),
        ({"colour": "orange"}, "colour", "does_not_exist"),
        ({"icon": "spoon"}, "icon", "does_not_exist"),
        ({"extension": "moon"}, "extension", "does_not_exist"),
        ({"name": "Wheat Field"}, "non_field_errors", "unique"),
    ],
)
def test_bad_input_gets_field_errors_and_changes_nothing(designer_api, official_cards, changes, field, code):
    before = Establishment.objects.count()
    response = designer_api.post("/api/establishments/", {**NEW_CARD, **changes}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    if field == "non_field_errors":
        assert "unique" in error["message"].lower() or "exists" in error["message"].lower()
    else:
        assert error["fields"][field][0]["code"] == code
        assert error["fields"][field][0]["message"]
    assert Establishment.objects.count() == before


def test_malformed_excommunication_payload_is_refused(designer_api, official_cards):
    response = designer_api.patch(
        "/api/excommunications/malus-coins/", {"instant_payload": ["GOLD"]}, format="json"
    )
    assert response.status_code == 400
    assert "unknown resource" in response.json()["error"]["fields"]["instant_payload"][0]["message"]
    assert Excommunication.objects.get(slug="malus-coins").instant_payload == ["COINS"]


def test_export_holds_everything_with_version_and_date(client, official_cards):
    body = client.get("/api/export/").json()
    assert body["format"] == "card-database" and body["version"] == 1 and body["exported_at"]
    machikoro = body["games"]["machi-koro"]
    assert len(machikoro["establishments"]) == 40 and len(machikoro["landmarks"]) == 8
    assert len(body["games"]["lorenzo"]["excommunications"]) == 21
    only = client.get("/api/export/", {"game": "lorenzo"}).json()
    assert list(only["games"]) == ["lorenzo"]
    assert client.get("/api/export/", {"game": "chess"}).status_code == 404


def test_export_reloads_into_an_identical_database(client, official_cards):
    from cards.machikoro.loading import load_machikoro

    exported = client.get("/api/export/").json()["games"]["machi-koro"]
    report = load_machikoro(exported)
    assert report.created == [] and report.updated == []


def test_schema_and_offline_swagger(client):
    schema = client.get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert "/api/establishments/" in paths and "/api/excommunications/{slug}/" in paths
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "drf_spectacular_sidecar" in html and "cdn" not in html.lower()


@pytest.mark.parametrize("path", ["/api/establishments/wheat-field/history", "/api/landmarks/train-station/history"])
def test_history_answers_with_a_format_suffix_too(client, official_cards, path):
    """The router offers `history.json` beside `history/`: it answered 500 (the action did not take `format`)."""
    plain = client.get(path + "/")
    suffixed = client.get(path + ".json")
    assert plain.status_code == 200 and suffixed.status_code == 200, suffixed.status_code
    assert suffixed.json() == plain.json()
