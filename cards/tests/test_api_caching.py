"""The card API's caches: effect explanations, cached list pages and the export's ETag follow every change."""
from io import StringIO

import pytest
from rest_framework.test import APIClient

from cards import caching
from cards.machikoro.effects import _explained
from cards.lorenzo.importer import import_files
from cards.machikoro.models import Colour, Establishment

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return APIClient()


def served(client, slug, **params):
    body = client.get("/api/establishments/", {"page_size": 500, **params}).json()
    return next(card for card in body["results"] if card["slug"] == slug)


def test_editing_an_effect_through_the_api_changes_the_cached_list(client, designer_api, official_cards):
    before = served(client, "wheat-field")
    assert before["effect_explained"] and served(client, "wheat-field") == before  # second answer from cache
    response = designer_api.patch("/api/establishments/wheat-field/", {"effect": "c 3"}, format="json")
    assert response.status_code == 200
    after = served(client, "wheat-field")
    assert after["effect"] == "c 3"
    assert after["effect_explained"] != before["effect_explained"]
    assert "3" in after["effect_explained"]


def test_a_change_saved_outside_the_api_reaches_the_list(client, official_cards):
    served(client, "bakery")
    card = Establishment.objects.get(slug="bakery")
    card.cost = 9
    card.save()
    assert served(client, "bakery")["cost"] == 9


def test_renaming_a_colour_changes_the_cards_that_show_it(client, official_cards):
    assert served(client, "wheat-field")["colour"] == "blue"
    blue = Colour.objects.get(slug="blue", game__slug="machi-koro")
    blue.slug = "azure"
    blue.save()
    assert served(client, "wheat-field")["colour"] == "azure"


def test_the_explanation_depends_on_the_cards_facts_and_language_not_only_the_string():
    red = _explained("c 1", "red", 3, 4, "en")
    assert red == "When another player rolls 3 or 4, get 1 coin from the bank."
    assert _explained("c 1", "green", 3, 4, "en") == "When you roll 3 or 4, get 1 coin from the bank."
    assert _explained("c 1", "red", 9, 10, "en") == "When another player rolls 9 or 10, get 1 coin from the bank."
    assert _explained("c 1", "red", 3, 4, "en") is red  # worked out once
    french = _explained("c 1", "red", 3, 4, "fr")
    assert french == "Quand un autre joueur obtient 3 ou 4, recevez 1 pièce de la banque."
    assert _explained("c 1", "red", 3, 4, "fr") is french  # cached per string, card facts and language


def test_changing_a_cards_activation_changes_its_explanation(client, designer_api, official_cards):
    assert "1" in served(client, "wheat-field")["effect_explained"]
    response = designer_api.patch("/api/establishments/wheat-field/", {"activation_min": 5,
                                     "activation_max": 6}, format="json")
    assert response.status_code == 200
    assert "5 or 6" in served(client, "wheat-field")["effect_explained"]


def test_export_has_an_etag_and_answers_304_until_a_card_changes(client, official_cards):
    first = client.get("/api/export/")
    tag = first["ETag"]
    assert first.status_code == 200 and tag
    again = client.get("/api/export/", HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again["ETag"] == tag and not again.content
    assert client.get("/api/export/", HTTP_IF_NONE_MATCH='"something-else"').status_code == 200
    card = Establishment.objects.get(slug="wheat-field")
    card.effect = "c 2"
    card.save()
    changed = client.get("/api/export/", HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed["ETag"] != tag
    document = changed.json()["games"]["machi-koro"]
    assert next(c for c in document["establishments"] if c["slug"] == "wheat-field")["effect"] == "c 2"


def test_export_of_one_game_has_its_own_etag(client, official_cards):
    whole = client.get("/api/export/")["ETag"]
    one = client.get("/api/export/", {"game": "machi-koro"})["ETag"]
    assert whole != one
    assert client.get("/api/export/", {"game": "machi-koro"}, HTTP_IF_NONE_MATCH=one).status_code == 304


def test_a_lorenzo_import_written_in_bulk_raises_the_version(official_cards):
    from pathlib import Path

    from cards.lorenzo.models import LeaderCard

    LeaderCard.objects.all().delete()
    before = caching.current_version()
    path = Path("cards/data/lorenzo/leader_cards.json")
    report = import_files([(path.name, path.read_text(encoding="utf-8"))])
    assert report.ok and report.written and report.counts()["added"] == 20
    assert caching.current_version() != before


def test_a_dry_run_import_keeps_the_version(official_cards):
    from pathlib import Path

    before = caching.current_version()
    path = Path("cards/data/lorenzo/leader_cards.json")
    import_files([(path.name, path.read_text(encoding="utf-8"))], dry_run=True)
    assert caching.current_version() == before


def test_health_checks(client):
    assert client.get("/health/live/").json() == {"status": "ok"}
    ready = client.get("/health/ready/")
    assert ready.status_code == 200 and ready.json()["database"] == "ok"


def export_tag(client, game):
    response = client.get("/api/export/", {"game": game})
    assert response.status_code == 200
    return response["ETag"], response.json()


def test_loading_cards_renews_the_cached_export_and_its_etag(client, official_cards):
    from django.core.management import call_command

    from cards.valeria.models import ValeriaCitizen
    from cards.valeria.loading import load_valeria

    call_command("load_cards", stdout=StringIO())
    first_tag, first = export_tag(client, "valeria")
    assert client.get("/api/export/", {"game": "valeria"}, HTTP_IF_NONE_MATCH=first_tag).status_code == 304
    gone = ValeriaCitizen.objects.order_by("source_id").first()
    gone.delete()
    tag, without = export_tag(client, "valeria")
    assert tag != first_tag and len(without["games"]["valeria"]["tables"]["citizens"]) == \
        len(first["games"]["valeria"]["tables"]["citizens"]) - 1
    load_valeria()  # what load_cards runs for Valeria: puts the citizen back with a bulk insert (no save signal)
    again_tag, again = export_tag(client, "valeria")
    assert again_tag not in (tag, first_tag)
    assert client.get("/api/export/", {"game": "valeria"}, HTTP_IF_NONE_MATCH=tag).status_code == 200
    assert gone.slug in {row["slug"] for row in again["games"]["valeria"]["tables"]["citizens"]}


def test_saving_a_card_in_the_admin_renews_the_cached_list_and_the_export_etag(client, designer, official_cards):
    from django.test import Client

    from cards.tests.test_admin import change_form_data

    assert served(client, "bakery")["cost"] == 1
    tag, _ = export_tag(client, "machi-koro")
    admin = Client()
    admin.force_login(designer)
    card = Establishment.objects.get(slug="bakery")
    response = admin.post(f"/admin/cards/establishment/{card.pk}/change/", change_form_data(card, cost=4))
    assert response.status_code == 302, response.content[:2000]
    assert served(client, "bakery")["cost"] == 4
    new_tag, document = export_tag(client, "machi-koro")
    assert new_tag != tag
    assert client.get("/api/export/", {"game": "machi-koro"}, HTTP_IF_NONE_MATCH=tag).status_code == 200
