"""Exhibit Hall (promo), the French 5-6 box (MGA Game Center, Santa's Toy Factory, six players) and its
neighbours-only payment variant."""

import pytest

from games.machikoro.engine import GameOptions, IllegalActionError, apply, game_set, legal_actions
from games.machikoro.engine import actions as A
from games.machikoro.engine.state import BUILD, CHOOSE

from games.tests.machikoro.helpers import EVERYTHING, arrange, built, closed, coins, game, official_cards, owned, play, roll

TWO_DICE = ["train-station", "city-hall", "santa-s-toy-factory"]


def full_game(players=2, **seats):
    state = game(EVERYTHING, players=players)
    for seat in range(players):
        arrange(state, seat, **seats.get(f"p{seat}", {"cards": {}}))
    return state


def test_exhibit_hall_activates_all_copies_of_a_chosen_type_then_returns_to_the_market():
    state = full_game(p0={"cards": {"exhibit-hall": 1, "convenience-store": 2, "wheat-field": 1}, "coins": 0,
                          "landmarks": TWO_DICE})
    hall = state.card_set.establishment_index["exhibit-hall"]
    stack = state.market[hall]
    state, _ = roll(state, 4, 6)
    assert state.phase == CHOOSE
    assert set(legal_actions(state)) == {A.Activate("convenience-store"), A.Activate("wheat-field"), A.Decline()}
    state, events = play(state, A.Activate("convenience-store"))
    assert coins(state)[0] == 6
    assert owned(state, 0, "exhibit-hall") == 0 and state.market[hall] == stack + 1
    assert [e.type for e in events][:2] == ["activated", "card_returned"]


def test_exhibit_hall_can_be_declined_and_stays():
    state = full_game(p0={"cards": {"exhibit-hall": 1, "convenience-store": 1}, "coins": 0, "landmarks": TWO_DICE})
    state, _ = roll(state, 4, 6)
    state, _ = play(state, A.Decline())
    assert state.phase == BUILD and owned(state, 0, "exhibit-hall") == 1
    assert coins(state)[0] == 1          # City Hall's coin only


def test_exhibit_hall_cannot_activate_red_or_purple_cards():
    state = full_game(p0={"cards": {"exhibit-hall": 1, "cafe": 1, "stadium": 1, "mine": 1}, "coins": 0,
                          "landmarks": TWO_DICE})
    state, _ = roll(state, 4, 6)
    assert set(legal_actions(state)) == {A.Activate("mine"), A.Decline()}
    for action in (A.Activate("cafe"), A.Activate("stadium"), A.Activate("exhibit-hall")):
        with pytest.raises(IllegalActionError):
            apply(state, action)


def test_exhibit_hall_can_activate_a_card_that_asks_a_question():
    state = full_game(players=3, p0={"cards": {"exhibit-hall": 1, "moving-company": 1, "bakery": 1}, "coins": 0,
                                     "landmarks": TWO_DICE})
    state, _ = roll(state, 4, 6)
    # Moving Company (9-10) fires on its own first, then Exhibit Hall (purple) may activate it again.
    state, _ = play(state, A.Move("bakery", 1))
    state, _ = play(state, A.Activate("moving-company"))
    assert state.phase == CHOOSE
    state, _ = play(state, A.Move("moving-company", 2))
    assert state.phase == BUILD and coins(state)[0] == 8 and owned(state, 2, "moving-company") == 1


def test_mga_game_center_closes_itself_and_reopens_next_time():
    state = full_game(p0={"cards": {"mga-game-center": 1, "mine": 1}, "coins": 0, "landmarks": TWO_DICE})
    state, _ = roll(state, 4, 6)
    state, _ = play(state, A.Activate("mine"))
    assert coins(state)[0] == 5 and owned(state, 0, "mga-game-center") == 1
    assert closed(state, 0, "mga-game-center") == 1
    state, _ = play(state, A.Pass())
    state.active = 0
    state, events = roll(state, 4, 6)
    assert state.phase == BUILD and closed(state, 0, "mga-game-center") == 0 and coins(state)[0] == 5


def test_santas_toy_factory_starts_built_never_fires_and_does_not_count_to_win():
    state = game(EVERYTHING, players=2)
    assert built(state, 0, "santa-s-toy-factory")
    gs = game_set(official_cards(), GameOptions(extensions=EVERYTHING), 6)
    assert "santa-s-toy-factory" not in gs.required_landmarks and "city-hall" not in gs.required_landmarks
    for total in range(1, 7):
        state = full_game(p0={"cards": {}, "coins": 3, "landmarks": ["santa-s-toy-factory", "city-hall"]})
        state, _ = roll(state, total)
        assert coins(state)[0] == 3


def test_six_players_with_the_5_6_box():
    state = game(EVERYTHING, players=6, seed=4)
    assert len(state.players) == 6
    assert state.market[state.card_set.establishment_index["stadium"]] == 6


def neighbours_game(neighbours_only):
    state = game(("base",), players=5 - 1, neighbours_only=neighbours_only)
    for seat in range(4):
        arrange(state, seat, coins=5, cards={"wheat-field": 1, "cafe": 1}, landmarks=[])
    return state


def test_neighbours_only_variant_limits_blue_and_red_payments_to_neighbours():
    # Seat 0 rolls; seats 1 and 3 are its neighbours, seat 2 sits opposite.
    state, _ = roll(neighbours_game(True), 1)
    assert coins(state) == [6, 6, 5, 6]
    state, _ = roll(neighbours_game(True), 3)
    assert coins(state) == [3, 6, 5, 6]


def test_without_the_variant_everyone_is_paid():
    state, _ = roll(neighbours_game(False), 1)
    assert coins(state) == [6, 6, 6, 6]
    state, _ = roll(neighbours_game(False), 3)
    assert coins(state) == [2, 6, 6, 6]


def test_neighbours_only_keeps_purple_cards_hitting_everyone():
    state = neighbours_game(True)
    arrange(state, 0, cards={"stadium": 1}, landmarks=["train-station"])
    state, _ = roll(state, 3, 3)
    assert coins(state) == [11, 3, 3, 3]
