"""The statistics pages name the cards in the reader's language (French names from the frozen card set)."""
import pytest
from django.utils import translation

from stats import services
from stats.selectors import card_label, game_view

from .factories import play_finished_game

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
