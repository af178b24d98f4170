"""Aquarius cards named for people, in one place (games.aquarius.text.card_title): never by their identifiers,
in English and in French; the log's positions as board cells beside its lines, not as coordinates; the final
table's rows carry what the page words in the reader's language."""
import json
import re

import pytest
from django.utils import translation

from cards.aquarius.data import AQUARIUS_FILE, load_aquarius
from cards.loading import read_json
from games import services
from games.aquarius.text import card_phrase, card_title, goal_title
from games.models import GameEvent
from games.rulesets import get_ruleset
from games.selectors.log_entries import word_entry

from games.tests.helpers import join_and_ready, seat_to_act

IDENTIFIER = re.compile(r"\b[a-z]_[a-z]{1,4}(_\d)?\b|\bq_\w+|\bact_\w+")
DECK = read_json(AQUARIUS_FILE)["decks"][0]["cards"]


@pytest.mark.parametrize("language, expected", [
    ("en", {"w_w_1": "Water card", "l_aw": "Air/Water half card", "p_fw": "Fire/Water half card",
            "q_evfa": "Earth/Void/Fire/Air quartered card", "act_f_1": "Zap a Card", "act_v_1": "Trade Hands",
            "act_a_1": "Shuffle Goals", "act_w_1": "Trade Goals", "act_e_1": "Move a Card"}),
    ("fr", {"w_w_1": "Carte Eau", "l_aw": "Demi-carte Air/Eau", "p_fw": "Demi-carte Feu/Eau",
            "q_evfa": "Carte en quartiers Terre/Vide/Feu/Air", "act_f_1": "Retirer une carte",
            "act_v_1": "Échanger les mains", "act_a_1": "Mélanger les objectifs", "act_w_1": "Échanger les objectifs",
            "act_e_1": "Déplacer une carte"}),
])
def test_every_card_of_the_deck_is_named_from_what_it_shows(language, expected):
    by_id = {c["id"]: c for c in DECK}
    with translation.override(language):
        names = {c["id"]: card_title(c["kind"], c["panels"], c["action"]) for c in DECK}
        assert {card: names[card] for card in expected} == expected
        assert not [name for name in names.values() if IDENTIFIER.search(name)], names
        # Two cards have one name only when they show the same elements the same way (copies of a card).
        for card, name in names.items():
            same = [other for other, n in names.items() if n == name]
            assert all(by_id[o]["panels"] == by_id[card]["panels"] or by_id[card]["kind"] in ("landscape", "portrait")
                       for o in same), (name, same)
        assert goal_title("f") == {"en": "Goal: Fire", "fr": "Objectif : Feu"}[language]


def test_a_card_inside_a_sentence_has_its_article():
    assert card_phrase("landscape", ["f", "w"], None) == "the Fire/Water half card"
    assert card_phrase("action", [], "zap_card") == "Zap a Card"
    with translation.override("fr"):
        assert card_phrase("whole", ["a"], None) == "la carte Air"
        assert card_phrase("quartered", list("evfa"), None) == "la carte en quartiers Terre/Vide/Feu/Air"


@pytest.fixture
def played(db, ann, bob):
    """A game of ann and bob in which bots played a dozen moves."""
    load_aquarius(read_json(AQUARIUS_FILE))
    game = services.create_game(host=ann, ruleset_slug="aquarius", public=True, min_players=2, max_players=2,
                                turn_seconds=0, options={"chicken": False, "deck": "first-edition"})
    game = join_and_ready(game, ann, bob)
    ruleset = get_ruleset("aquarius")
    for _ in range(12):
        game.refresh_from_db()
        if game.status != game.Status.PLAYING:
            break
        match = ruleset.load(game.rules, game.state)
        seat = game.to_act[0]
        action = match.bot_action(seat, "greedy", 7)
        services.play_action(game_id=game.pk, identity=seat_to_act(game, ann, bob), expected_seq=game.event_seq,
                             action=action)
    game.refresh_from_db()
    return game


def test_log_lines_name_cards_and_carry_their_cells_instead_of_coordinates(played):
    match = get_ruleset("aquarius").load(played.rules, played.state)
    entries = [word_entry(event, match) for event in GameEvent.objects.filter(game=played).order_by("seq")]
    placed = [e for e in entries if any(" places " in line for line in e["lines"])]
    assert placed, entries
    for entry in entries:
        said = json.dumps(entry["lines"])
        assert not IDENTIFIER.search(said) and not re.search(r"\(-?\d+, -?\d+\)", said), entry
        if "cells" in entry:
            assert len(entry["cells"]) == len(entry["lines"])
    for entry in placed:
        i = next(i for i, line in enumerate(entry["lines"]) if " places " in line)
        (x, y), = entry["cells"][i]
        assert isinstance(x, int) and isinstance(y, int)
        assert re.search(r"places the \w+(/\w+)* (half |quartered )?card", entry["lines"][i]), entry
    with translation.override("fr"):
        french = [word_entry(event, match) for event in GameEvent.objects.filter(game=played).order_by("seq")]
    assert any(" pose la " in line for e in french for line in e["lines"]), french


def test_the_page_gets_card_and_goal_names_with_the_rules(played):
    ruleset = get_ruleset("aquarius")
    with translation.override("fr"):
        rules = ruleset.rules_view(played.rules)
    assert rules["cards"]["l_aw"]["name"] == "Demi-carte Air/Eau" and rules["goal_names"]["w"] == "Objectif : Eau"


def test_final_table_rows_carry_the_goal_for_the_page_to_word():
    from games.aquarius.ruleset import AQUARIUS, freeze

    match = AQUARIUS.start(freeze(DECK, "first-edition"), {"chicken": False}, 3, ["ann", "bob"])
    while not match.state.over:
        seat = match.progress().to_act[0]
        match, _events = match.apply(seat, match.bot_action(seat, "greedy", 3))
    rows = match.final_table()
    assert {row["goal_element"] for row in rows} <= set("aefwv") and all(row["looked_last"] is False for row in rows)
    assert all(row["details"].startswith("goal ") for row in rows)  # programs keep the English words
