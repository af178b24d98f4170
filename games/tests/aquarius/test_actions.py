"""The five action cards, their targets and refusals, and wins they cause for others."""
from games.aquarius.engine import apply, visible_events

from games.tests.aquarius.helpers import FIRE_ROW, of_type, position, refused

TWO = [("w_f_1", 0, 0, True), ("l_fw", 1, 0, True)]


def test_shuffle_goals_redeals_all_five_goals_and_tells_each_seat():
    state = position(TWO, hands=[["act_a_1", "w_a_1"], ["w_e_1"], ["w_v_1"]])
    new, events = apply(state, {"type": "shuffle_goals", "card": "act_a_1"}, 0)
    assert events[:2] == [{"type": "play_action", "seat": 0, "card": "act_a_1"},
                          {"type": "goals_shuffled", "seat": 0}]
    goals = of_type(events, "new_goal")
    assert [(e["seat"], e["element"]) for e in goals] == [(s, "aefwv"[new.goals[s]]) for s in range(3)]
    assert sorted(new.goals) == [0, 1, 2, 3, 4] and new.discard[-1] == state.deck.by_id["act_a_1"].index
    assert apply(state, {"type": "shuffle_goals", "card": "act_a_1"}, 0)[0].goals == new.goals  # seeded


def test_wrong_action_card_and_missing_card():
    state = position(TWO, hands=[["act_a_1", "w_a_1"], ["w_e_1"]])
    refused(state, 0, {"type": "shuffle_goals", "card": "act_w_1"}, "game.dont_have_card")
    refused(state, 0, {"type": "trade_goals", "card": "act_a_1", "seat": 1}, "wrong_card")
    refused(state, 0, {"type": "shuffle_goals", "card": "w_a_1"}, "wrong_card")


def test_trade_goals_swaps_two_goals_and_may_make_the_other_seat_win():
    # Seat 0 holds fire beside a fire group of seven that nobody has claimed yet (built by hand).
    state = position(FIRE_ROW, hands=[["act_w_1", "w_a_1"], ["w_e_1"], ["w_v_1"]], goals="fwaev")
    refused(state, 0, {"type": "trade_goals", "card": "act_w_1", "seat": 0}, "bad_seat")
    refused(state, 0, {"type": "trade_goals", "card": "act_w_1", "seat": 3}, "bad_seat")   # empty seat
    new, events = apply(state, {"type": "trade_goals", "card": "act_w_1", "seat": 2}, 0)
    assert {"type": "goals_traded", "seat": 0, "with": 2} in events
    assert [(e["seat"], e["element"]) for e in of_type(events, "new_goal")] == [(0, "a"), (2, "f")]
    assert events[-1] == {"type": "outcome", "winners": [2], "goals": list("awfev"), "chicken_last": None}


def test_trade_hands_sends_both_new_hands_privately_and_both_sizes_publicly():
    state = position(TWO, hands=[["act_v_1", "w_a_1", "w_e_1", "w_v_1"], ["w_w_1", "w_w_2", "l_ea"]],
                     drawn="w_v_1")
    new, events = apply(state, {"type": "trade_hands", "card": "act_v_1", "seat": 1}, 0)
    assert of_type(events, "new_hand") == [
        {"type": "new_hand", "seat": 0, "cards": ["w_w_1", "w_w_2", "l_ea"]},
        {"type": "new_hand", "seat": 1, "cards": ["w_a_1", "w_e_1", "w_v_1"]}]
    assert of_type(events, "hand_size") == [{"type": "hand_size", "seat": 0, "count": 3},
                                            {"type": "hand_size", "seat": 1, "count": 3}]
    seen_by_1 = visible_events(events, 1)
    assert [e["seat"] for e in of_type(seen_by_1, "new_hand")] == [1]
    assert [e["seat"] for e in of_type(seen_by_1, "hand_size")] == [0]
    assert of_type(visible_events(events, None), "new_hand") == []
    ids = [new.deck.cards[i].id for i in new.hands[1]]
    assert ids[:3] == ["w_a_1", "w_e_1", "w_v_1"] and len(ids) == 4   # then seat 1 drew for its turn


def test_zap_takes_a_board_card_into_the_hand():
    state = position(TWO, hands=[["act_f_1", "w_a_1", "w_e_1", "w_v_1"], ["w_w_1"]], drawn="w_v_1")
    new, events = apply(state, {"type": "zap_card", "card": "act_f_1", "target": "w_f_1"}, 0)
    assert events[:3] == [{"type": "play_action", "seat": 0, "card": "act_f_1"},
                          {"type": "remove_card", "seat": 0, "card": "w_f_1", "x": 0, "y": 0},
                          {"type": "measures", "air": 0, "earth": 0, "fire": 1, "water": 1, "void": 0}]
    assert events[3] == {"type": "new_hand", "seat": 0, "cards": ["w_a_1", "w_e_1", "w_v_1", "w_f_1"]}
    assert events[4] == {"type": "hand_size", "seat": 0, "count": 4}
    assert list(new.board.cells) == [(1, 0)]


def test_zap_refusals():
    state = position(TWO, hands=[["act_f_1", "w_a_1"], ["w_w_1"]])
    refused(state, 0, {"type": "zap_card", "card": "act_f_1", "target": "w_w_1"}, "game.not_on_board")
    refused(state, 0, {"type": "zap_card", "card": "act_f_1", "target": "zzz"}, "game.not_on_board")
    alone = position([("w_f_1", 0, 0, True)], hands=[["act_f_1", "act_e_1"], ["w_w_1"]])
    refused(alone, 0, {"type": "zap_card", "card": "act_f_1", "target": "w_f_1"}, "game.board_too_small")
    refused(alone, 0, {"type": "move_card", "card": "act_e_1", "target": "w_f_1", "x": 0, "y": 0,
                       "upright": False}, "game.board_too_small")


def test_zap_may_leave_islands():
    line = [("w_f_1", 0, 0, True), ("w_f_2", 1, 0, True), ("l_fw", 2, 0, True)]
    state = position(line, hands=[["act_f_1"], ["w_w_1"]])
    new, _ = apply(state, {"type": "zap_card", "card": "act_f_1", "target": "w_f_2"}, 0)
    assert not new.board.connected() and new.board.best[2] == 1


def move(target, x, y, upright=True, card="act_e_1"):
    return {"type": "move_card", "card": card, "target": target, "x": x, "y": y, "upright": upright}


def test_move_removes_then_places():
    state = position(TWO, hands=[["act_e_1", "w_a_1"], ["w_w_1"]])
    new, events = apply(state, move("l_fw", 0, 1), 0)
    assert events[:4] == [{"type": "play_action", "seat": 0, "card": "act_e_1"},
                          {"type": "remove_card", "seat": 0, "card": "l_fw", "x": 1, "y": 0},
                          {"type": "place_card", "seat": 0, "card": "l_fw", "x": 0, "y": 1, "upright": True},
                          {"type": "measures", "air": 0, "earth": 0, "fire": 2, "water": 1, "void": 0}]
    assert set(new.board.cells) == {(0, 0), (0, 1)}


def test_move_refusals_and_turning_in_place():
    state = position(TWO + [("w_a_1", 0, 1, True)], hands=[["act_e_1", "w_e_1"], ["w_w_1"]])
    refused(state, 0, move("l_fw", 1, 0), "game.identity_move")
    refused(state, 0, move("w_w_1", 2, 0), "game.not_on_board")
    refused(state, 0, move("l_fw", 0, 1), "game.space_not_empty")
    refused(state, 0, move("l_fw", 3, 0), "game.not_adjacent")
    refused(state, 0, move("l_fw", 1, 1), "game.no_match")                  # fire/water beside air
    refused(state, 0, move("l_fw", 2, 0), "game.not_adjacent")              # it would only touch itself
    new, events = apply(state, move("l_fw", 1, 0, upright=False), 0)        # turned in place: fire below
    assert of_type(events, "place_card")[0]["upright"] is False and new.board.cells[(1, 0)][1] == 1


def test_a_move_may_make_another_seat_win():
    row = FIRE_ROW[:-1] + [("p_fw", 2, 1, True)]     # six in a row, the seventh fire card hangs below
    state = position(row, hands=[["act_e_1", "w_a_1"], ["w_e_1"], ["w_v_1"]], goals="wafev", to_act=0)
    assert state.board.best[2] == 6
    new, events = apply(state, move("p_fw", 5, 0), 0)
    assert events[-1]["type"] == "outcome" and events[-1]["winners"] == [2]


def test_simultaneous_winners_share_the_win():
    # A fire row of six and an air column of six; one card completes both groups at once.
    board = FIRE_ROW[:6] + [("w_a_1", 5, 1, True), ("w_a_2", 5, 2, True), ("p_av", 5, 3, True),
                            ("p_aw", 5, 4, True), ("p_ea", 5, 5, False), ("p_fa", 5, 6, False)]
    state = position(board, hands=[["q_awfe", "w_e_1"], ["w_e_2"]], goals="afwev")
    assert state.board.best[2] == 6 and state.board.best[0] == 6
    # q_awfe turned: fire top-left (meets the fire row), air bottom-right (meets the air column).
    new, events = apply(state, {"type": "play_card", "card": "q_awfe", "x": 5, "y": 0, "upright": False}, 0)
    assert events[-1]["winners"] == [0, 1] and new.winners == (0, 1)
