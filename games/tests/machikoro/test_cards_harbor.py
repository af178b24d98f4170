"""A scenario for every Harbor (Marina) card."""

from games.machikoro.engine import legal_actions
from games.machikoro.engine import actions as A
from games.machikoro.engine.events import DiceRolled

from games.tests.machikoro.helpers import HARBOR, arrange, coins, game, payments, play, roll

HARBOR_BUILT = ["city-hall", "harbor"]
TWO_DICE = ["city-hall", "train-station"]


def harbor_game(players=2, **seats):
    state = game(HARBOR, players=players)
    for seat in range(players):
        arrange(state, seat, **seats.get(f"p{seat}", {"cards": {}}))
    return state


def test_sushi_bar_takes_three_on_one_only_if_its_owner_has_a_harbor():
    state = harbor_game(p0={"coins": 5, "cards": {}}, p1={"coins": 0, "cards": {"sushi-bar": 1},
                                                           "landmarks": HARBOR_BUILT})
    state, _ = roll(state, 1)
    assert coins(state) == [2, 3]
    state = harbor_game(p0={"coins": 5, "cards": {}}, p1={"coins": 0, "cards": {"sushi-bar": 1}})
    state, events = roll(state, 1)
    assert coins(state) == [5, 0] and payments(events) == []


def test_sushi_bar_cost_comes_from_the_card_data():
    state = game(HARBOR)
    assert state.card_set.establishment("sushi-bar").cost == 4


def test_flower_orchard_pays_one_on_anyones_four():
    state = harbor_game(p1={"cards": {"flower-orchard": 2}, "coins": 0})
    state, _ = roll(state, 4)
    assert coins(state)[1] == 2


def test_flower_shop_pays_one_per_flower_orchard_on_its_owners_six():
    state = harbor_game(p0={"cards": {"flower-shop": 2, "flower-orchard": 3}, "coins": 0})
    state, _ = roll(state, 6)
    assert coins(state)[0] == 6


def test_flower_shop_without_orchards_gets_no_mall_bonus():
    state = harbor_game(p0={"cards": {"flower-shop": 1}, "coins": 0, "landmarks": ["city-hall", "shopping-mall"]})
    state, events = roll(state, 6)
    assert [p for p in payments(events) if p[1] == 0 and p[2] != 1] == []
    assert coins(state)[0] == 1      # only City Hall's coin
    state = harbor_game(p0={"cards": {"flower-shop": 1, "flower-orchard": 1}, "coins": 0,
                            "landmarks": ["city-hall", "shopping-mall"]})
    state, _ = roll(state, 6)
    assert coins(state)[0] == 2


def test_pizza_joint_and_hamburger_stand_take_one():
    state = harbor_game(p0={"cards": {}, "coins": 5, "landmarks": TWO_DICE},
                        p1={"cards": {"pizza-joint": 1, "hamburger-stand": 1}, "coins": 0})
    state, _ = roll(state, 3, 4)
    assert coins(state) == [4, 1]
    state = harbor_game(p0={"cards": {}, "coins": 5, "landmarks": TWO_DICE},
                        p1={"cards": {"pizza-joint": 1, "hamburger-stand": 2}, "coins": 0})
    state, _ = roll(state, 4, 4)
    assert coins(state) == [3, 2]


def test_publisher_takes_one_per_cup_and_bread_card_of_each_opponent():
    state = harbor_game(players=3,
                        p0={"cards": {"publisher": 1, "bakery": 3, "cafe": 2}, "coins": 0, "landmarks": TWO_DICE},
                        p1={"cards": {"bakery": 1, "cafe": 2, "wheat-field": 4}, "coins": 10},
                        p2={"cards": {"convenience-store": 1, "flower-shop": 1, "mine": 1}, "coins": 1})
    state, events = roll(state, 3, 4)
    assert payments(events) == [(1, 0, 3), (2, 0, 1)]
    assert coins(state) == [4, 7, 0]


def test_mackerel_boat_pays_three_on_eight_with_a_harbor_only():
    state = harbor_game(p0={"cards": {}, "coins": 0, "landmarks": TWO_DICE},
                        p1={"cards": {"mackerel-boat": 2}, "coins": 0, "landmarks": HARBOR_BUILT})
    state, _ = roll(state, 4, 4)
    assert coins(state) == [0 + 1, 6]      # the roller gets City Hall's coin
    state = harbor_game(p0={"cards": {}, "coins": 0, "landmarks": TWO_DICE},
                        p1={"cards": {"mackerel-boat": 2}, "coins": 0})
    state, _ = roll(state, 4, 4)
    assert coins(state)[1] == 0


def test_tax_office_takes_half_rounded_down_from_opponents_with_ten_or_more():
    state = harbor_game(players=4,
                        p0={"cards": {"tax-office": 1}, "coins": 0, "landmarks": TWO_DICE},
                        p1={"cards": {}, "coins": 9}, p2={"cards": {}, "coins": 10},
                        p3={"cards": {}, "coins": 11})
    state, events = roll(state, 4, 5)
    assert payments(events) == [(2, 0, 5), (3, 0, 5)]
    assert coins(state) == [10, 9, 5, 6]


def test_food_warehouse_counts_its_owners_cups_on_twelve():
    state = harbor_game(p0={"cards": {"food-warehouse": 1, "cafe": 2, "pizza-joint": 1}, "coins": 0,
                            "landmarks": TWO_DICE},
                        p1={"cards": {"cafe": 5}, "coins": 0})
    state, _ = roll(state, 6, 6)
    assert coins(state)[0] == 6


def test_food_warehouse_fires_on_thirteen_with_harbor():
    state = harbor_game(p0={"cards": {"food-warehouse": 1, "cafe": 1}, "coins": 0,
                            "landmarks": TWO_DICE + ["harbor"]})
    state, _ = roll(state, 5, 6)
    state, _ = play(state, A.AdjustRoll(True))
    assert state.total == 13 and coins(state)[0] == 2


def test_tuna_boat_one_shared_roll_for_every_owner_with_a_harbor():
    state = harbor_game(players=3,
                        p0={"cards": {}, "coins": 0, "landmarks": TWO_DICE},
                        p1={"cards": {"tuna-boat": 2}, "coins": 0, "landmarks": HARBOR_BUILT},
                        p2={"cards": {"tuna-boat": 1}, "coins": 0, "landmarks": HARBOR_BUILT})
    state, events = roll(state, 6, 6, then=[(2, 3)])
    shared = [e for e in events if isinstance(e, DiceRolled) and e.purpose == "shared"]
    assert len(shared) == 1 and shared[0].dice == (2, 3) and shared[0].player == 0
    assert coins(state)[1:] == [10, 5]


def test_tuna_boat_pays_nothing_without_a_harbor_and_the_roll_activates_nothing():
    state = harbor_game(p0={"cards": {"wheat-field": 1}, "coins": 0, "landmarks": TWO_DICE + ["amusement-park"]},
                        p1={"cards": {"tuna-boat": 3, "ranch": 1}, "coins": 0})
    state, events = roll(state, 6, 6, then=[(1, 1)])
    assert coins(state) == [1, 0]     # the roller's coin is City Hall's; no Tuna income, no Ranch
    state, events = play(state, A.Pass())
    # the extra turn comes from the 6-6 roll, not from the Tuna roll
    assert events[-1].extra is True


def test_tuna_roll_never_gives_an_extra_turn():
    state = harbor_game(p0={"cards": {}, "coins": 0, "landmarks": TWO_DICE + ["harbor", "amusement-park"]},
                        p1={"cards": {"tuna-boat": 1}, "coins": 0, "landmarks": HARBOR_BUILT})
    state, _ = roll(state, 5, 6, then=[(3, 3)])
    state, _ = play(state, A.AdjustRoll(True))
    assert state.total == 13 and coins(state)[1] == 6
    state, _ = play(state, A.Pass())
    assert state.active == 1      # 5-6 is not doubles; the Tuna 3-3 does not count


def test_city_hall_is_not_a_landmark_to_build():
    state = harbor_game(p0={"cards": {}, "coins": 50})
    state, _ = roll(state, 6)
    assert A.Build("city-hall") not in legal_actions(state)
