"""The worked examples of the official rulebooks (as quoted in the reference, rules.md §3-§6)."""

from games.machikoro.engine import actions as A

from games.tests.machikoro.helpers import BASE, HARBOR, MR, arrange, built, coins, game, payments, play, roll


def test_cafe_example_partial_payment_counter_clockwise():
    # The roller has 3 coins; B owns 3 Cafés; C, sitting counter-clockwise next to the roller, owns 2.
    # C is paid first and gets 2, B gets the last coin, the rest of the debt is forgiven.
    state = game(BASE, players=3)
    roller, b, c = 0, 1, 2
    arrange(state, roller, coins=3, cards={})
    arrange(state, b, coins=0, cards={"cafe": 3})
    arrange(state, c, coins=0, cards={"cafe": 2})
    state, events = roll(state, 3)
    assert payments(events) == [(roller, c, 2), (roller, b, 1)]
    assert coins(state) == [0, 1, 2]
    assert [e.owed for e in events if e.type == "transfer"] == [2, 3]


def test_shopping_mall_example_two_bakeries_give_four():
    state = arrange(game(BASE), 0, coins=0, cards={"bakery": 2}, landmarks=["shopping-mall"])
    state, _ = roll(state, 2)
    assert coins(state)[0] == 4


def test_renovation_company_example_three_and_two_cheese_factories():
    state = game(MR, players=3)
    arrange(state, 0, coins=0, cards={"renovation-company": 1}, landmarks=["train-station"])
    arrange(state, 1, coins=5, cards={"cheese-factory": 3})
    arrange(state, 2, coins=5, cards={"cheese-factory": 2})
    state, _ = roll(state, 3, 5)
    state, events = play(state, A.Renovate("cheese-factory"))
    assert payments(events) == [(1, 0, 3), (2, 0, 2)]
    assert coins(state) == [5, 2, 3]


def test_demolition_example_two_companies_one_landmark():
    state = arrange(game(MR), 0, coins=0, cards={"demolition-company": 2}, landmarks=["train-station"])
    state, _ = roll(state, 4)
    state, _ = play(state, A.Demolish("train-station"))
    assert coins(state)[0] == 8 and not built(state, 0, "train-station")
    assert state.phase == "build"     # the second copy found no landmark and paid nothing


def test_tax_office_examples_nine_ten_eleven():
    state = game(HARBOR, players=4)
    arrange(state, 0, coins=0, cards={"tax-office": 1}, landmarks=["city-hall", "train-station"])
    for seat, amount in ((1, 9), (2, 10), (3, 11)):
        arrange(state, seat, coins=amount, cards={})
    state, events = roll(state, 5, 3)
    assert payments(events) == [(2, 0, 5), (3, 0, 5)]


def test_harbor_turns_ten_eleven_twelve_into_twelve_thirteen_fourteen():
    for faces, total in (((4, 6), 12), ((5, 6), 13), ((6, 6), 14)):
        state = arrange(game(HARBOR), 0, landmarks=["city-hall", "train-station", "harbor"])
        state, _ = roll(state, *faces)
        state, _ = play(state, A.AdjustRoll(True))
        assert state.total == total
