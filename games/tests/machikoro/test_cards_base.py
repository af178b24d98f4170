"""A scenario for every base-game card, with forced dice. Seat 0 rolls unless said otherwise."""

import pytest

from games.machikoro.engine import IllegalActionError, apply, legal_actions
from games.machikoro.engine import actions as A
from games.machikoro.engine.state import BUILD, CHOOSE

from games.tests.machikoro.helpers import BASE, arrange, coins, game, owned, payments, play, roll

STARTERS = {"wheat-field": 1, "bakery": 1}


def two_players(cards0=None, cards1=None, coins0=3, coins1=3, landmarks0=("train-station",), landmarks1=()):
    state = game(BASE, players=2)
    arrange(state, 0, coins=coins0, cards=cards0 if cards0 is not None else {}, landmarks=list(landmarks0))
    arrange(state, 1, coins=coins1, cards=cards1 if cards1 is not None else {}, landmarks=list(landmarks1))
    return state


def test_wheat_field_pays_its_owner_on_anyones_one():
    state = two_players({"wheat-field": 2}, {"wheat-field": 1})
    state, events = roll(state, 1)
    assert coins(state) == [5, 4]
    assert sorted(payments(events)) == sorted([(None, 0, 2), (None, 1, 1)])


def test_ranch_pays_on_anyones_two():
    state = two_players({}, {"ranch": 3})
    state, _ = roll(state, 2)
    assert coins(state) == [3, 6]


def test_bakery_pays_on_its_owners_two_or_three_only():
    state = two_players({"bakery": 2}, {"bakery": 1})
    state, _ = roll(state, 2)
    assert coins(state) == [5, 3]
    state = two_players({"bakery": 2}, {"bakery": 1})
    state, _ = roll(state, 3)
    assert coins(state) == [5, 3]


def test_cafe_takes_one_from_the_roller_but_not_on_its_owners_roll():
    state = two_players({"cafe": 1}, {"cafe": 2})
    state, events = roll(state, 3)
    assert coins(state) == [1, 5] and payments(events) == [(0, 1, 2)]


def test_convenience_store_pays_three_on_its_owners_four():
    state = two_players({"convenience-store": 2}, {"convenience-store": 1})
    state, _ = roll(state, 4)
    assert coins(state) == [9, 3]


def test_forest_pays_one_on_anyones_five():
    state = two_players({"forest": 1}, {"forest": 2})
    state, _ = roll(state, 5)
    assert coins(state) == [4, 5]


def test_stadium_takes_two_from_each_opponent_with_partial_payment():
    state = game(BASE, players=3)
    arrange(state, 0, coins=0, cards={"stadium": 1}, landmarks=["train-station"])
    arrange(state, 1, coins=5, cards={})
    arrange(state, 2, coins=1, cards={})
    state, events = roll(state, 3, 3)
    assert coins(state) == [3, 3, 0]
    assert payments(events) == [(1, 0, 2), (2, 0, 1)]


def test_tv_station_takes_five_from_the_chosen_opponent():
    state = game(BASE, players=3)
    arrange(state, 0, coins=0, cards={"tv-station": 1}, landmarks=["train-station"])
    arrange(state, 1, coins=8, cards={})
    arrange(state, 2, coins=3, cards={})
    state, _ = roll(state, 4, 2)
    assert state.phase == CHOOSE
    assert legal_actions(state) == [A.ChooseOpponent(1), A.ChooseOpponent(2)]
    with pytest.raises(IllegalActionError):
        apply(state, A.ChooseOpponent(0))
    chosen, events = play(state, A.ChooseOpponent(2))
    assert coins(chosen) == [3, 8, 0] and payments(events) == [(2, 0, 3)]
    chosen, _ = play(state, A.ChooseOpponent(1))
    assert coins(chosen) == [5, 3, 3]


def test_business_center_swaps_one_non_major_card_with_an_opponent():
    state = two_players({"business-center": 1, "wheat-field": 1, "stadium": 1}, {"mine": 1, "tv-station": 1})
    state, _ = roll(state, 5, 1)
    assert state.phase == CHOOSE
    actions = legal_actions(state)
    assert set(actions) == {A.Trade("wheat-field", 1, "mine"), A.Decline()}
    state, events = play(state, A.Trade("wheat-field", 1, "mine"))
    assert owned(state, 0, "mine") == 1 and owned(state, 0, "wheat-field") == 0
    assert owned(state, 1, "wheat-field") == 1 and owned(state, 1, "mine") == 0
    assert owned(state, 0, "stadium") == 1 and owned(state, 1, "tv-station") == 1
    assert [e.type for e in events].count("card_given") == 2


def test_business_center_may_be_declined():
    state = two_players({"business-center": 1, "wheat-field": 1}, {"mine": 1})
    state, _ = roll(state, 5, 1)
    state, events = play(state, A.Decline())
    assert state.phase == BUILD and owned(state, 0, "wheat-field") == 1 and owned(state, 1, "mine") == 1


def test_business_center_refuses_majors_and_landmarks():
    state = two_players({"business-center": 1, "wheat-field": 1}, {"stadium": 1, "mine": 1})
    state, _ = roll(state, 5, 1)
    for action in (A.Trade("business-center", 1, "mine"), A.Trade("wheat-field", 1, "stadium"),
                   A.Trade("wheat-field", 1, "train-station"), A.Trade("wheat-field", 0, "wheat-field")):
        with pytest.raises(IllegalActionError):
            apply(state, action)


def test_cheese_factory_pays_three_per_cow_card_on_its_owners_seven():
    state = two_players({"cheese-factory": 1, "ranch": 3}, {"cheese-factory": 1, "ranch": 1})
    state, _ = roll(state, 3, 4)
    assert coins(state) == [12, 3]


def test_furniture_factory_pays_three_per_gear_card():
    state = two_players({"furniture-factory": 2, "forest": 1, "mine": 1})
    state, _ = roll(state, 4, 4)
    assert coins(state) == [3 + 2 * 3 * 2, 3]


def test_mine_pays_five_on_anyones_nine():
    state = two_players({}, {"mine": 1})
    state, _ = roll(state, 4, 5)
    assert coins(state) == [3, 8]


def test_family_restaurant_takes_two_on_nine_or_ten():
    for faces in ((4, 5), (5, 5)):
        state = two_players({}, {"family-restaurant": 2}, coins0=10)
        state, _ = roll(state, *faces)
        assert coins(state) == [6, 7]


def test_apple_orchard_pays_three_on_anyones_ten():
    state = two_players({"apple-orchard": 1}, {"apple-orchard": 1})
    state, _ = roll(state, 6, 4)
    assert coins(state) == [6, 6]


def test_fruit_and_vegetable_market_pays_two_per_wheat_card_on_eleven_or_twelve():
    for faces in ((5, 6), (6, 6)):
        state = two_players({"fruit-and-vegetable-market": 1, "wheat-field": 2, "apple-orchard": 1})
        state, _ = roll(state, *faces)
        assert coins(state)[0] == 3 + 2 * 3


def test_shopping_mall_adds_one_per_bread_and_cup_card_of_its_owner():
    state = two_players({"bakery": 2, "convenience-store": 1}, {"cafe": 1},
                        landmarks0=("shopping-mall",), landmarks1=("shopping-mall",))
    state, _ = roll(state, 2)
    assert coins(state) == [3 + 2 * 2, 3]
    state = two_players({"convenience-store": 1}, {}, landmarks0=("shopping-mall",))
    state, _ = roll(state, 4)
    assert coins(state) == [3 + 4, 3]


def test_shopping_mall_gives_nothing_to_factories_or_blue_wheat():
    state = two_players({"cheese-factory": 1, "ranch": 1}, {}, landmarks0=("train-station", "shopping-mall"))
    state, _ = roll(state, 3, 4)
    assert coins(state) == [6, 3]
    state = two_players({"wheat-field": 1}, {}, landmarks0=("shopping-mall",))
    state, _ = roll(state, 1)
    assert coins(state) == [4, 3]
