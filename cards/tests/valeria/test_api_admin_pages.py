"""Valeria over REST, in the admin (live-explained effects, history, duplicate) and on the public page."""
import pytest
from django.test import Client
from rest_framework.test import APIClient

from cards.valeria.models import ValeriaDomain, ValeriaMonster

pytestmark = pytest.mark.django_db


def test_tables_are_served_with_filters_search_and_explained_effects(valeria_cards):
    api = APIClient()
    body = api.get("/api/valeria/domains/", {"search": "Wisborg"}).json()
    assert body["count"] == 1
    card = body["results"][0]
    assert card["activation_effect"] == "self_convert g 3 v 3 optional"
    assert card["effects_explained"] == {"activation_effect": "You may exchange 3 Gold for 3 Victory Points."}
    assert card["extension"] == "shadowvale" and card["game"] == "valeria"
    hills = api.get("/api/valeria/monsters/", {"area": "Hills", "page_size": 100}).json()
    assert hills["count"] == ValeriaMonster.objects.filter(area="Hills").count() > 0
    assert {m["area"] for m in hills["results"]} == {"Hills"}
    cheap = api.get("/api/valeria/citizens/", {"gold_cost_max": 1, "page_size": 100}).json()
    assert cheap["count"] > 0 and all(c["gold_cost"] <= 1 for c in cheap["results"])
    assert api.get("/api/valeria/dukes/", {"banned": "true"}).json()["count"] == 1
    with_effect = api.get("/api/valeria/monsters/", {"has_effect": "true", "page_size": 500}).json()["results"]
    assert with_effect and all(m["special_reward"] or m["special_cost"] for m in with_effect)
    assert api.get("/api/valeria/monsters/", {"has_effect": "false"}).json()["count"] == 189 - len(with_effect)
    assert api.get("/api/valeria/banned/").json() == {"dukes": [22], "relics": [7, 9, 11]}


def test_bulk_export_holds_every_table_presets_and_the_banned_list(valeria_cards):
    document = APIClient().get("/api/export/valeria/").json()
    assert len(document["tables"]["monsters"]) == 189 and len(document["tables"]["citizens"]) == 49
    assert document["banned"]["relics"] == [7, 9, 11]
    assert {p["slug"] for p in document["presets"]} >= {"base", "draft", "random"}
    everything = APIClient().get("/api/export/", {"game": "valeria"}).json()
    assert everything["games"]["valeria"]["tables"]["relics"][0]["name"] == "Cornelius Ring"


def test_openapi_lists_the_new_endpoints(valeria_cards):
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    for path in ("/api/valeria/citizens/", "/api/valeria/monsters/{slug}/history/", "/api/effects/explain/",
                 "/api/progress/cards/{slug}/cost/", "/api/lorenzo/score/", "/api/export/valeria/"):
        assert path in schema["paths"], path


def test_only_designers_write_and_effects_are_checked(valeria_cards, designer_api, player):
    new = {"source_id": 900, "slug": "test-keep", "name": "Test Keep", "extension": "base", "gold_cost": 4,
           "vp_reward": 2, "activation_effect": "manipulate_resources mode=self_convert pay=g:1 gain=v:1"}
    assert APIClient().post("/api/valeria/domains/", new, format="json").status_code == 401   # not signed in
    as_player = APIClient()
    as_player.force_authenticate(player)
    assert as_player.post("/api/valeria/domains/", new, format="json").status_code == 403
    bad = designer_api.post("/api/valeria/domains/", {**new, "passive_effect": "action.end choose g"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error"]["fields"]["passive_effect"][0]["message"].startswith("col 20: expected a number")
    created = designer_api.post("/api/valeria/domains/", new, format="json")
    assert created.status_code == 201, created.json()
    assert ValeriaDomain.objects.get(slug="test-keep").activation_effect == "self_convert g 1 v 1"
    changed = designer_api.patch("/api/valeria/domains/test-keep/", {"gold_cost": 5}, format="json")
    assert changed.status_code == 200
    history = APIClient().get("/api/valeria/domains/test-keep/history/").json()
    assert history[0]["changes"] == [{"field": "gold_cost", "old": 4, "new": 5}]
    without_id = {k: v for k, v in new.items() if k != "source_id"} | {"slug": "second-keep", "name": "Second Keep"}
    assert designer_api.post("/api/valeria/domains/", without_id, format="json").json()["source_id"] == 901
    assert designer_api.delete("/api/valeria/domains/second-keep/").status_code == 204


def test_explain_endpoint_answers_while_typing(valeria_cards):
    api = APIClient()
    ok = api.get("/api/effects/explain/", {"game": "valeria", "effect": "action.modify_monster_strength +3"}).json()
    assert ok["valid"] and ok["unified"] == "modify_monster_strength 3" and ok["explained"]
    wrong = api.get("/api/effects/explain/", {"game": "valeria", "effect": "choose g 2 m"}).json()
    assert wrong["valid"] is False
    assert wrong["error"] == {"column": 13, "token": "", "expected": "a number (1 or more) after 'm'",
                              "message": "col 13: expected a number (1 or more) after 'm', found end of effect"}
    assert api.get("/api/effects/explain/", {"game": "chess", "effect": "x"}).status_code == 400
    assert api.get("/api/effects/explain/", {"game": "valeria"}).status_code == 400


def test_explain_endpoint_says_when_a_machi_koro_card_fires(official_cards):
    answer = APIClient().get("/api/effects/explain/", {"game": "machi-koro", "effect": "c 1", "colour": "blue",
                                                       "activation_min": "1", "activation_max": "1"}).json()
    assert answer["explained"] == "When anyone rolls 1, get 1 coin from the bank."
    unknown = APIClient().get("/api/effects/explain/", {"game": "machi-koro",
                                                        "effect": "c 1 per icon unicorn"}).json()
    assert unknown["valid"] is False and unknown["error"]["column"] > 1
    # A card being written may name itself (the admin sends the form's name along).
    own = {"game": "machi-koro", "effect": "count own <cards where name==\"Moon Garden\"> c 1"}
    assert APIClient().get("/api/effects/explain/", own).json()["valid"] is False
    assert APIClient().get("/api/effects/explain/", {**own, "name": "Moon Garden"}).json()["valid"] is True


def test_admin_list_search_filters_and_the_live_effect_widget(valeria_cards, designer_browser):
    page = designer_browser.get("/admin/cards/valeriamonster/", {"area__exact": "Hills", "q": "Goblin"})
    assert page.status_code == 200 and "Goblin" in page.content.decode()
    card = ValeriaDomain.objects.get(name="Wisborg")
    form = designer_browser.get(f"/admin/cards/valeriadomain/{card.pk}/change/").content.decode()
    assert 'data-effect-game="valeria"' in form and "effect-explain.js" in form
    assert "You may exchange 3 Gold for 3 Victory Points." in form  # shown before any typing


def change_data(card, **changes):
    data = {}
    for field in card._meta.concrete_fields:
        if field.name in ("id", "updated_at"):
            continue
        value = getattr(card, field.attname)
        if field.get_internal_type() == "BooleanField":
            if value:
                data[field.name] = "on"
        else:
            data[field.name] = "" if value is None else value
    data.update(changes)
    return data


def test_admin_refuses_a_bad_effect_and_saves_a_good_one_with_history(valeria_cards, designer_browser):
    card = ValeriaDomain.objects.get(name="Wisborg")
    url = f"/admin/cards/valeriadomain/{card.pk}/change/"
    refused = designer_browser.post(url, change_data(card, activation_effect="self_convert g 3 v"))
    assert refused.status_code == 200
    assert "col 19: expected a number" in refused.content.decode()
    saved = designer_browser.post(url, change_data(card, activation_effect="choose g 2 m 2"))
    assert saved.status_code == 302
    assert ValeriaDomain.objects.get(pk=card.pk).activation_effect == "choose g 2 m 2"
    history = designer_browser.get(f"/admin/cards/valeriadomain/{card.pk}/history/").content.decode()
    assert "dana" in history


def test_admin_duplicates_a_card(valeria_cards, designer_browser):
    card = ValeriaDomain.objects.get(name="Wisborg")
    response = designer_browser.post("/admin/cards/valeriadomain/", {
        "action": "duplicate_valeria_cards", "_selected_action": [card.pk]})
    assert response.status_code == 302
    copy = ValeriaDomain.objects.get(name="Wisborg (copy)")
    assert copy.slug == "wisborg-copy" and copy.source_id == 81
    assert copy.activation_effect == card.activation_effect


def test_machi_koro_admin_uses_the_same_live_widget(official_cards, designer_browser):
    from cards.machikoro.models import Establishment

    card = Establishment.objects.get(slug="mine")
    form = designer_browser.get(f"/admin/cards/establishment/{card.pk}/change/").content.decode()
    assert 'data-effect-game="machi-koro"' in form
    assert '<textarea name="effect"' in form and 'rows="3"' in form
    assert "activation_min" in form.split('data-effect-context="')[1].split('"')[0].replace("&quot;", "")


def test_public_page_browses_filters_and_explains(valeria_cards):
    browser = Client()
    page = browser.get("/cards/valeria/", {"table": "domains", "q": "Wisborg"}).content.decode()
    assert "Wisborg" in page and "You may exchange 3 Gold for 3 Victory Points." in page
    assert "Foxgrove Palisade" not in page
    monsters = browser.get("/cards/valeria/", {"table": "monsters", "extension": "base1"}).content.decode()
    assert "Goblin" in monsters and "Hills" in monsters
    banned = browser.get("/cards/valeria/", {"table": "relics", "banned": "1"}).content.decode()
    assert banned.count("(banned)") == 3
    assert "<script>" not in browser.get("/cards/valeria/", {"q": "<script>"}).content.decode().split("<main>")[1]


def test_every_valeria_admin_page_opens(valeria_cards, designer_browser):
    from cards.valeria.models import VALERIA_TABLES, ValeriaPreset

    for model in (*VALERIA_TABLES, ValeriaPreset):
        base = f"/admin/cards/{model._meta.model_name}/"
        card = model.objects.order_by("pk").first()
        for url in (base, f"{base}add/", f"{base}{card.pk}/change/", f"{base}{card.pk}/history/"):
            assert designer_browser.get(url).status_code == 200, url
    assert designer_browser.get("/admin/cards/valeriarelic/", {"banned__exact": "1"}).content.decode().count(
        'class="action-select"') == 3
