"""Placing element cards, passing, the draw, deck exhaustion and the end of play, with every refusal's token."""
from games.aquarius.engine import apply, can_move, legal_actions

from games.tests.aquarius.helpers import FIRE_ROW, of_type, position, refused


def play(card, x, y, upright=True):
    return {"type": "play_card", "card": card, "x": x, "y": y, "upright": upright}


def fire_start(**kwargs):
    return position([("w_f_1", 0, 0, True)], **kwargs)


def test_a_matching_placement_places_the_card_and_passes_the_turn():
    state = fire_start(hands=[["l_fw", "w_a_1", "w_e_1", "w_v_1"], ["w_w_1", "w_w_2", "l_ea"]], drawn=None)
    new, events = apply(state, play("l_fw", 1, 0), 0)
    assert events[0] == {"type": "place_card", "seat": 0, "card": "l_fw", "x": 1, "y": 0, "upright": True}
    assert events[1] == {"type": "measures", "air": 0, "earth": 0, "fire": 2, "water": 1, "void": 0}
    turn = events[-1]
    assert turn["type"] == "turn" and turn["seat"] == 1 and turn["card"] == state.deck.cards[state.draw[-1]].id
    assert new.to_act == 1 and len(new.hands[1]) == 4 and len(new.hands[0]) == 3


def test_refusals_of_a_placement():
    state = fire_start(hands=[["l_fw", "w_a_1", "act_a_1", "l_ea"], ["w_w_1"]])
    refused(state, 0, play("w_w_1", 1, 0), "game.dont_have_card")
    refused(state, 0, play("nonsense", 1, 0), "game.dont_have_card")
    refused(state, 0, play("act_a_1", 1, 0), "wrong_card")
    refused(state, 0, play("l_fw", 0, 0), "game.space_not_empty")
    refused(state, 0, play("l_fw", 2, 0), "game.not_adjacent")
    refused(state, 0, play("l_fw", 1, 1), "game.not_adjacent")       # diagonal contact does not count
    error = refused(state, 0, play("w_a_1", 1, 0), "game.no_match")
    assert error.message == "That move does not match any elements."
    refused(state, 1, play("w_w_1", 1, 0), "not_your_turn")
    refused(state, 0, {"type": "play_card", "card": "l_fw", "x": "1", "y": 0, "upright": True}, "unknown_action")
    refused(state, 0, {"type": "play_card", "card": "l_fw", "x": 1, "y": 0}, "unknown_action")
    refused(state, 0, {"type": "fly"}, "unknown_action")
    refused(state, 0, "pass", "unknown_action")


def test_orientation_decides_which_half_faces_the_neighbour():
    state = position([("w_e_1", 0, 0, True)], hands=[["l_ea"], ["w_a_1"]])
    apply(state, play("l_ea", 0, 1, upright=True), 0)             # earth on top touches the earth above
    refused(state, 0, play("l_ea", 0, 1, upright=False), "game.no_match")   # turned: air on top
    apply(state, play("l_ea", 0, -1, upright=False), 0)           # turned, above: earth at the bottom


def test_one_connection_is_enough_even_with_mismatches_elsewhere():
    state = position([("w_f_1", 1, 0, True), ("w_f_2", 0, 0, True), ("l_fa", 0, 1, True)],
                     hands=[["p_wv", "q_wevf"], ["w_a_1"]])
    # q_wevf turned at (1, 1): void/fire on top (fire meets w_f_1's fire), void/earth on its left facing
    # l_fa's fire/air: one connection, two mismatches, and the placement is legal.
    refused(state, 0, play("p_wv", 1, 1), "game.no_match")
    new, _ = apply(state, play("q_wevf", 1, 1, upright=False), 0)
    assert new.board.best[2] == 4   # the fire quadrant joins the fire group of three


def test_pass_is_refused_with_a_legal_move_and_a_forced_pass_grows_the_hand():
    state = fire_start(hands=[["l_fw", "w_a_1", "w_e_1", "w_v_1"], ["w_w_1", "w_w_2", "l_ea"]], drawn=None)
    refused(state, 0, {"type": "pass"}, "game.move_possible")
    stuck = fire_start(hands=[["w_a_1", "w_e_1", "w_v_1", "w_w_1"], ["w_a_2", "w_e_2", "l_ea"]])
    stuck.drawn = stuck.hands[0][-1]
    assert not can_move(stuck, 0) and legal_actions(stuck, 0) == [{"type": "pass"}]
    new, events = apply(stuck, {"type": "pass"}, 0)
    assert events[0] == {"type": "passed", "seat": 0}
    assert events[1] == {"type": "hand_size", "seat": 0, "count": 4}
    assert events[2]["type"] == "turn" and events[2]["seat"] == 1
    assert len(new.hands[0]) == 4


def test_deck_exhaustion_stops_the_draws_and_shows_the_shrinking_hand():
    state = fire_start(hands=[["l_fw", "w_a_1"], ["w_f_2", "w_e_1"]], draw=[])
    new, events = apply(state, play("l_fw", 1, 0), 0)
    assert {"type": "hand_size", "seat": 0, "count": 1} in events
    assert events[-1] == {"type": "turn", "seat": 1, "card": "", "canmove": True}
    assert len(new.hands[1]) == 2 and new.drawn is None


def test_the_game_ends_when_nobody_can_play_and_the_closest_goal_wins():
    # Seat 0 (goal fire) and seat 1 (goal water) hold unplayable cards; the pile is empty.
    state = fire_start(hands=[["l_fw", "w_a_1"], ["w_e_1"]], goals="fwaev", draw=[])
    new, events = apply(state, play("l_fw", 1, 0), 0)     # fire 2, water 1; nobody can play after this
    outcome = events[-1]
    assert outcome == {"type": "outcome", "winners": [0], "goals": list("fwaev"), "chicken_last": None}
    assert new.over and new.to_act is None and legal_actions(new, 1) == []
    refused(new, 1, {"type": "pass"}, "game_over")


def test_seven_panels_of_a_goal_element_win_at_once():
    row = FIRE_ROW[:-1]
    state = position(row, hands=[["p_fw", "w_a_1"], ["w_e_1"]], goals="fwaev")
    assert state.board.best[2] == 6
    new, events = apply(state, play("p_fw", 5, 0), 0)
    assert events[-1] == {"type": "outcome", "winners": [0], "goals": list("fwaev"), "chicken_last": None}
    assert new.winners == (0,) and new.board.best[2] == 7


def test_a_group_grows_through_matching_half_edges_only():
    # w_f_1 and w_a_1 side by side share no fire connection: p_fa (fire left) touches only the fire card.
    state = position([("w_f_1", 0, 0, True), ("w_a_1", 0, 1, True)], hands=[["l_fa"], ["w_e_1"]])
    new, _ = apply(state, play("l_fa", 1, 0), 0)   # fire top, air bottom: fire joins fire; air is diagonal
    assert new.board.best[2] == 2 and new.board.best[0] == 1
