"""A write refused as unplayable names each reason by a stable code with its params, worded in the reader's
language: in the API's `breaks` and in the admin's message (cards/integrity.py, the rulesets' card_set_problems)."""
import pytest
from django.utils import translation

from cards.aquarius.models import AquariusCard
from cards.integrity import REASONS
from cards.machikoro.models import Establishment
from config.registry import get_game

pytestmark = pytest.mark.django_db


def worded(code, language, **params):
    """The reason as the cards catalogue words it in `language` (tests/test_i18n_catalogue.py keeps it complete)."""
    with translation.override(language):
        return str(REASONS[code]) % params


def breaks(response):
    assert response.status_code == 409, response.content.decode()[:2000]
    return response.json()["error"]["breaks"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_deleting_a_starting_card_names_its_code_and_card(designer_api, official_cards, language):
    first = breaks(designer_api.delete("/api/establishments/wheat-field/", HTTP_ACCEPT_LANGUAGE=language))[0]
    assert first["code"] == "starting_card_missing"
    assert first["params"] == {"card": "wheat-field", "extensions": first["params"]["extensions"]}
    assert first["params"]["extensions"].startswith("base")
    assert first["reason"] == worded("starting_card_missing", language, **first["params"])
    if language == "en":  # in English, the engine's own words
        assert first["reason"].endswith(f"starting card 'wheat-field' is not in the extensions {first['params']['extensions']}")


def test_a_landmark_an_effect_names_has_its_own_code(designer_api, official_cards):
    first = breaks(designer_api.delete("/api/landmarks/harbor/?lang=fr"))[0]
    assert first["code"] == "effect_does_not_parse"
    assert first["params"]["card"] == "Sushi Bar" and "Harbor" in first["params"]["effect"]
    assert first["reason"] == worded("effect_does_not_parse", "fr", **first["params"])


def test_a_deck_too_small_for_a_full_table_names_its_counts(designer_api, official_cards):
    deck = AquariusCard.objects.filter(deck__slug="first-edition")
    AquariusCard.objects.exclude(pk__in=list(deck.order_by("order").values_list("pk", flat=True)[:16])).filter(
        deck__slug="first-edition").delete()  # set behind the API: just enough for five players
    card = deck.filter(kind="whole").first()
    first = breaks(designer_api.delete(f"/api/aquarius-cards/{card.pk}/", HTTP_ACCEPT_LANGUAGE="fr"))[0]
    assert first["code"] == "deck_too_small"
    assert first["params"] == {"deck": "first-edition", "cards": 15, "players": 5}
    assert first["reason"] == worded("deck_too_small", "fr", **first["params"])


def test_every_reason_the_checks_give_is_worded(official_cards):
    """The rulesets' checks give codes cards/integrity.py words (and params its wording takes)."""
    for slug in ("machikoro", "aquarius"):
        for _label, reason, code, params in get_game(slug).ruleset_object.card_set_problems().values():
            assert reason is None and code is None and params == {}
    Establishment.objects.filter(slug="wheat-field").delete()  # behind the check's back
    problems = get_game("machikoro").ruleset_object.card_set_problems().values()
    for _label, reason, code, params in problems:
        assert code in REASONS and str(REASONS[code]) % params == reason


def test_the_admin_says_the_reason_in_french(designer_browser, official_cards):
    card = Establishment.objects.get(slug="wheat-field")
    response = designer_browser.post(f"/admin/cards/establishment/{card.pk}/delete/", {"post": "yes"}, follow=True,
                                     HTTP_ACCEPT_LANGUAGE="fr")
    page = response.content.decode()
    assert response.status_code == 200 and Establishment.objects.filter(slug="wheat-field").exists()
    reason = worded("starting_card_missing", "fr", card="wheat-field", extensions="base")
    assert reason.replace("'", "&#x27;") in page
