"""Aqua-Chicken, hidden information in views and events, serialisation and replay."""
import json

from games.aquarius.engine import GameState, apply, new_game, replay, view_for, visible_events
from games.aquarius.engine.bots import make_bot

from games.tests.aquarius.helpers import DECK, FIRE_ROW, of_type, position, refused


def test_chicken_deals_unknown_goals_and_see_goal_works_for_any_seat_at_any_time():
    state = new_game(DECK, 5, 3, chicken=True)
    assert of_type(state.opening, "new_goal") == []
    assert [e["flag"] for e in of_type(state.opening, "knows_goal")] == [False] * 3
    assert view_for(state, 2)["goal"] is None
    new, events = apply(state, {"type": "see_goal"}, 2)          # seat 2 looks although seat 0 is to act
    letter = "aefwv"[state.goals[2]]
    assert events == [{"type": "new_goal", "seat": 2, "element": letter},
                      {"type": "knows_goal", "seat": 2, "flag": True}]
    assert view_for(new, 2)["goal"] == letter and view_for(new, 1)["goal"] is None
    assert view_for(new, 1)["knows_goal"] == [False, False, True]
    assert visible_events(events, 1) == [{"type": "knows_goal", "seat": 2, "flag": True}]
    again, events = apply(new, {"type": "see_goal"}, 2)
    assert events == [{"type": "new_goal", "seat": 2, "element": letter}]     # no second knows_goal
    refused(state, 7, {"type": "see_goal"}, "not_your_turn")


def test_chicken_goal_trades_hide_the_new_goals_and_the_last_to_look_is_in_the_outcome():
    state = position(FIRE_ROW[:-1], hands=[["p_fw", "act_w_1"], ["w_e_1"], ["w_v_1"]], goals="fwaev",
                     chicken=True)
    state, _ = apply(state, {"type": "see_goal"}, 1)
    state, _ = apply(state, {"type": "see_goal"}, 0)
    traded, events = apply(state, {"type": "trade_goals", "card": "act_w_1", "seat": 1}, 0)
    assert of_type(events, "new_goal") == []
    assert of_type(events, "knows_goal") == [{"type": "knows_goal", "seat": 0, "flag": False},
                                             {"type": "knows_goal", "seat": 1, "flag": False}]
    assert view_for(traded, 0)["goal"] is None
    # Seat 2 never looked: it wins the side game; seat 0 wins Aquarius by completing the fire row.
    _, events = apply(state, {"type": "play_card", "card": "p_fw", "x": 5, "y": 0, "upright": True}, 0)
    assert events[-1] == {"type": "outcome", "winners": [0], "goals": list("fwaev"), "chicken_last": 2}


def test_when_everyone_looked_the_latest_first_look_wins_the_side_game():
    state = position(FIRE_ROW[:-1], hands=[["p_fw"], ["w_e_1"]], goals="fwaev", chicken=True)
    for seat in (1, 0, 1):
        state, _ = apply(state, {"type": "see_goal"}, seat)
    _, events = apply(state, {"type": "play_card", "card": "p_fw", "x": 5, "y": 0, "upright": True}, 0)
    assert events[-1]["chicken_last"] == 0


def test_a_view_shows_own_secrets_only():
    state = new_game(DECK, 11, 4)
    view = view_for(state, 1)
    assert view["hand"] == [DECK.cards[i].id for i in state.hands[1]]
    assert view["goal"] == "aefwv"[state.goals[1]]
    assert view["hand_sizes"] == [4, 3, 3, 3] and view["deck"] == len(state.draw)
    assert view["drawn"] == "" and view["canmove"] is False and view["to_act"] == 0
    assert "goals" not in view and "draw" not in view and "rng" not in view
    text = json.dumps(view)
    for seat in (0, 2, 3):
        for index in state.hands[seat]:
            assert f'"{DECK.cards[index].id}"' not in text
    own = view_for(state, 0)
    assert own["drawn"] == DECK.cards[state.drawn].id and own["canmove"] is True
    spectator = view_for(state, None)
    assert spectator["hand"] == [] and spectator["goal"] is None


def test_turn_events_hide_the_drawn_card_from_others():
    state = new_game(DECK, 2, 3)
    turn = state.opening[-1]
    assert visible_events([turn], 0) == [turn]
    assert visible_events([turn], 1) == [{**turn, "card": ""}]
    opening_for_1 = visible_events(state.opening, 1)
    assert [e["seat"] for e in of_type(opening_for_1, "new_hand")] == [1]
    assert [e["seat"] for e in of_type(opening_for_1, "new_goal")] == [1]
    assert [e["seat"] for e in of_type(opening_for_1, "hand_size")] == [0, 2]


def _bot_game(seed, players, chicken):
    state = new_game(DECK, seed, players, chicken=chicken)
    initial = state.clone()
    bots = [make_bot("random", seed * 10 + s) for s in range(players)]
    events = []
    while not state.over:
        state, new = apply(state, bots[state.to_act].choose(state, state.to_act), state.to_act)
        events += new
    return initial, state, events


def test_replay_rebuilds_the_final_state_byte_for_byte():
    for seed, players, chicken in [(1, 2, False), (2, 5, True), (3, 4, False)]:
        initial, final, events = _bot_game(seed, players, chicken)
        replayed = replay(initial, events)
        assert json.dumps(replayed.to_json(), sort_keys=True) == json.dumps(final.to_json(), sort_keys=True)


def test_a_state_survives_json():
    initial, final, events = _bot_game(4, 3, True)
    for state in (initial, final):
        text = json.dumps(state.to_json())
        again = GameState.from_json(json.loads(text), DECK)
        assert json.dumps(again.to_json()) == text
        assert again.board.best == state.board.best and again.board.open == state.board.open
