import re

import pytest
from django.test import Client

from cards.machikoro.models import Establishment

pytestmark = pytest.mark.django_db


def change_form_data(card, **changes):
    data = {
        "name": card.name, "name_fr": card.name_fr, "slug": card.slug, "aliases": "\n".join(card.aliases),
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


@pytest.mark.parametrize("settings_json, message", [
    (DEEP, "nested more than 64 levels deep"),
    ('{"names": ["Boulangerie", "\\ud800"]}', "lone surrogate"),
    ("[" * 70 + "]" * 70, "nested more than 64 levels deep"),
])
def test_hostile_json_typed_in_the_admin_is_a_form_error_and_changes_nothing(designer_browser, official_cards,
                                                                             settings_json, message):
    from cards.valeria.models import ValeriaPreset

    response = designer_browser.post("/admin/cards/valeriapreset/add/", {"slug": "hostile", "label": "Hostile",
                                                                          "settings": settings_json})
    assert response.status_code == 200
    assert message in str(response.context["adminform"].form.errors["settings"])
    assert not ValeriaPreset.objects.filter(slug="hostile").exists()


def test_aliases_are_typed_one_per_line_and_saved_as_a_list(designer_browser, official_cards):
    card = Establishment.objects.get(slug="bakery")
    url = f"/admin/cards/establishment/{card.pk}/change/"
    response = designer_browser.post(url, change_form_data(card, aliases="Boulangerie\r\n\r\n  Panadería  \r\n\n"))
    assert response.status_code == 302, response.content.decode()[:2000]
    card.refresh_from_db()
    assert card.aliases == ["Boulangerie", "Panadería"]  # a list of two: blank lines and outer spaces dropped
    form = designer_browser.get(url).context["adminform"].form
    assert form.initial["aliases"] == ["Boulangerie", "Panadería"] and form["aliases"].value() == "Boulangerie\nPanadería"
    page = designer_browser.get(url).content.decode()
    assert re.search(r'<textarea name="aliases"[^>]*>\s*Boulangerie\nPanadería</textarea>', page), "shown one per line"
    assert "[&quot;" not in page.split('name="aliases"', 1)[1].split("</textarea>", 1)[0]


def test_no_aliases_is_an_empty_list_and_a_too_long_alias_is_refused(designer_browser, official_cards):
    card = Establishment.objects.get(slug="bakery")
    url = f"/admin/cards/establishment/{card.pk}/change/"
    assert designer_browser.post(url, change_form_data(card, aliases="\n  \n")).status_code == 302
    card.refresh_from_db()
    assert card.aliases == []
    response = designer_browser.post(url, change_form_data(card, aliases="Boulangerie\n" + "x" * 101))
    assert response.status_code == 200
    assert "at most 100 characters" in str(response.context["adminform"].form.errors["aliases"])
    assert "Boulangerie\n" + "x" * 101 in response.content.decode()  # the text as typed, to correct
    card.refresh_from_db()
    assert card.aliases == []


def test_a_preset_with_deeply_nested_settings_is_refused_in_the_admin(designer_browser, official_cards):
    from cards.valeria.models import ValeriaPreset

    response = designer_browser.post("/admin/cards/valeriapreset/add/", {"slug": "deep", "label": "Deep",
                                                                          "settings": DEEP})
    assert response.status_code == 200 and "nested more than 64 levels deep" in response.content.decode()
    assert not ValeriaPreset.objects.filter(slug="deep").exists()


@pytest.fixture
def french_designer(designer_browser):
    designer_browser.cookies["django_language"] = "fr"
    return designer_browser


def test_a_cards_page_in_the_admin_is_french(french_designer, official_cards):
    card = Establishment.objects.get(slug="bakery")
    page = french_designer.get(f"/admin/cards/establishment/{card.pk}/change/").content.decode()
    for section in ("Jeu", "Effet", "Image", "Suivi"):
        assert f">{section}</h2>" in page, section
    for french in ("Face de la carte", "Autres noms", "Les autres noms imprimés de la carte, un par ligne.",
                   "Nom français", "Effet en anglais"):
        assert french in page, french
    for english in ("Card face", ">Play</h2>", ">Record</h2>", "Other printed names", "in English appears"):
        assert english not in page, english
    # The live help asks in the page's language and gets its own words from the site's JavaScript catalogue.
    assert 'data-effect-lang="fr"' in page
    assert page.index('src="/i18n/catalog.js"') < page.index("cards/effect-explain.js")


def test_admin_messages_and_refusals_are_french(french_designer, official_cards):
    card = Establishment.objects.get(slug="mine")
    response = french_designer.post("/admin/cards/establishment/",
                                    {"action": "duplicate_cards", "_selected_action": [card.pk]}, follow=True)
    assert "Mine (copy) créé. Renommez la copie et ajustez ses valeurs." in response.content.decode()
    url = f"/admin/cards/establishment/{card.pk}/change/"
    errors = french_designer.post(url, change_form_data(card, activation_min=10, activation_max=2)
                                  ).context["adminform"].form.errors
    assert errors["activation_max"] == ["La plus haute valeur d'activation ne doit pas être inférieure à la plus basse."]
    errors = french_designer.post(url, change_form_data(card, effect="c 1 @")).context["adminform"].form.errors
    assert errors["effect"][0].startswith("col. 5 : attendu ") and ", trouvé '@'" in errors["effect"][0]
    errors = french_designer.post(url, change_form_data(card, effect="")).context["adminform"].form.errors
    assert errors["effect"] == ["Chaque carte a besoin d'un effet : écrivez ce qu'elle fait dans la grammaire des effets."]


def test_the_effect_error_reads_as_before_in_english():
    """The French frame of a grammar error leaves the English message exactly the grammar's own."""
    from django.utils import translation

    from cards.machikoro.effects import effect_error_message
    from cards.effects import EffectError

    for error in (EffectError(5, "@", "a number"), EffectError(4, "", "a verb"), EffectError(2, "a\nb", "x")):
        assert effect_error_message(error) == str(error)
        with translation.override("fr"):
            assert effect_error_message(error) == str(error).replace("col ", "col. ").replace(": expected", " : attendu") \
                .replace(", found end of effect", ", trouvé la fin de l'effet").replace(", found", ", trouvé")
