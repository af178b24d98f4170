"""Button labels are worded once per card set, language and action (every update sends the acting player's
labelled actions in each site language): the cache answers what the wording would, in every language."""
import pytest
from django.utils import translation

from games.machikoro.ruleset import _labels
from games.machikoro.text import action_label
from games.selectors.lookup import current_match

from games.tests.helpers import join_and_ready
from games.tests.test_machikoro_ruleset import machikoro_lobby

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(official_cards, ann, bob):
    return current_match(join_and_ready(machikoro_lobby(ann), ann, bob))[1]


ACTIONS = [{"type": "roll", "dice": 1}, {"type": "roll", "dice": 2}, {"type": "buy", "card": "wheat-field"},
           {"type": "build", "landmark": "train-station"}, {"type": "pass"}, {"type": "choose_opponent", "opponent": 1},
           {"type": "trade", "give": "bakery", "take": "ranch", "opponent": 0}]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_cached_labels_are_the_wording_in_each_language(match, language):
    with translation.override(language):
        for _ in range(2):   # worded, then from the cache
            assert [match.label(a) for a in ACTIONS] == [action_label(match.state, a) for a in ACTIONS]
    assert _labels[match.state.card_set]


def test_a_label_follows_the_language_and_the_players_names(match):
    with translation.override("en"):
        english = match.label({"type": "buy", "card": "wheat-field"})
    with translation.override("fr"):
        french = match.label({"type": "buy", "card": "wheat-field"})
    assert english == "Buy Wheat Field (1)" and french != english and "(1)" in french
    with translation.override("en"):
        before = match.label({"type": "choose_opponent", "opponent": 1})
        match.state.players[1].name = "Zed"
        assert match.label({"type": "choose_opponent", "opponent": 1}) == "Take from Zed" != before


def test_an_action_that_cannot_be_a_key_is_worded_without_the_cache(match):
    odd = {"type": "roll", "dice": [1, 2]}
    with translation.override("en"):
        assert match.label(odd) == action_label(match.state, odd)
