"""Aquarius cards in the database: loading, validation, admin, API, export, variant decks, frozen decks."""
import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from cards.aquarius.admin import copy_into_variant_deck
from cards.aquarius.data import aquarius_document, frozen_deck, load_aquarius
from cards.aquarius.data import AQUARIUS_FILE
from cards.loading import read_json
from cards.models import CardGame, Extension
from cards.aquarius.models import AquariusCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def aquarius(db):
    return load_aquarius(read_json(AQUARIUS_FILE))


def test_loading_is_complete_exact_and_idempotent(aquarius):
    assert len(aquarius.created) == 56   # the deck and its 55 cards
    reference = read_json(AQUARIUS_FILE)["decks"][0]["cards"]
    assert aquarius_document()["decks"][0]["cards"] == reference
    again = load_aquarius(read_json(AQUARIUS_FILE))
    assert again.created == [] and again.updated == [] and again.unchanged == 56


def test_loading_keeps_a_designers_edit_unless_overwritten(aquarius, designer):
    card = AquariusCard.objects.get(slug="l_ea")
    card.name = "Earth over air"
    card._history_user = designer
    card.save()
    report = load_aquarius(read_json(AQUARIUS_FILE))
    assert report.kept == ["Aquarius card first-edition/l_ea"]
    load_aquarius(read_json(AQUARIUS_FILE), overwrite=True)
    assert AquariusCard.objects.get(slug="l_ea").name == "Earth above Air"


@pytest.mark.parametrize("kind, panels, action, field, words", [
    ("whole", "ae", "", "panels", "1 panel"),
    ("landscape", "a", "", "panels", "2 panel"),
    ("quartered", "aaef", "", "panels", "different elements"),
    ("portrait", "ax", "", "panels", "element letters"),
    ("action", "", "", "action", "needs an action"),
    ("whole", "a", "zap_card", "action", "Only action cards"),
])
def test_a_panel_layout_must_fit_its_kind(aquarius, kind, panels, action, field, words):
    from django.core.exceptions import ValidationError

    card = AquariusCard(deck=Extension.objects.get(slug="first-edition"), slug="x_1", name="X", kind=kind,
                        panels=panels, action=action)
    with pytest.raises(ValidationError) as caught:
        card.full_clean()
    assert words in " ".join(caught.value.message_dict[field])


def test_ids_are_unique_within_a_deck(aquarius, designer_api):
    response = designer_api.post("/api/aquarius-cards/", {"deck": "first-edition", "slug": "w_a_1", "name": "Air",
                                                            "kind": "whole", "panels": "a"}, format="json")
    assert response.status_code == 400 and "This deck already has a card with this id." in json.dumps(response.json())


def test_the_api_lists_filters_and_refuses_bad_layouts(aquarius, designer_api):
    anyone = APIClient()
    body = anyone.get("/api/aquarius-cards/", {"page_size": 100}).json()
    assert body["count"] == 55
    quartered = anyone.get("/api/aquarius-cards/", {"kind": "quartered", "element": "a"}).json()
    assert quartered["count"] == 8 and all("a" in c["panels"] for c in quartered["results"])
    zaps = anyone.get("/api/aquarius-cards/", {"action": "zap_card"}).json()
    assert [c["slug"] for c in zaps["results"]] == ["act_f_1", "act_f_2", "act_f_3"]
    one = anyone.get("/api/aquarius-cards/", {"card": "q_wevf"}).json()["results"][0]
    assert (one["kind"], one["panels"], one["deck"]) == ("quartered", "wevf", "first-edition")
    refused = anyone.patch(f"/api/aquarius-cards/{one['id']}/", {"panels": "wefv"}, format="json")
    assert refused.status_code in (401, 403)
    bad = designer_api.patch(f"/api/aquarius-cards/{one['id']}/", {"panels": "wef"}, format="json")
    assert bad.status_code == 400 and "4 panel" in json.dumps(bad.json())
    good = designer_api.patch(f"/api/aquarius-cards/{one['id']}/", {"panels": "wefv"}, format="json")
    assert good.status_code == 200 and AquariusCard.objects.get(pk=one["id"]).panels == "wefv"
    history = anyone.get(f"/api/aquarius-cards/{one['id']}/history/").json()
    assert history[0]["changes"] == [{"field": "panels", "old": "wevf", "new": "wefv"}]
    assert anyone.get(f"/api/aquarius-cards/{one['id']}/history.json").json() == history  # was a 500


def test_bulk_export_round_trips(aquarius, client):
    document = client.get("/api/export/aquarius/").json()
    stamp = {key: document.pop(key) for key in ("card_data_version", "exported_at")}  # the export's own version and date
    assert stamp["exported_at"] and document == read_json(AQUARIUS_FILE)
    report = load_aquarius({**document, **stamp})  # the stamped export loads back as it is, changing nothing
    assert not (report.created or report.updated)
    assert client.get("/api/export/aquarius/", {"deck": "nope"}).status_code == 404
    everything = client.get("/api/export/", {"game": CardGame.AQUARIUS}).json()
    assert everything["games"]["aquarius"]["decks"][0]["slug"] == "first-edition"


def test_admin_edits_with_validation_and_history(aquarius, designer_browser):
    card = AquariusCard.objects.get(slug="p_ea")
    url = f"/admin/cards/aquariuscard/{card.pk}/change/"
    page = designer_browser.get(url).content.decode()
    assert "Layout (upright)" in page and "Earth" in page
    data = {"deck": card.deck_id, "slug": "p_ea", "name": card.name, "order": card.order, "kind": "portrait",
            "panels": "e", "action": ""}
    response = designer_browser.post(url, data)
    assert response.status_code == 200 and "A card of this kind has 2 panels, not 1." in response.content.decode()
    assert AquariusCard.objects.get(pk=card.pk).panels == "ea"
    response = designer_browser.post(url, {**data, "panels": "ae"})
    assert response.status_code == 302 and AquariusCard.objects.get(pk=card.pk).panels == "ae"
    history = designer_browser.get(f"/admin/cards/aquariuscard/{card.pk}/history/").content.decode()
    assert "dana" in history


def test_a_player_cannot_write_aquarius_cards(aquarius, player):
    browser = Client()
    browser.force_login(player)
    card = AquariusCard.objects.get(slug="w_a_1")
    response = browser.post(f"/admin/cards/aquariuscard/{card.pk}/change/", {"panels": "e"})
    assert response.status_code == 302 and AquariusCard.objects.get(pk=card.pk).panels == "a"


def test_a_designer_authors_a_variant_deck_and_a_game_freezes_it(aquarius, designer_browser):
    official = AquariusCard.objects.filter(deck__slug="first-edition")
    response = designer_browser.post("/admin/cards/aquariuscard/", {
        "action": "copy_to_variant", "_selected_action": [c.pk for c in official]})
    assert response.status_code == 302
    variant = Extension.objects.get(slug="first-edition-variant-1")
    assert variant.aquarius_cards.count() == 55
    AquariusCard.objects.filter(deck=variant, slug="w_a_2").update(panels="f")   # two more fire cards
    AquariusCard.objects.filter(deck=variant, slug="act_a_3").delete()
    slug, cards = frozen_deck("first-edition-variant-1")
    assert slug == "first-edition-variant-1" and len(cards) == 54
    assert next(c for c in cards if c["id"] == "w_a_2")["panels"] == ["f"]
    assert len(frozen_deck()[1]) == 55                                           # the official deck is untouched


def test_copy_needs_cards_of_one_deck(aquarius):
    deck = copy_into_variant_deck(AquariusCard.objects.filter(slug__startswith="w_"))
    mixed = AquariusCard.objects.filter(slug="w_a_1")
    with pytest.raises(ValueError):
        copy_into_variant_deck(mixed)
    assert deck.aquarius_cards.count() == 10


def test_a_card_or_deck_listed_twice_is_refused_and_nothing_is_written(db):
    """Loaded silently before, the second copy winning."""
    from cards.loading import CardDataError

    document = read_json(AQUARIUS_FILE)
    twin = dict(document["decks"][0]["cards"][0], name="Air twin")
    document["decks"][0]["cards"].append(twin)
    with pytest.raises(CardDataError, match=r"decks\[0\]\.cards\[55\]\.id: 'w_a_1' is also decks\[0\]\.cards\[0\]"):
        load_aquarius(document)
    document = read_json(AQUARIUS_FILE)
    document["decks"].append(dict(document["decks"][0], name="Again"))
    with pytest.raises(CardDataError, match=r"decks\[1\]\.slug: 'first-edition' is also decks\[0\]"):
        load_aquarius(document)
    assert not AquariusCard.objects.exists() and not Extension.objects.filter(game__slug="aquarius").exists()


def test_every_reason_the_engine_gives_for_refusing_a_card_is_worded_for_designers():
    from cards.aquarius.problems import problem_messages
    from games.aquarius.engine.cards import CardProblem

    card = AquariusCard(kind="portrait")
    samples = {"kind": {"kind": "round", "kinds": ""}, "panel_letters": {"elements": ""},
               "action_missing": {"actions": ""}, "panel_count": {"kind": "portrait", "expected": 2, "found": 1}}
    for code in CardProblem.ENGLISH:
        problem = CardProblem(code, samples.get(code, {}))
        [(field, [message])] = problem_messages(card, [problem]).items()
        assert field in {"slug", "kind", "panels", "action"} and message != str(problem), code
