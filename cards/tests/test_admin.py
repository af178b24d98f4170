import pytest
from django.test import Client

from cards.models import Establishment

pytestmark = pytest.mark.django_db


@pytest.fixture
def designer_browser(designer):
    browser = Client()
    browser.force_login(designer)
    return browser


def change_form_data(card, **changes):
    data = {
        "name": card.name, "name_fr": card.name_fr, "slug": card.slug, "aliases": "[]",
        "extension": card.extension_id, "colour": card.colour_id, "icon": card.icon_id,
        "activation_min": card.activation_min, "activation_max": card.activation_max, "cost": card.cost,
        "copies": card.copies, "major": "on" if card.major else "", "effect": card.effect,
        "description": card.description, "rules_note": card.rules_note,
    }  # fmt: skip
    data.update(changes)
    return {k: v for k, v in data.items() if v != ""} | {"effect": data["effect"]}


def test_designer_group_member_edits_a_card_and_history_shows_it(designer_browser, official_cards):
    card = Establishment.objects.get(slug="mine")
    url = f"/admin/cards/establishment/{card.pk}/change/"
    assert designer_browser.get(url).status_code == 200
    response = designer_browser.post(url, change_form_data(card, cost=7))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Establishment.objects.get(slug="mine").cost == 7
    history = designer_browser.get(f"/admin/cards/establishment/{card.pk}/history/").content.decode()
    assert "dana" in history and "<strong>Cost:</strong>" in history


def test_admin_refuses_bad_values_and_saves_nothing(designer_browser, official_cards):
    card = Establishment.objects.get(slug="mine")
    response = designer_browser.post(
        f"/admin/cards/establishment/{card.pk}/change/", change_form_data(card, activation_min=10, activation_max=2)
    )
    assert response.status_code == 200
    assert "must not be lower than the lowest" in response.content.decode()
    assert Establishment.objects.get(slug="mine").activation_min == 9


def test_player_cannot_enter_or_write(player, official_cards):
    browser = Client()
    browser.force_login(player)
    card = Establishment.objects.get(slug="mine")
    response = browser.post(f"/admin/cards/establishment/{card.pk}/change/", {"cost": 1})
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert Establishment.objects.get(slug="mine").cost == 6


def test_list_search_in_french_and_filter_by_activation(designer_browser, official_cards):
    page = designer_browser.get("/admin/cards/establishment/", {"q": "Fromagerie"}).content.decode()
    assert "Cheese Factory" in page and "Wheat Field" not in page
    page = designer_browser.get("/admin/cards/establishment/", {"activation": "13"}).content.decode()
    for name in ("Tuna Boat", "Food Warehouse", "Park", "Member&#x27;s Only Club"):
        assert name in page
    assert "Wheat Field" not in page


def test_duplicate_action_copies_the_card(designer_browser, official_cards):
    card = Establishment.objects.get(slug="mine")
    response = designer_browser.post(
        "/admin/cards/establishment/", {"action": "duplicate_cards", "_selected_action": [card.pk]}
    )
    assert response.status_code == 302
    copy = Establishment.objects.get(slug="mine-copy")
    assert (copy.name, copy.cost, copy.activation_min, copy.effect) == ("Mine (copy)", 6, 9, card.effect)


def test_change_page_explains_the_effect(designer_browser, official_cards):
    card = Establishment.objects.get(slug="cafe")
    page = designer_browser.get(f"/admin/cards/establishment/{card.pk}/change/").content.decode()
    assert "Effect in English" in page


def test_card_list_page_shows_cards_escaped(client, official_cards, designer):
    Establishment.objects.filter(slug="mine").update(name_fr="<script>alert(1)</script>")
    page = client.get("/cards/").content.decode()
    assert "Cheese Factory" in page and "Fromagerie" in page
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page


DEEP = "[" * 100000 + "]" * 100000


@pytest.mark.parametrize("aliases, message", [
    (DEEP, "nested more than 64 levels deep"),
    ('["Boulangerie", "\\ud800"]', "lone surrogate"),
    ("[" * 70 + "]" * 70, "nested more than 64 levels deep"),
])
def test_hostile_json_typed_in_the_admin_is_a_form_error_and_changes_nothing(designer_browser, official_cards,
                                                                             aliases, message):
    card = Establishment.objects.get(slug="bakery")
    before = (card.aliases, card.history.count())
    response = designer_browser.post(f"/admin/cards/establishment/{card.pk}/change/",
                                     change_form_data(card, aliases=aliases))
    assert response.status_code == 200
    assert message in str(response.context["adminform"].form.errors["aliases"])
    card.refresh_from_db()
    assert (card.aliases, card.history.count()) == before


def test_a_preset_with_deeply_nested_settings_is_refused_in_the_admin(designer_browser, official_cards):
    from cards.models.valeria import ValeriaPreset

    response = designer_browser.post("/admin/cards/valeriapreset/add/", {"slug": "deep", "label": "Deep",
                                                                          "settings": DEEP})
    assert response.status_code == 200 and "nested more than 64 levels deep" in response.content.decode()
    assert not ValeriaPreset.objects.filter(slug="deep").exists()
