"""Aquarius for French players: refusals, labels, log lines and card names in French on the page, while the
RPC API answers exactly as the seed words it (English messages, the same tokens)."""
import pytest
from django.utils import translation

from config.registry import get_game
from games import services
from games.aquarius.engine.errors import MESSAGES
from games.consumers import GameConsumer
from games.errors import IllegalAction
from games.rpc.consumer import fault_of
from games.rulesets import get_ruleset
from games.aquarius.text import REFUSALS

from games.tests.helpers import join_and_ready, seat_to_act


@pytest.fixture
def started(db, ann, bob):
    from cards.aquarius.data import load_aquarius
    from cards.aquarius.data import AQUARIUS_FILE
    from cards.loading import read_json

    load_aquarius(read_json(AQUARIUS_FILE))
    game = services.create_game(host=ann, ruleset_slug="aquarius", public=True, min_players=2, max_players=5,
                                turn_seconds=0, options={"chicken": False, "deck": "first-edition"})
    return join_and_ready(game, ann, bob)


def test_every_refusal_token_has_the_engines_english_and_its_french():
    """The marked English is the engine's word for word (the RPC answers the engine's), and each is translated."""
    assert {token: str(text) for token, text in REFUSALS.items()} == MESSAGES
    with translation.override("fr"):
        french = {token: str(text) for token, text in REFUSALS.items()}
    assert all(french[token] != MESSAGES[token] for token in MESSAGES), french


def test_the_outcome_and_the_log_in_french_plurals_and_typography(started):
    match = get_ruleset("aquarius").load(started.rules, started.state)
    names = match.state.names
    outcome = {"type": "outcome", "winners": [0, 1], "goals": ["f", "w"], "chicken_last": None}
    with translation.override("fr"):
        assert match.narrate([outcome]) == [f"{names[0]} et {names[1]} gagnent. Objectifs : {names[0]} : feu, "
                                            f"{names[1]} : eau."]
        assert match.narrate([{**outcome, "winners": [1]}])[0].startswith(f"{names[1]} gagne. ")
        assert match.label({"type": "move_card", "target": "w_a_1", "x": 1, "y": 2, "upright": False}) \
            == "Déplacer une carte : Carte Air vers (1, 2), tournée"
    assert match.narrate([outcome]) == [f"{names[0]} and {names[1]} win. Goals: {names[0]}: fire, {names[1]}: water."]


def test_a_refusal_reaches_a_french_page_in_french_and_rpc_in_english(started, ann, bob):
    player = seat_to_act(started, ann, bob)
    with pytest.raises(IllegalAction) as caught:
        services.play_action(game_id=started.pk, identity=player, expected_seq=0,
                             action={"type": "play_card", "card": "nope", "x": 5, "y": 5, "upright": True})
    refused = caught.value
    assert refused.code == "game.dont_have_card" and refused.message == MESSAGES["game.dont_have_card"]
    consumer = GameConsumer()
    consumer.language = "fr"
    assert consumer._for_people(refused) == {"code": "game.dont_have_card",
                                             "message": "Cette carte n'est pas dans votre main."}
    consumer.language = "en"
    assert consumer._for_people(refused)["message"] == "That card is not in your hand."
    protocol = get_game("aquarius").rpc_protocol
    with translation.override("fr"):  # whatever the language around it, the RPC reply is the seed's
        fault = fault_of(refused, protocol)
    assert fault.as_error() == {"code": 606, "message": "That card is not in your hand.",
                                "data": {"tokens": ["game.dont_have_card"]}}


def test_labels_log_and_card_names_in_french(started):
    ruleset = get_ruleset("aquarius")
    match = ruleset.load(started.rules, started.state)
    with translation.override("fr"):
        view = ruleset.rules_view(started.rules)["cards"]
        assert view["w_a_1"]["name"] == "Carte Air"
        names = {c["name"] for c in view.values()}
        assert {"Carte Eau", "Carte Feu", "Carte Terre", "Carte Vide", "Mélanger les objectifs", "Retirer une carte"} <= names
        assert "Demi-carte Feu/Eau" in names and "Demi-carte Air/Vide" in names
        assert "Carte en quartiers Eau/Terre/Vide/Feu" in names
        assert match.label({"type": "pass"}) == "Passer"
        assert match.label({"type": "see_goal"}) == "Regarder mon objectif"
        line = match.narrate([{"type": "place_card", "seat": 0, "card": "w_a_1", "x": 0, "y": 1, "upright": False}])
        assert line == [f"{match.state.names[0]} pose la carte Air, tournée."]
        assert match.narrate([{"type": "goals_shuffled"}]) == ["Tous les objectifs sont mélangés et redistribués."]
    english = ruleset.rules_view(started.rules)["cards"]
    assert "Shuffle Goals" in {c["name"] for c in english.values()}
    assert match.label({"type": "pass"}) == "Pass"
    assert match.narrate([{"type": "goals_shuffled"}]) == ["All goals are shuffled and dealt again."]
