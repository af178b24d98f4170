"""No designer action breaks play: a write (API, admin, import, draft publish) that would leave a live game's
official cards unable to start is refused, names why, and writes nothing (cards/integrity.py)."""
import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from cards.aquarius.data import aquarius_document
from cards.aquarius.models import AquariusCard
from cards.drafts.services import create_draft, publish_draft
from cards.loading import CardDataError, load_card_file
from cards.machikoro.export import document as machikoro_document
from cards.machikoro.models import Establishment, Landmark
from cards.models import CardGame, Extension

pytestmark = pytest.mark.django_db


def refused(response):
    assert response.status_code == 409, response.content.decode()[:2000]
    error = response.json()["error"]
    assert error["code"] == "unplayable" and error["breaks"]
    return error


# ---- the REST API ---------------------------------------------------------------------------------------------

def test_deleting_a_starting_card_is_refused_naming_it(designer_api, official_cards):
    error = refused(designer_api.delete("/api/establishments/wheat-field/"))
    assert "Wheat Field cannot be deleted" in error["message"] and "wheat-field" in error["message"]
    assert error["breaks"][0]["game"] == "Machi Koro" and "Base game" in error["breaks"][0]["choice"]
    assert Establishment.objects.filter(slug="wheat-field").exists()


def test_moving_a_starting_card_out_of_the_base_game_is_refused(designer_api, official_cards):
    error = refused(designer_api.patch("/api/establishments/bakery/", {"extension": "harbor"}, format="json"))
    assert "Bakery" in error["message"] and "'bakery'" in error["message"]
    assert Establishment.objects.get(slug="bakery").extension.slug == "base"


def test_renaming_the_base_game_is_refused(designer_api, official_cards):
    base = Extension.objects.get(game__slug=CardGame.MACHI_KORO, slug="base")
    refused(designer_api.patch(f"/api/extensions/{base.pk}/", {"slug": "basic"}, format="json"))
    assert Extension.objects.filter(pk=base.pk, slug="base").exists()


def test_deleting_a_landmark_other_cards_name_is_refused(designer_api, official_cards):
    error = refused(designer_api.delete("/api/landmarks/harbor/"))  # Sushi Bar: "if owner has Harbor ..."
    assert "Harbor cannot be deleted" in error["message"] and "Harbor" in error["breaks"][0]["choice"]
    assert Landmark.objects.filter(slug="harbor").exists()


def test_a_harmless_delete_still_goes_through(designer_api, official_cards):
    assert designer_api.delete("/api/establishments/tuna-boat/").status_code == 204
    assert designer_api.delete("/api/landmarks/airport/").status_code == 204
    assert not Landmark.objects.filter(slug="airport").exists()


def test_the_aquarius_deck_keeps_the_cards_a_full_table_needs(designer_api, official_cards):
    deck = AquariusCard.objects.filter(deck__slug="first-edition")
    AquariusCard.objects.exclude(pk__in=list(deck.order_by("order").values_list("pk", flat=True)[:16])).filter(
        deck__slug="first-edition").delete()  # 16 cards: just enough for five players, set behind the API
    card = deck.filter(kind="whole").first()
    error = refused(designer_api.delete(f"/api/aquarius-cards/{card.pk}/"))
    assert "cannot be deleted" in error["message"] and "too small for 5 players" in error["message"]
    assert deck.count() == 16


def test_renaming_the_official_aquarius_deck_is_refused(designer_api, official_cards):
    deck = Extension.objects.get(game__slug=CardGame.AQUARIUS, slug="first-edition")
    error = refused(designer_api.patch(f"/api/extensions/{deck.pk}/", {"slug": "first"}, format="json"))
    assert error["breaks"][0]["game"] == "Aquarius"
    assert Extension.objects.filter(pk=deck.pk, slug="first-edition").exists()


# ---- the admin --------------------------------------------------------------------------------------------------

def test_the_admin_refuses_to_delete_a_starting_card(designer_browser, official_cards):
    card = Establishment.objects.get(slug="wheat-field")
    response = designer_browser.post(f"/admin/cards/establishment/{card.pk}/delete/", {"post": "yes"}, follow=True)
    assert response.status_code == 200
    assert "Wheat Field cannot be deleted" in response.content.decode()
    assert Establishment.objects.filter(slug="wheat-field").exists()


def test_the_admin_refuses_a_bulk_delete_taking_a_starting_card(designer_browser, official_cards):
    cards = list(Establishment.objects.filter(slug__in=["wheat-field", "tuna-boat"]).values_list("pk", flat=True))
    response = designer_browser.post("/admin/cards/establishment/", {
        "action": "delete_selected", "_selected_action": cards, "post": "yes"}, follow=True)
    assert response.status_code == 200
    assert "could no longer start" in response.content.decode()
    assert Establishment.objects.filter(pk__in=cards).count() == 2


def test_the_admin_change_form_shows_the_refusal_as_a_form_error(designer_browser, official_cards):
    from cards.tests.test_admin import change_form_data

    card = Establishment.objects.get(slug="wheat-field")
    harbor = Extension.objects.get(game__slug=CardGame.MACHI_KORO, slug="harbor")
    response = designer_browser.post(f"/admin/cards/establishment/{card.pk}/change/",
                                     change_form_data(card, extension=harbor.pk, cost=5))
    page = response.content.decode()
    assert response.status_code == 200 and "errornote" in page and "could no longer start" in page
    card.refresh_from_db()
    assert card.extension.slug == "base" and card.cost == 1


# ---- imports and drafts -----------------------------------------------------------------------------------------

def _moved_starting_card_document():
    document = machikoro_document()
    for card in document["establishments"]:
        if card["slug"] == "wheat-field":
            card["extension"] = "harbor"
        if card["slug"] == "mine":
            card["cost"] = 2
    return document


def test_an_import_that_drops_a_starting_card_writes_nothing(official_cards):
    with pytest.raises(CardDataError, match="nothing was written.*could no longer start.*wheat-field"):
        load_card_file(_moved_starting_card_document(), overwrite=True)
    assert Establishment.objects.get(slug="wheat-field").extension.slug == "base"
    assert Establishment.objects.get(slug="mine").cost == 6


def test_an_aquarius_import_leaving_no_element_card_writes_nothing(official_cards):
    actions = AquariusCard.objects.filter(deck__slug="first-edition", kind="action")
    before = actions.count()
    document = aquarius_document()
    for deck in document["decks"]:
        for card in deck["cards"]:
            card.update(kind="action", panels=[], action="move_card")
    with pytest.raises(CardDataError, match="Aquarius.*could no longer start.*element cards"):
        load_card_file(document, overwrite=True)
    assert actions.count() == before


def test_the_aquarius_admin_refuses_a_delete_the_deck_needs(designer_browser, official_cards):
    deck = AquariusCard.objects.filter(deck__slug="first-edition")
    deck.exclude(pk__in=list(deck.order_by("order").values_list("pk", flat=True)[:16])).delete()
    card = deck.first()
    response = designer_browser.post(f"/admin/cards/aquariuscard/{card.pk}/delete/", {"post": "yes"}, follow=True)
    assert "cannot be deleted" in response.content.decode() and "too small for 5 players" in response.content.decode()
    assert deck.count() == 16


def test_load_cards_refuses_such_a_file(official_cards, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(_moved_starting_card_document()), encoding="utf-8")
    with pytest.raises(CommandError, match="could no longer start"):
        call_command("load_cards", str(path), "--overwrite")
    assert Establishment.objects.get(slug="mine").cost == 6


def test_publishing_a_draft_without_a_starting_card_is_refused(official_cards, designer):
    draft = create_draft(name="No wheat", user=designer)
    draft.cards.filter(slug="wheat-field").update(included=False)
    draft.cards.filter(slug="mine").update(cost=2)
    with pytest.raises(ValidationError, match="cannot be published.*could no longer start"):
        publish_draft(draft, user=designer)
    assert Establishment.objects.filter(slug="wheat-field").exists()
    assert Establishment.objects.get(slug="mine").cost == 6
    draft.refresh_from_db()
    assert draft.published_at is None


def test_the_draft_admin_says_why_it_did_not_publish(designer_browser, official_cards, designer):
    draft = create_draft(name="No bakery", user=designer)
    draft.cards.filter(slug="bakery").update(included=False)
    response = designer_browser.post("/admin/cards/cardsetdraft/", {"action": "publish",
                                                                     "_selected_action": [draft.pk]}, follow=True)
    assert "could no longer start" in response.content.decode()
    assert Establishment.objects.filter(slug="bakery").exists()


def test_the_last_landmark_to_build_for_the_win_is_kept(designer_api, official_cards):
    base = Landmark.objects.filter(extension__slug="base", counts_toward_win=True, starts_built=False)
    *others, last = base.order_by("cost").values_list("slug", flat=True)
    for slug in others:
        response = designer_api.patch(f"/api/landmarks/{slug}/", {"counts_toward_win": False}, format="json")
        assert response.status_code == 200, response.content.decode()[:500]
    error = refused(designer_api.patch(f"/api/landmarks/{last}/", {"counts_toward_win": False}, format="json"))
    assert "no landmark to build" in error["message"]
    assert Landmark.objects.get(slug=last).counts_toward_win
