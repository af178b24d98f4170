"""GET /api/export/valeria/ carries an ETag and answers 304 until a card changes, like the Machi Koro export."""
import pytest

from cards.valeria.models import ValeriaDomain

pytestmark = pytest.mark.django_db

URL = "/api/export/valeria/"


def test_the_export_has_an_etag_and_answers_304_until_a_card_changes(client, valeria_cards):
    first = client.get(URL)
    tag = first["ETag"]
    assert first.status_code == 200 and tag and first["Cache-Control"] == "no-cache"
    assert first.json()["game"] == "valeria" and len(first.json()["tables"]["domains"]) == 80

    again = client.get(URL, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again["ETag"] == tag and not again.content
    assert client.get(URL, HTTP_IF_NONE_MATCH='"something-else"').status_code == 200

    wisborg = ValeriaDomain.objects.get(name="Wisborg")
    wisborg.vp_reward = 9
    wisborg.save()
    changed = client.get(URL, HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed["ETag"] != tag
    domains = {card["name"]: card for card in changed.json()["tables"]["domains"]}
    assert domains["Wisborg"]["vp_reward"] == 9  # not the document cached before the change


def test_each_language_has_its_own_etag_and_document(client, valeria_cards):
    english = client.get(URL)
    french = client.get(URL, {"lang": "fr"})  # asked after the English one was built and cached
    assert french["ETag"] != english["ETag"]
    assert client.get(URL, {"lang": "fr"}, HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 200
    assert client.get(URL, {"lang": "fr"}, HTTP_IF_NONE_MATCH=french["ETag"]).status_code == 304

    def wisborg(response):
        return next(card for card in response.json()["tables"]["domains"] if card["name"] == "Wisborg")

    assert wisborg(english)["effects_explained"]["activation_effect"] == \
        "You may exchange 3 Gold for 3 Victory Points."
    assert wisborg(french)["effects_explained"]["activation_effect"] == \
        "Vous pouvez échanger 3 Or contre 3 Points de victoire."


def test_the_whole_database_export_is_cached_per_language(client, valeria_cards):
    """/api/export/?game=valeria shares `conditional_document` with the Valeria export: a French request made
    after the English document was cached gets French explanations, not the cached English ones."""
    def wisborg(response):
        document = response.json()["games"]["valeria"]
        return next(card for card in document["tables"]["domains"] if card["name"] == "Wisborg")

    english = client.get("/api/export/", {"game": "valeria"})
    french = client.get("/api/export/", {"game": "valeria", "lang": "fr"})
    assert wisborg(english)["effects_explained"]["activation_effect"].startswith("You may exchange")
    assert wisborg(french)["effects_explained"]["activation_effect"].startswith("Vous pouvez échanger")
