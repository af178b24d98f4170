"""Every Machi Koro card, icon, colour and box has its official French (Minivilles) name; designers edit both
names in the admin, with history, and see the effect explained in both languages."""
import json
from pathlib import Path

import pytest

from cards.models import CardGame, Extension
from cards.machikoro.models import Colour, Establishment, IconType, Landmark

from cards.tests.test_admin import change_form_data

pytestmark = pytest.mark.django_db
# The shared reference folder beside the checkout, where the machine has it.
REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "machikoro" / "cards.json"
DATA = Path(__file__).resolve().parents[1] / "data" / "machikoro.json"
ENGLISH_ONLY = {"Exhibit Hall"}  # an English promo: no French edition, so no official French name


def test_every_official_card_has_its_french_name(official_cards):
    data = json.loads(DATA.read_text(encoding="utf-8"))
    expected = {c["name"]: c["name_fr"] for c in data["establishments"] + data["landmarks"]}
    if REFERENCE.exists():  # the shared reference the names come from, where the machine has it
        reference = {c["name"]: c.get("name_fr") or "" for c in json.loads(REFERENCE.read_text(encoding="utf-8"))}
        assert expected == reference
    loaded = {c.name: c.name_fr for c in [*Establishment.objects.all(), *Landmark.objects.all()]}
    assert loaded == expected
    assert {name for name, french in loaded.items() if not french} == ENGLISH_ONLY
    assert loaded["Cheese Factory"] == "Fromagerie" and loaded["Amusement Park"] == "Parc d'attractions"


def test_boxes_icons_colours_and_the_game_have_french_names(official_cards):
    boxes = dict(Extension.objects.filter(game__slug="machi-koro").values_list("slug", "name_fr"))
    assert boxes == {"base": "Minivilles", "harbor": "Marina", "millionaires-row": "Green Valley",
                     "five-six": "5–6 joueurs", "promo": "Promos"}
    assert CardGame.objects.get(slug="machi-koro").name_fr == "Minivilles"
    assert all(IconType.objects.filter(game__slug="machi-koro").values_list("name_fr", flat=True))
    assert dict(Colour.objects.filter(game__slug="machi-koro").values_list("slug", "name_fr"))["red"] == "Rouge"


def test_the_card_form_shows_both_names_and_both_explanations(designer_browser, official_cards):
    card = Establishment.objects.get(slug="cheese-factory")
    page = designer_browser.get(f"/admin/cards/establishment/{card.pk}/change/").content.decode()
    assert 'name="name"' in page and 'name="name_fr"' in page and "French name" in page
    assert "Effect in French" in page
    assert "recevez 3 pièces de la banque pour chaque établissement de type vache" in page
    assert "get 3 coins from the bank for each cow establishment" in page


def test_a_designer_renames_a_card_in_french_and_history_shows_it(designer_browser, official_cards):
    card = Establishment.objects.get(slug="mine")
    url = f"/admin/cards/establishment/{card.pk}/change/"
    response = designer_browser.post(url, change_form_data(card, name_fr="Mine d'or"))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Establishment.objects.get(slug="mine").name_fr == "Mine d'or"
    history = designer_browser.get(f"/admin/cards/establishment/{card.pk}/history/").content.decode()
    assert "dana" in history and "Mine d&#x27;or" in history


def test_a_designer_renames_an_icon_in_french_with_history(designer_browser, designer, official_cards):
    icon = IconType.objects.get(game__slug="machi-koro", slug="cup")
    url = f"/admin/cards/icontype/{icon.pk}/change/"
    page = designer_browser.get(url).content.decode()
    assert 'name="name_fr"' in page
    response = designer_browser.post(url, {"game": icon.game_id, "slug": icon.slug, "name": icon.name,
                                           "name_fr": "Tasse à café", "symbol": icon.symbol})
    assert response.status_code == 302, response.content.decode()[:2000]
    latest = IconType.objects.get(pk=icon.pk).history.first()
    assert latest.name_fr == "Tasse à café" and latest.history_user == designer
    assert designer_browser.get(f"/admin/cards/icontype/{icon.pk}/history/").status_code == 200
