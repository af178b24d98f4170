"""/api/ describes every game's part of the API and lists every endpoint under /api/, each where it answers."""
import re

import pytest
from django.urls import resolve

from cards import api_urls
from cards.api_root import GAMES, SHARED
from games.api import urls as games_api_urls
from games.ratings import api_urls as ratings_api_urls
from stats import api_urls as stats_api_urls

pytestmark = pytest.mark.django_db

GAME_NAMES = {"machi-koro": "Machi Koro", "aquarius": "Aquarius", "lorenzo": "Lorenzo il Magnifico",
              "valeria": "Valeria", "progress": "Progress"}


@pytest.fixture
def root(client):
    return client.get("/api/", HTTP_ACCEPT="application/json").json()


def test_the_description_names_every_game_and_the_calculators(root):
    description = root["description"]
    for name in GAME_NAMES.values():
        assert name in description, name
    for words in ("knowledge costs", "final scores", "effects/explain/", "statistics"):
        assert words in description, words


def test_every_endpoint_the_urls_define_is_listed(root):
    router_names = {pattern.name for pattern in api_urls.router.urls}
    defined = {pattern.name for pattern in api_urls.urlpatterns + stats_api_urls.urlpatterns
               + games_api_urls.urlpatterns + ratings_api_urls.urlpatterns
               if pattern.name not in router_names}
    listed = {resolve(re.sub(r"\{\w+\}", "1", entry["url"].removeprefix("http://testserver"))).url_name
              for entry in root["endpoints"].values()}
    assert defined <= listed
    assert {prefix for prefix, _viewset, _name in api_urls.router.registry} == set(root["collections"])


@pytest.mark.parametrize("name, url", [
    ("export-valeria", "/api/export/valeria/"),
    ("export-aquarius", "/api/export/aquarius/"),
    ("valeria-banned", "/api/valeria/banned/"),
    ("progress-cost", "/api/progress/cards/{slug}/cost/"),
    ("lorenzo-score", "/api/lorenzo/score/"),
    ("effects-explain", "/api/effects/explain/"),
    ("game-statistics", "/api/games/{game_id}/stats/"),
    ("export-lorenzo-set", "/api/export/lorenzo/{card_set}/"),
    ("games", "/api/games/"),
    ("game-seat-remove", "/api/games/{code}/seats/{position}/"),
    ("game-result", "/api/games/{code}/result/"),
])
def test_each_endpoint_has_its_url_and_a_description(root, name, url):
    assert root["endpoints"][name]["url"] == f"http://testserver{url}"
    assert len(root["endpoints"][name]["description"]) > 20


def test_every_game_describes_its_own_collections_and_endpoints(root):
    assert set(root["games"]) == set(GAME_NAMES) == set(GAMES)
    claimed = {"collections": list(SHARED["collections"]), "endpoints": list(SHARED["endpoints"])}
    for slug, game in root["games"].items():
        assert GAME_NAMES[slug] in game["name"] and game["description"], slug
        assert game["collections"], slug
        for kind in ("collections", "endpoints"):
            claimed[kind] += game[kind]
    for kind in ("collections", "endpoints"):  # each listed once, by exactly one game or as shared
        assert sorted(claimed[kind]) == sorted(root[kind]), kind
    assert "lorenzo-score" in root["games"]["lorenzo"]["endpoints"]
    assert "progress-cost" in root["games"]["progress"]["endpoints"]
    assert {"export-valeria", "valeria-banned"} <= set(root["games"]["valeria"]["endpoints"])
