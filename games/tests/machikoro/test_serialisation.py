"""JSON forms of states, actions and events; the per-seat view."""

import json

import pytest

from games.machikoro.engine import (Action, CardSet, Event, GameState, SerialisationError, apply, describe_choice,
                          legal_actions, load_card_set, view_for)
from games.machikoro.engine import actions as A
from games.machikoro.engine.actions import ACTION_TYPES
from games.machikoro.engine.state import ADJUST, CHOOSE, INVEST

from games.tests.machikoro.helpers import HARBOR, MR, EVERYTHING, arrange, card_data, game, official_cards, play, roll


def through_json(state):
    return GameState.from_json(json.loads(json.dumps(state.to_json())), official_cards())


def paused_states():
    """States waiting in each kind of phase, including in the middle of resolving a roll."""
    tv = game(("base",), players=3)
    arrange(tv, 0, cards={"tv-station": 1, "stadium": 1, "business-center": 1, "bakery": 1},
            landmarks=["train-station"])
    tv, _ = roll(tv, 3, 3)
    harbor = arrange(game(HARBOR), 0, landmarks=["city-hall", "train-station", "harbor"])
    harbor, _ = roll(harbor, 5, 6)
    invest = arrange(game(MR), 0, coins=3, cards={"tech-startup": 1})
    invest, _ = roll(invest, 6)
    invest, _ = play(invest, A.Pass())
    market = game(EVERYTHING, players=4, market=12, seed=9)
    return {"choose": tv, "adjust": harbor, "invest": invest, "market": market}


@pytest.mark.parametrize("name", ["choose", "adjust", "invest", "market"])
def test_state_round_trips_through_json_and_plays_on_identically(name):
    state = paused_states()[name]
    assert state.phase in (CHOOSE, ADJUST, INVEST, "roll")
    restored = through_json(state)
    assert restored.to_json() == state.to_json()
    action = legal_actions(state)[0]
    original_next, original_events = apply(state, action)
    restored_next, restored_events = apply(restored, action)
    assert original_next.to_json() == restored_next.to_json()
    assert [e.to_json() for e in original_events] == [e.to_json() for e in restored_events]


def test_a_state_cannot_be_loaded_with_another_card_set():
    import copy

    state = game(HARBOR)
    data = copy.deepcopy(card_data())
    next(c for c in data["establishments"] if c["slug"] == "sushi-bar")["cost"] = 2
    with pytest.raises(SerialisationError, match="card set"):
        GameState.from_json(state.to_json(), CardSet.from_data(data))


@pytest.mark.parametrize("damage", [
    lambda d: d.pop("players"),
    lambda d: d.update(phase="dancing"),
    lambda d: d.update(active=9),
    lambda d: d["players"][0].update(coins=-1),
    lambda d: d["players"][0]["cards"].update({"moon-base": 1}),
    lambda d: d.update(format="chess"),
])
def test_damaged_state_documents_are_refused(damage):
    data = game(HARBOR).to_json()
    damage(data)
    with pytest.raises(SerialisationError):
        GameState.from_json(data, official_cards())


def test_every_action_type_round_trips():
    samples = [A.Roll(2), A.Reroll(1), A.KeepRoll(), A.AdjustRoll(True), A.ChooseOpponent(2),
               A.Trade("cafe", 1, "mine"), A.Decline(), A.Renovate("forest"), A.Move("bakery", 3),
               A.Demolish("harbor"), A.Activate("mine"), A.Buy("cafe"), A.Build("airport"), A.Pass(), A.Invest(1)]
    assert {type(a) for a in samples} == set(ACTION_TYPES.values())
    for action in samples:
        data = json.loads(json.dumps(action.to_json()))
        assert Action.from_json(data) == action
        assert hash(Action.from_json(data)) == hash(action)
    assert A.Roll(1) != A.Reroll(1) and A.Roll(1) == A.Roll(1)


@pytest.mark.parametrize("data", [
    {"type": "fly"}, {"type": "buy"}, {"type": "buy", "card": 3}, {"type": "roll", "dice": "2"},
    {"type": "roll", "dice": True}, {"type": "adjust_roll", "add": 1}, ["buy", "cafe"],
])
def test_bad_action_documents_are_refused(data):
    with pytest.raises(SerialisationError):
        Action.from_json(data)


def test_actions_are_immutable():
    action = A.Buy("cafe")
    with pytest.raises(AttributeError):
        action.card = "mine"


def test_events_round_trip():
    state = paused_states()["choose"]
    state, events = play(state, A.ChooseOpponent(1), A.Decline(), A.Pass())
    assert {e.type for e in events} >= {"transfer", "turn_started"}
    for event in events:
        data = json.loads(json.dumps(event.to_json()))
        assert Event.from_json(data, state.card_set) == event
    with pytest.raises(SerialisationError):
        Event.from_json({"type": "meteor"}, state.card_set)


def test_the_view_of_a_seat_hides_the_future_only():
    state = game(EVERYTHING, players=3, market=10, seed=4)
    view = view_for(state, 1)
    assert "rng" not in view and "seed" not in view
    assert view["deck"] == len(state.deck)
    assert view["players"] == state.to_json()["players"]
    assert view["legal_actions"] == [] and view["to_act"] == 0
    assert view_for(state, 0)["legal_actions"] == [{"type": "roll", "dice": 1}]
    json.dumps(view)


def test_the_pending_question_is_described_for_a_ui():
    states = paused_states()
    assert describe_choice(states["choose"]) == {"phase": "choose", "player": 0, "card": "tv-station",
                                                 "verb": "chosen_opponent"}
    assert describe_choice(states["adjust"]) == {"phase": "adjust", "player": 0, "card": "harbor"}
    assert describe_choice(states["invest"]) == {"phase": "invest", "player": 0, "card": "tech-startup"}
    assert view_for(states["choose"], 0)["choice"]["verb"] == "chosen_opponent"


def test_loading_the_official_card_file():
    card_set = load_card_set(["base"])
    assert card_set.extensions == ("base",) and len(card_set.establishments) == 15
