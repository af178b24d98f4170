"""The admin's front page: a section per game of the registry (its card models), then the card catalogue, live games,
designers' tools, statistics, and users and access; every registered model in exactly one of them."""
from html import unescape
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.contrib import admin

from config.admin_sections import FIXED_SECTIONS, front_page_sections, sections_claiming
from config.registry import Game, all_games, register, unregister

from cards.machikoro.models import Establishment
from cards.models import CardGame
from cards.valeria.models import ValeriaCitizen

pytestmark = pytest.mark.django_db

AFTER_THE_GAMES = ["Card games and extensions", "Live games", "Designers' tools", "Statistics", "Users and access"]


def sections(page_response):
    return [(section["name"], [entry["name"] for entry in section["models"]]) for section in page_response.context["app_list"]]


def test_the_front_page_has_a_section_per_game_in_the_registrys_order_then_the_others(admin_client):
    found = sections(admin_client.get("/admin/"))
    names = [name for name, _ in found]
    assert names == [game.name for game in all_games() if game.cards] + AFTER_THE_GAMES
    models = dict(found)
    assert {"Establishments", "Landmarks (monuments)", "Colours", "Icon types"} == set(models["Machi Koro"])
    assert "Valeria citizens" in models["Valeria: Card Kingdoms"] and "Aquarius cards" in models["Aquarius"]
    assert models["Card games and extensions"] == ["Card games", "Extensions"]
    assert "Live games" in models["Live games"]
    assert models["Designers' tools"] == ["Balance lab", "Card set drafts"]
    assert "Site statistics" in models["Statistics"] and "Users" in models["Users and access"]


def test_every_registered_model_lands_in_exactly_one_section():
    claims = {model._meta.label: sections_claiming(model) for model in admin.site._registry}
    assert {label: keys for label, keys in claims.items() if len(keys) != 1} == {}


def test_a_new_game_gets_its_section_with_no_change_to_the_admin():
    newcomer = SimpleNamespace(__module__="cards.zebra.models", _meta=SimpleNamespace(app_label="cards"))
    assert [key for key in sections_claiming(newcomer)] == ["other"]
    register(Game(slug="zebra", name="Zebra", cards="cards.zebra"))
    try:
        assert sections_claiming(newcomer) == ["game-zebra"]
    finally:
        unregister("zebra")


def test_a_model_no_section_claims_is_listed_under_other_not_lost():
    stray = {"model": SimpleNamespace(__module__="elsewhere.models", _meta=SimpleNamespace(app_label="elsewhere")),
             "name": "Strays", "object_name": "Stray"}
    built = front_page_sections([stray])
    assert [(section["app_label"], [entry["name"] for entry in section["models"]]) for section in built
            if section["app_label"] != "tools"] == [("other", ["Strays"])]
    assert "other" not in {section.key for section in FIXED_SECTIONS}


def test_the_two_kinds_of_game_are_named_apart():
    from games.models import Game as LiveGame

    assert str(CardGame._meta.verbose_name_plural) == "card games"
    assert str(LiveGame._meta.verbose_name_plural) == "live games"


def test_statistics_are_view_only_on_the_front_page_and_cannot_be_added(admin_client):
    found = admin_client.get("/admin/").context["app_list"]
    statistics = next(section for section in found if section["name"] == "Statistics")
    assert statistics["models"] and all(entry["add_url"] is None for entry in statistics["models"])
    assert admin_client.get("/admin/stats/sitestatistics/add/").status_code == 403
    assert admin_client.get("/admin/stats/playerresult/add/").status_code == 403
    live = next(section for section in found if section["name"] == "Live games")
    assert all(entry["add_url"] is None and entry["view_only"] for entry in live["models"])


def test_the_balance_lab_is_listed_once_among_the_designers_tools(designer_browser):
    page = designer_browser.get("/admin/").content.decode()
    assert page.count('href="/stats/lab/"') == 1 and 'id="balance-lab-link"' in page
    assert "Models in the" not in page   # a section is not an application: its title is not a link to one


def test_an_application_page_still_lists_that_application(admin_client):
    response = admin_client.get("/admin/cards/")
    assert response.status_code == 200
    names = [entry["name"] for entry in response.context["app_list"][0]["models"]]
    assert "Establishments" in names and "Card games" in names


def test_the_french_front_page_names_its_sections_in_french(admin_client):
    admin_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    response = admin_client.get("/admin/")
    assert response.headers["Content-Language"] == "fr"
    names = [section["name"] for section in response.context["app_list"]]
    assert names[0] == "Minivilles"   # the game's French name, as the site's pages call it
    for french in ("Parties en direct", "Outils des concepteurs", "Statistiques"):
        assert french in names
    assert "Labo d'équilibrage" in unescape(response.content.decode())


def test_an_establishment_is_in_the_machi_koro_section_and_a_citizen_in_valerias():
    assert sections_claiming(Establishment) == ["game-machikoro"]
    assert sections_claiming(ValeriaCitizen) == ["game-valeria"]
