"""The players' rules pages (/games/rules/<game>/ and the game page's panel): each game's, pictured with the cards
of the database, in the reader's language, linked from the home, create and game pages; the engine's rules stay
developers' guides, without paths of a development machine."""
import json
import re
from html import unescape

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse

from cards.aquarius.models import AquariusCard
from cards.machikoro.models import Establishment, Landmark
from config import checks, registry
from games import services

pytestmark = pytest.mark.django_db

HERE = __name__
NO_TEMPLATE = registry.Game(slug="untold", name="Untold", rules_template="games/untold/rules.html")
CARDS_WITHOUT_RULES = registry.Game(slug="mute", name="Mute", rules_cards="games.machikoro.rules.rules_cards")


def page(client, game, language="en", panel=False):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(reverse("games:rules-panel" if panel else "games:rules", args=[game]))
    assert response.status_code == 200 and response["Content-Language"] == language
    return response.content.decode()


def faces(html):
    """The card faces the page asks card-face.js to draw: [{kind, name, ...}]."""
    return [json.loads(unescape(data))["card"] for data in re.findall(r'data-card-face="([^"]*)"', html)]


def aquarius_cards(html):
    return [json.loads(unescape(data)) for data in re.findall(r'data-aq-card="([^"]*)"', html)]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_machi_koro_rules_picture_the_base_cards_by_colour(client, official_cards, language):
    html = page(client, "machikoro", language)
    names = {face["name"] for face in faces(html)}
    base = Establishment.objects.filter(extension__slug="base")
    field = "name_fr" if language == "fr" else "name"
    assert names >= {getattr(card, field) for card in base} | {
        getattr(card, field) for card in Landmark.objects.filter(extension__slug="base")}
    assert not names & set(Establishment.objects.exclude(extension__slug="base").values_list(field, flat=True))
    colours = re.findall(r'class="rules-colour colour-(\w+)"', html)
    assert colours[0] == "red" and colours[-1] == "purple" and set(colours) == {"red", "blue", "green", "purple"}
    assert ("Champ de blé" if language == "fr" else "Wheat Field") in html  # a starting card
    assert f'<html lang="{language}">' in html and 'href="/docs/rules/"' in html


@pytest.mark.parametrize("language", ["en", "fr"])
def test_aquarius_rules_picture_the_deck(client, official_cards, language):
    html = page(client, "aquarius", language)
    cards = aquarius_cards(html)
    names = [card["name"] for card in cards]
    zap, water, goal = (("Retirer une carte", "Carte Eau", "Objectif : Eau") if language == "fr"
                        else ("Zap a Card", "Water card", "Goal: Water"))
    assert zap in names and water in names and goal in names
    actions = {card["action"] for card in cards if card["kind"] == "action"}
    assert actions == set(AquariusCard.objects.filter(kind="action").values_list("action", flat=True))
    assert {card["kind"] for card in cards} == {"whole", "landscape", "portrait", "quartered", "action"}
    assert "js/boards/aquarius/cards.js" in html and 'href="/docs/rules-aquarius/"' in html


def test_a_deck_edited_in_the_database_shows_on_the_rules(client, official_cards):
    AquariusCard.objects.filter(action="zap_card").delete()
    Establishment.objects.filter(slug="wheat-field").update(name="Barley Field")
    assert "Zap a Card" not in page(client, "aquarius")
    assert "Barley Field" in page(client, "machikoro")


def test_the_panel_is_the_rules_without_the_page(client, official_cards):
    html = page(client, "aquarius", panel=True)
    assert html.lstrip().startswith("<h2 id=\"rules-panel-title\"") and "<html" not in html and "<script" not in html
    assert aquarius_cards(html) and 'href="/games/rules/aquarius/"' in html


def test_rules_of_an_unknown_game_or_one_without_rules_are_not_found(client):
    assert client.get(reverse("games:rules", args=["nothing"])).status_code == 404
    assert client.get(reverse("games:rules", args=["lorenzo"])).status_code == 404


def test_the_rules_are_linked_from_home_create_and_game_pages(client, official_cards, django_user_model, ann):
    home = client.get("/").content.decode()
    assert 'href="/games/rules/machikoro/"' in home and 'href="/games/rules/aquarius/"' in home
    assert 'href="/docs/rules/"' not in home
    client.force_login(django_user_model.objects.get(pk=ann.user_id))
    create = client.get(reverse("games:create-ruleset", args=["aquarius"])).content.decode()
    assert 'id="create-rules-link"' in create and 'href="/games/rules/aquarius/"' in create
    game = services.create_game(host=ann, ruleset_slug="machikoro", options={}, public=True, min_players=2,
                                max_players=4, turn_seconds=0)
    html = client.get(reverse("games:game", args=[game.code])).content.decode()
    menu = html.split('<nav class="game-menu"')[1].split("</nav>")[0]
    assert 'id="rules-link"' in menu and 'data-panel="/games/rules/machikoro/panel/"' in menu
    assert 'id="rules-panel"' in html and "js/rules-panel.js" in html


@pytest.mark.parametrize("name", ["rules", "rules-aquarius", "playing"])
def test_the_developers_rules_show_no_path_of_a_development_machine(client, name):
    html = client.get(reverse("docs", args=[name])).content.decode()
    assert not re.search(r"/tmp\b|/work\b|/home/|shared/reference", html)


@pytest.mark.parametrize("name, game", [("rules", "machikoro"), ("rules-aquarius", "aquarius")])
def test_the_engines_rules_send_players_to_their_rules(client, name, game):
    html = client.get(reverse("docs", args=[name])).content.decode()
    notice = html.split('id="players-rules"')[1].split("</p>")[0]
    assert f'href="/games/rules/{game}/"' in notice and "for developers" in notice


def test_a_rules_template_that_does_not_exist_or_cards_without_rules_are_reported():
    with override_settings(GAMES_EXTRA=[f"{HERE}.NO_TEMPLATE", f"{HERE}.CARDS_WITHOUT_RULES"]):
        found = {(error.id, error.msg) for error in checks.check_declarations()}
    assert ("games.E013", "game 'untold': its rules template 'games/untold/rules.html' does not exist") in found
    assert ("games.E012", "game 'mute' declares rules_cards but no rules_template") in found
