"""The card API answers in the language asked for: ?lang= first, then Accept-Language, then English."""
import json

import pytest
import yaml
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

CARD_ENDPOINTS = ["/api/establishments/", "/api/landmarks/", "/api/extensions/", "/api/colours/", "/api/icon-types/",
                  "/api/card-games/"]


@pytest.fixture
def client():
    return APIClient()


def card(client, slug, kind="establishments", **headers):
    return client.get(f"/api/{kind}/{slug}/", **headers)


def test_english_is_the_default(client, official_cards):
    response = card(client, "vineyard")
    body = response.json()
    assert response["Content-Language"] == "en"
    assert body["language"] == "en"
    assert body["display_name"] == "Vineyard"
    assert body["effect_explained"].startswith("When anyone rolls 7")


def test_the_query_parameter_serves_french(client, official_cards):
    response = client.get("/api/establishments/cheese-factory/", {"lang": "fr"})
    body = response.json()
    assert response["Content-Language"] == "fr"
    assert body["language"] == "fr"
    assert body["display_name"] == "Fromagerie"
    assert body["name"] == "Cheese Factory" and body["name_fr"] == "Fromagerie"  # the stored names stay as they are
    assert body["effect_explained"] == ("Quand vous obtenez 7, recevez 3 pièces de la banque pour chaque "
                                        "établissement de type vache que vous possédez.")


def test_accept_language_serves_french_and_the_query_wins(client, official_cards):
    french = card(client, "harbor", "landmarks", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5")
    assert french["Content-Language"] == "fr"
    assert french.json()["display_name"] == "Port"
    english = client.get("/api/landmarks/harbor/", {"lang": "en"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert english["Content-Language"] == "en" and english.json()["display_name"] == "Harbor"
    # A browser preferring a language we do not serve, then French, gets French.
    assert card(client, "harbor", "landmarks", HTTP_ACCEPT_LANGUAGE="de, fr;q=0.8")["Content-Language"] == "fr"
    assert card(client, "harbor", "landmarks", HTTP_ACCEPT_LANGUAGE="de")["Content-Language"] == "en"


def test_an_unknown_language_is_a_clear_400(client, official_cards):
    response = client.get("/api/establishments/", {"lang": "de"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid" and "lang" in error["fields"] and "en, fr" in error["message"]


@pytest.mark.parametrize("path", CARD_ENDPOINTS)
def test_every_card_list_says_its_language_and_varies_on_accept_language(client, official_cards, path):
    for language in ("en", "fr"):
        response = client.get(path, {"lang": language})
        assert response.status_code == 200
        assert response["Content-Language"] == language
        assert "Accept-Language" in response["Vary"]
        body = response.json()
        assert body["language"] == language
        assert {item["language"] for item in body["results"]} == {language}


def test_the_extensions_have_their_french_names(client, official_cards):
    body = client.get("/api/extensions/", {"lang": "fr", "game__slug": "machi-koro"}).json()
    names = {item["slug"]: item["display_name"] for item in body["results"]}
    assert names["base"] == "Minivilles" and names["harbor"] == "Marina"
    assert names["millionaires-row"] == "Green Valley" and names["five-six"] == "5–6 joueurs"
    assert client.get("/api/card-games/machi-koro/", {"lang": "fr"}).json()["display_name"] == "Minivilles"


def test_the_cached_list_keeps_languages_apart_and_its_etag_varies(client, official_cards):
    english = client.get("/api/establishments/", HTTP_ACCEPT_LANGUAGE="en")
    french = client.get("/api/establishments/", HTTP_ACCEPT_LANGUAGE="fr")
    again = client.get("/api/establishments/", HTTP_ACCEPT_LANGUAGE="en")
    assert english.content == again.content  # the second English answer came from the cache
    assert english.content != french.content
    assert {c["display_name"] for c in french.json()["results"]} >= {"Champ de blé", "Boulangerie"}
    assert english["ETag"] != french["ETag"]
    assert client.get("/api/establishments/", HTTP_ACCEPT_LANGUAGE="fr",
                      HTTP_IF_NONE_MATCH=french["ETag"]).status_code == 304
    assert client.get("/api/establishments/", HTTP_ACCEPT_LANGUAGE="en",
                      HTTP_IF_NONE_MATCH=french["ETag"]).status_code == 200


def test_the_export_etag_varies_by_language(client, official_cards):
    english, french = client.get("/api/export/"), client.get("/api/export/", {"lang": "fr"})
    assert english["ETag"] != french["ETag"]
    assert "Accept-Language" in french["Vary"]


def test_lorenzo_explanations_follow_the_language(client, official_cards):
    french = client.get("/api/development-cards/", {"lang": "fr", "page_size": 1}).json()["results"][0]
    english = client.get(f"/api/development-cards/{french['slug']}/").json()
    assert french["language"] == "fr" and english["language"] == "en"
    assert french["explained"] != english["explained"]
    assert any(word in " ".join(french["explained"]) for word in ("Gagnez", "Récolte", "Production", "Immédiatement"))


def test_the_schema_lists_lang_on_every_card_endpoint(client):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    for path in ["/api/establishments/", "/api/establishments/{slug}/", "/api/landmarks/", "/api/export/",
                 "/api/effects/explain/", "/api/valeria/citizens/", "/api/development-cards/"]:
        operations = schema["paths"][path]
        for method, operation in operations.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            names = {p["name"] for p in operation.get("parameters", [])}
            assert {"lang", "Accept-Language"} <= names, (path, method)
            lang = next(p for p in operation["parameters"] if p["name"] == "lang")
            assert lang["in"] == "query" and lang["schema"]["enum"] == ["en", "fr"]
    page = schema["components"]["schemas"]["PaginatedEstablishmentList"]["properties"]
    assert "LanguageEnum" in json.dumps(page["language"])
    assert schema["components"]["schemas"]["LanguageEnum"]["enum"] == ["en", "fr"]
    assert "Content-Language" in json.dumps(schema["paths"]["/api/establishments/"]["get"]["responses"]["200"])


def test_the_live_effect_help_explains_in_the_language_asked_for(client, official_cards):
    params = {"game": "machi-koro", "effect": "take c 2 from roller", "colour": "red", "activation_min": 9}
    french = client.get("/api/effects/explain/", {**params, "lang": "fr"}).json()
    assert french["language"] == "fr"
    assert french["explained"] == "Quand un autre joueur obtient 9, prenez 2 pièces à ce joueur."
    english = client.get("/api/effects/explain/", params).json()
    assert english["explained"] == "When another player rolls 9, take 2 coins from them."
    valeria = client.get("/api/effects/explain/", {"game": "valeria", "effect": "g 2"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert valeria.json()["explained"] == "Gagnez 2 Or."


def test_a_refused_lang_is_explained_in_the_browsers_language(client, official_cards):
    response = client.get("/api/establishments/", {"lang": "xx"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "lang doit valoir en, fr (reçu : 'xx')."


def french_error(response, status):
    assert response.status_code == status, response.content[:300]
    return response.json()["error"]["message"]


def test_a_missing_endpoint_is_explained_in_the_language_asked_for(client):
    assert french_error(client.get("/api/no-such-thing/", {"lang": "fr"}), 404) == (
        "Ce point d'accès ou cet objet de l'API n'existe pas ; les points d'accès sont listés sur /api/docs/.")
    assert french_error(client.get("/api/no-such-thing/", HTTP_ACCEPT_LANGUAGE="fr"), 404).startswith("Ce point")
    assert french_error(client.get("/api/no-such-thing/"), 404).startswith("There is no such API endpoint")
    assert french_error(client.get("/api/export/", {"game": "chess", "lang": "fr"}), 404) == (
        "Aucun jeu n'a le slug 'chess'.")


def test_permission_refusals_are_french(client, player, official_cards):
    client.force_login(player)
    body = json.dumps({"cost": 1})
    assert french_error(client.patch("/api/establishments/mine/?lang=fr", body, content_type="application/json"),
                        403) == (
        "Seuls les concepteurs (l'équipe ou les membres du groupe Designers), connectés par mot de passe ou par "
        "session, peuvent modifier les cartes ; les jetons d'API servent à jouer.")
    assert french_error(client.patch("/api/establishments/mine/", body, content_type="application/json"),
                        403).startswith("Only designers")
    assert french_error(client.post("/api/import/", {}, HTTP_ACCEPT_LANGUAGE="fr"), 403) == (
        "Seuls les concepteurs (l'équipe ou les membres du groupe Designers) peuvent importer des cartes.")


def test_invalid_fields_and_the_models_own_checks_are_french(client, designer, official_cards):
    client.force_login(designer)
    response = client.patch("/api/establishments/mine/?lang=fr", json.dumps({"cost": -1, "activation_max": 99}),
                            content_type="application/json")
    assert french_error(response, 400) == "Certains champs ne sont pas valides."
    response = client.patch("/api/establishments/mine/?lang=fr", json.dumps({"activation_min": 10, "activation_max": 2}),
                            content_type="application/json")
    french_error(response, 400)
    assert [item["message"] for item in response.json()["error"]["fields"]["activation_max"]] == [
        "La plus haute valeur d'activation ne doit pas être inférieure à la plus basse."]
    response = client.patch("/api/establishments/mine/", json.dumps({"activation_min": 10, "activation_max": 2}),
                            content_type="application/json")
    assert response.json()["error"]["fields"]["activation_max"][0]["message"].startswith("The highest activation")


def test_a_delete_refused_because_cards_use_it_is_french(client, designer, official_cards):
    from cards.machikoro.models import Colour

    client.force_login(designer)
    red = Colour.objects.get(game__slug="machi-koro", slug="red")
    message = french_error(client.delete(f"/api/colours/{red.pk}/?lang=fr"), 409)
    assert message.startswith("Couleur «\u00a0Red\u00a0» : suppression impossible, ") and "l'utilisent encore" in message


def test_an_invalid_effect_is_worded_in_french_and_keeps_its_position(client, official_cards):
    params = {"game": "machi-koro", "effect": "c 1 @"}
    english = client.get("/api/effects/explain/", params).json()["error"]
    french = client.get("/api/effects/explain/", {**params, "lang": "fr"}).json()["error"]
    assert english["expected"] == """a word, a dotted word such as turn.end, a "quoted name", a number, '<', '>' or '+'"""
    assert english["message"] == f"col 5: expected {english['expected']}, found '@'"
    assert french["expected"] == """un mot, un mot pointé comme turn.end, un "nom entre guillemets", un nombre, '<', '>' ou '+'"""
    assert french["message"] == f"col. 5 : attendu {french['expected']}, trouvé '@'"
    assert (french["column"], french["token"]) == (5, "@")
    missing = client.get("/api/effects/explain/", {"game": "chess", "lang": "fr"}).json()["error"]
    assert missing["message"] == "Certains champs ne sont pas valides."
    assert missing["fields"]["game"][0]["message"] == "Choisissez parmi machi-koro, valeria."
