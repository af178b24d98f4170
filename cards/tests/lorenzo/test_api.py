"""The API: Lorenzo cards with their effects in words, POST /api/import/ and the exports."""
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from cards.lorenzo.models import DevelopmentCard, LeaderCard

from cards.tests.lorenzo.conftest import SEED_EXAMPLES, reference_text

pytestmark = pytest.mark.django_db


def files(*names):
    return [SimpleUploadedFile(name, reference_text(name).encode(), "application/json") for name in names]


def test_import_preview_then_import(designer_api):
    preview = designer_api.post("/api/import/", {"files": files("cards.json", "leader_cards.json"), "dry_run": "true"})
    assert preview.status_code == 200
    body = preview.json()
    assert (body["dry_run"], body["written"], body["counts"]["added"]) == (True, False, 116)
    assert body["files"] == [{"name": "cards.json", "holds": "96 development cards"},
                             {"name": "leader_cards.json", "holds": "20 leader cards"}]  # fmt: skip
    assert DevelopmentCard.objects.count() == 0
    done = designer_api.post("/api/import/", {"files": files("cards.json", "leader_cards.json")}).json()
    assert done["written"] and done["counts"]["added"] == 116
    again = designer_api.post("/api/import/", {"files": files("cards.json")}).json()
    assert again["counts"] == {"added": 0, "changed": 0, "unchanged": 96, "kept": 0, "refused": 0}


def test_refusals_use_the_error_shape_and_import_nothing(designer_api):
    cardinal = SimpleUploadedFile("cardinal.json", (SEED_EXAMPLES / "cardinal.json").read_bytes())
    response = designer_api.post("/api/import/", {"files": files("cards.json") + [cardinal]})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_cards"
    assert error["message"].startswith("96 added") and "nothing was imported" in error["message"]
    (problem,) = error["fields"]["cardinal.json"]
    assert problem["message"] == "cardinal.json, line 17, column 19: invalid JSON: Expecting ',' delimiter"
    assert (problem["code"], problem["line"], problem["column"]) == ("invalid", 17, 19)
    assert DevelopmentCard.objects.count() == 0


def test_a_json_body_is_a_file_too(designer_api):
    tiles = json.loads(reference_text("excom_cards.json"))
    tiles[4]["permanentPayload"]["REGIONID"] = 12
    response = designer_api.post("/api/import/?name=tiles.json", json.dumps(tiles), content_type="application/json")
    (problem,) = response.json()["error"]["fields"]["tiles.json"]
    assert problem["path"] == "cards[4].permanentPayload.REGIONID"
    assert problem["card"] == "Malus Harvest Action"
    broken = designer_api.post("/api/import/", '[{"name": "X",', content_type="application/json")
    assert broken.json()["error"]["fields"]["request body"][0]["line"] == 1
    fine = designer_api.post("/api/import/?kind=excommunication", reference_text("excom_cards.json"), content_type="application/json")
    assert fine.status_code == 200 and fine.json()["counts"]["added"] == 21


def test_only_designers_import(player):
    anonymous = APIClient()
    response = anonymous.post("/api/import/", {"files": files("cards.json")})
    assert response.status_code in (401, 403) and response.json()["error"]["code"] in ("not_authenticated", "permission_denied")
    reader = APIClient()
    reader.force_authenticate(player)
    assert reader.post("/api/import/", {"files": files("cards.json"), "dry_run": "1"}).status_code == 403
    assert reader.get("/api/import/").status_code == 403
    assert DevelopmentCard.objects.count() == 0


def test_bad_requests_are_explained(designer_api):
    response = designer_api.post("/api/import/", {"dry_run": "true"})
    assert response.status_code == 400 and "at least one file" in response.json()["error"]["message"]
    response = designer_api.post("/api/import/?kind=dragon", "[]", content_type="application/json")
    assert response.json()["error"]["fields"]["kind"][0]["code"] == "invalid_choice"


def test_cards_are_served_with_effects_in_words(lorenzo_cards):
    api = APIClient()
    body = api.get("/api/development-cards/", {"card_type": "BUILDINGCARD", "period": 3, "page_size": 50}).json()
    assert body["count"] == 8
    fortress = api.get("/api/development-cards/fortress/").json()
    assert fortress["explained"][-1] == "Production (action value 5 or more): Gain 2 victory points and 1 council privilege"
    assert [(e["timing"], e["effect"], e["explained"]) for e in fortress["effects"]] == [
        ("instant", "ADD", "Gain 9 victory points"),
        ("permanent", "ADD", "Gain 2 victory points"),
        ("permanent", "PRIVILEGE", "Gain 1 council privilege"),
    ]
    assert fortress["seed_json"]["permanentEffect"] == ["ADD", "PRIVILEGE"]
    with_action = api.get("/api/development-cards/", {"effect": "action", "page_size": 50}).json()
    assert with_action["count"] == 11
    pope = api.get("/api/development-cards/support-to-the-pope/").json()
    assert (pope["name"], pope["source_name"]) == ("Support to the Pope", "Support to the Pope**")
    leader = api.get("/api/leader-cards/santa-rita/").json()
    assert leader["explained"][0] == "Requires 8 faith points"
    tile = api.get("/api/excommunications/malus-stone-or-wood/").json()
    assert tile["effect_explained"] == "Each time you gain stone or wood, gain one less"
    assert api.get("/api/development-cards/fortress/history/").status_code == 200
    assert api.post("/api/development-cards/", {}).status_code in (401, 403, 405)


def test_exports(lorenzo_cards):
    api = APIClient()
    response = api.get("/api/export/lorenzo/leader-cards/")
    assert response.status_code == 200
    assert json.loads(response.content) == json.loads(reference_text("leader_cards.json"))
    assert response["Content-Type"] == "application/json; charset=utf-8"
    document = api.get("/api/export/lorenzo/").json()
    assert document["format"] == "lorenzo-cards"
    assert [len(document[k]) for k in ("development_cards", "excommunications", "leader_cards")] == [96, 21, 20]
    everything = api.get("/api/export/").json()
    assert len(everything["games"]["lorenzo"]["development_cards"]) == 96
    assert len(everything["games"]["lorenzo"]["leader_cards"]) == 20
    assert api.get("/api/export/lorenzo/dragons/").status_code == 404
    assert api.get("/api/export/machi-koro/").status_code == 404


def test_export_is_importable_through_the_api(designer_api, lorenzo_cards):
    document = designer_api.get("/api/export/lorenzo/").content
    response = designer_api.post("/api/import/?name=lorenzo.json", document, content_type="application/json")
    assert response.status_code == 200 and response.json()["counts"]["unchanged"] == 137
    assert LeaderCard.objects.count() == 20
