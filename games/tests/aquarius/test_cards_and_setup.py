"""The deck's data and geometry, and dealing a new game."""
import pytest

from games.aquarius.engine import DeckError, IllegalMove, MESSAGES, Deck, load_deck, load_deck_data, new_game
from games.aquarius.engine.cards import quadrants, turned

from games.tests.aquarius.helpers import DECK, all_cards, of_type

SEED_IDS = (
    "w_a_1 w_a_2 w_e_1 w_e_2 w_f_1 w_f_2 w_w_1 w_w_2 w_v_1 w_v_2 "
    "l_ea l_we l_fw l_vf l_av l_aw l_fa l_ef l_ve l_wv p_ea p_we p_fw p_vf p_av p_aw p_fa p_ef p_ve p_wv "
    "q_wevf q_efwv q_eawv q_awev q_awfe q_waef q_wvfa q_wavf q_veaf q_evfa "
    "act_a_1 act_a_2 act_a_3 act_e_1 act_e_2 act_e_3 act_f_1 act_f_2 act_f_3 act_w_1 act_w_2 act_w_3 "
    "act_v_1 act_v_2 act_v_3"
).split()


def test_the_deck_has_the_seeds_55_cards_with_panels_named_by_their_ids():
    assert [c.id for c in DECK.cards] == SEED_IDS
    kinds = {"w": "whole", "l": "landscape", "p": "portrait", "q": "quartered"}
    actions = {"a": "shuffle_goals", "e": "move_card", "f": "zap_card", "w": "trade_goals", "v": "trade_hands"}
    for card in DECK.cards:
        prefix, letters = card.id.split("_", 1)
        if prefix == "act":
            assert (card.kind, card.action, card.panels) == ("action", actions[letters[0]], ())
        else:
            assert card.kind == kinds[prefix]
            assert "".join(card.panels) == letters.split("_")[0]


def test_half_cards_cover_every_pair_once_and_quartered_cards_differ_even_turned():
    pairs = lambda kind: sorted("".join(sorted(c.panels)) for c in DECK.cards if c.kind == kind)  # noqa: E731
    assert pairs("landscape") == pairs("portrait") and len(set(pairs("landscape"))) == 10
    shapes = set()
    for card in DECK.cards:
        if card.kind == "quartered":
            q = quadrants("quartered", list(card.panels))
            assert q not in shapes and turned(q) not in shapes
            shapes |= {q, turned(q)}


def test_orientation_convention_half_edges():
    # l_ea upright: earth on top, air below; its west edge shows earth then air.
    landscape = DECK.by_id["l_ea"]
    assert landscape.edges[0] == (1, 1, 1, 0, 0, 0, 1, 0)
    assert landscape.edges[1] == (0, 0, 0, 1, 1, 1, 0, 1)  # turned: air on top
    portrait = DECK.by_id["p_ea"]   # earth left, air right
    assert portrait.edges[0] == (1, 0, 0, 0, 1, 0, 1, 1)
    quartered = DECK.by_id["q_wevf"]  # TL water, TR earth, BR void, BL fire
    assert quartered.edges[0] == (3, 1, 1, 4, 2, 4, 3, 2)


@pytest.mark.parametrize("card, problem", [
    ({"id": "x", "kind": "whole", "panels": ["a", "e"]}, "a whole card has 1 panel"),
    ({"id": "x", "kind": "quartered", "panels": ["a", "a", "e", "f"]}, "different elements"),
    ({"id": "x", "kind": "action", "panels": [], "action": "fly"}, "needs an action"),
    ({"id": "x", "kind": "diagonal", "panels": ["a"]}, "unknown kind"),
    ({"id": "x", "kind": "whole", "panels": ["z"]}, "element letters"),
])
def test_unplayable_cards_are_refused(card, problem):
    with pytest.raises(DeckError, match=problem):
        Deck.from_data(load_deck_data()["cards"][:-1] + [card])


def test_duplicate_ids_are_refused():
    cards = load_deck_data()["cards"]
    with pytest.raises(DeckError, match="appears twice"):
        Deck.from_data(cards + [cards[0]])


def test_a_game_needs_two_players():
    with pytest.raises(IllegalMove) as info:
        new_game(DECK, 1, 1)
    assert info.value.code == "game.two_seats_needed"
    assert info.value.message == MESSAGES["game.two_seats_needed"] == "At least two players are needed to play."


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_dealing(players):
    state = new_game(DECK, 7, players)
    assert sorted(state.goals) == [0, 1, 2, 3, 4]          # all five goals are dealt, one per seat
    assert [len(h) for h in state.hands] == [4] + [3] * (players - 1)   # seat 0 has drawn
    assert list(state.board.cells) == [(0, 0)]
    start, orientation = state.board.cells[(0, 0)]
    assert start.action is None and orientation == 0
    assert sorted(all_cards(state)) == sorted(SEED_IDS)
    opening = state.opening
    assert [e["seat"] for e in of_type(opening, "new_hand")] == list(range(players))
    assert [e["count"] for e in of_type(opening, "hand_size")] == [3] * players
    assert [e["seat"] for e in of_type(opening, "new_goal")] == list(range(players))
    assert of_type(opening, "place_card") == [{"type": "place_card", "seat": None, "card": start.id, "x": 0,
                                               "y": 0, "upright": True}]
    assert opening[-1]["type"] == "turn" and opening[-1]["seat"] == 0 and opening[-1]["canmove"] is True
    assert opening[-1]["card"] == DECK.cards[state.drawn].id


def test_the_start_card_is_never_an_action_card():
    # A deck of 15 actions and 7 element cards: actions turned up go back into the pile.
    data = load_deck_data()["cards"]
    deck = Deck.from_data([c for c in data if c["kind"] == "action"] + data[:7])
    for seed in range(40):
        state = new_game(deck, seed, 2)
        assert state.board.cells[(0, 0)][0].action is None
        assert len(state.draw) + sum(map(len, state.hands)) == len(deck) - 1


def test_same_seed_same_deal_and_different_seeds_differ():
    assert new_game(DECK, 3, 4).to_json() == new_game(DECK, 3, 4).to_json()
    assert new_game(DECK, 3, 4).to_json() != new_game(DECK, 4, 4).to_json()


def test_the_shipped_deck_loads():
    assert len(load_deck()) == 55
