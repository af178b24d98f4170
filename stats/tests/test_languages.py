"""The statistics in the reader's language: the pages name the cards from the frozen card set's French names, and
the statistics' own words (their games' count, their status) are worded when shown."""
import pytest
from django.utils import translation

from stats import services
from stats.models import GameStatistics, SiteStatistics
from stats.machikoro.selectors import card_label, game_view

from stats.tests.factories import play_finished_game

pytestmark = pytest.mark.django_db


def test_a_games_statistics_name_cards_in_french_for_a_french_reader():
    game, _ = play_finished_game(seed=11, players=3, extensions=("base", "harbor"))
    result = services.compute_and_store(game.pk).result
    english = game_view(result)
    with translation.override("fr"):
        french = game_view(result)
    english_names = {row["card"] for row in english["income"]["rows"]}
    french_names = {row["card"] for row in french["income"]["rows"]}
    assert "Wheat Field" in english_names and "Champ de blé" in french_names
    assert "Wheat Field" not in french_names
    with translation.override("fr"):
        assert card_label("bakery") == "Boulangerie"
    assert card_label("bakery") == "Bakery"


def test_statistics_stored_before_french_names_fall_back_to_english():
    game, _ = play_finished_game(seed=11, players=3)
    result = services.compute_and_store(game.pk).result
    for card in result["cards"].values():
        card.pop("name_fr")
    with translation.override("fr"):
        names = {row["card"] for row in game_view(result)["income"]["rows"]}
    assert "Wheat Field" in names


def test_a_games_timeline_and_landmarks_are_french_for_a_french_reader():
    game, _ = play_finished_game(seed=11, players=3, extensions=("base", "harbor"))
    result = services.compute_and_store(game.pk).result
    with translation.override("fr"):
        french = game_view(result)
    notes = [note for row in french["timelines"][0]["rows"] for note in row["notes"]]
    assert any(note.startswith("Achète ") for note in notes) and not any("Bought" in note for note in notes)
    assert any(note.startswith("\u2605 Construit ") for note in notes)
    assert all(not label["label"].startswith(("Built", "Lost")) for label in french["chart"]["landmarks"])
    assert french["game"]["mix_label"] == "base + Marina"
    assert game_view(result)["game"]["mix_label"] == "base + Harbor"


def test_numbers_and_plurals_of_the_statistics_pages_follow_the_language(client):
    from django.template import Context, Template

    template = Template("{% load stats_tags %}{{ rate|percent:1 }} {{ turns|decimal:1 }} {{ p|p_value }}")
    context = Context({"rate": 42.857, "turns": 73.04, "p": 0.01234})
    assert template.render(context) == "42.9\u00a0% 73.0 0.0123"
    with translation.override("fr"):
        assert template.render(context) == "42,9\u00a0% 73,0 0,0123"
    game = play_finished_game(seed=12, players=3)[0]
    services.compute_and_store(game.pk)
    client.cookies["django_language"] = "fr"
    page = client.get("/stats/").content.decode()
    assert "1 partie comptée (1 gagnée, 0 arrêtée sans gagnant)" in page


def test_aquarius_statistics_speak_french(db):
    from stats.aquarius.statistics import AquariusStatistics

    from stats.tests.aquarius_factories import play_finished_aquarius

    game = play_finished_aquarius(seed=3, players=3)[0]
    result = services.compute_and_store(game.pk).result
    with translation.override("fr"):
        view = AquariusStatistics().game_view(result, {})
    series = view["chart"]["series"]
    assert series["measures"]["title"] == "Plus grand groupe par élément"
    assert {d["label"] for d in series["measures"]["datasets"]} == {"air", "terre", "feu", "eau", "vide"}
    assert all(p["goal_name"] in {"air", "terre", "feu", "eau", "vide"} for p in view["players"])


@pytest.mark.parametrize("games, english, french", [
    (1, "site statistics over 1 game", "statistiques du site sur 1 partie"),
    (2, "site statistics over 2 games", "statistiques du site sur 2 parties"),
    (12000, "site statistics over 12,000 games", "statistiques du site sur 12\u00a0000 parties"),
])
def test_site_statistics_count_their_games(games, english, french):
    assert str(SiteStatistics(games=games)) == english
    with translation.override("fr"):
        assert str(SiteStatistics(games=games)) == french


def test_a_games_statistics_status_is_worded_in_the_readers_language():
    statistics = GameStatistics(status=GameStatistics.Status.DONE)
    assert statistics.get_status_display() == "Ready"
    with translation.override("fr"):
        assert statistics.get_status_display() == "Prêtes"
        assert [str(label) for _, label in GameStatistics.Status.choices] == [
            "En attente d'un worker", "En cours de calcul", "Prêtes", "Échec"]
