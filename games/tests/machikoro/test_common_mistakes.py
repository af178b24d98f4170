"""One test per entry of the reference's list of common implementation mistakes (rules.md §8), each proving
the mistake absent."""

from collections import Counter

import pytest

from games.machikoro.engine import IllegalActionError, apply, legal_actions
from games.machikoro.engine import actions as A
from games.common import rng
from games.machikoro.engine.state import BUILD, INVEST, REROLL, ROLL

from games.tests.machikoro.helpers import BASE, HARBOR, HARBOR_MR, MR, arrange, closed, coins, force_dice, game, payments, play, roll


def test_red_cards_ignore_their_owners_roll_and_green_cards_other_players_rolls():
    state = game(BASE)
    arrange(state, 0, coins=5, cards={"cafe": 2})
    arrange(state, 1, coins=5, cards={"bakery": 2})
    state, events = roll(state, 3)
    assert payments(events) == [] and coins(state) == [5, 5]


def test_red_owners_are_paid_one_by_one_counter_clockwise_from_the_rollers_right():
    state = game(BASE, players=4, active=1)
    arrange(state, 1, coins=4, cards={})
    for seat in (0, 2, 3):
        arrange(state, seat, coins=0, cards={"cafe": 2})
    state, events = roll(state, 3)
    # right of seat 1 is seat 0, then 3, then 2; each takes his full due before the next
    assert payments(events) == [(1, 0, 2), (1, 3, 2), (1, 2, 0)]
    assert coins(state) == [2, 0, 0, 2]


def test_coins_never_go_negative_and_debt_is_not_carried_forward():
    state = game(BASE)
    arrange(state, 0, coins=1, cards={})
    arrange(state, 1, coins=0, cards={"family-restaurant": 3})
    arrange(state, 0, landmarks=["train-station"])
    state, events = roll(state, 4, 5)
    assert coins(state) == [0, 1]
    state, _ = play(state, A.Pass())          # seat 1's turn: nothing owed any more
    state, _ = roll(state, 6)
    assert coins(state) == [0, 1]


def test_the_owners_shopping_mall_counts_for_red_cards_not_the_rollers():
    state = game(BASE)
    arrange(state, 0, coins=10, cards={}, landmarks=["shopping-mall"])
    arrange(state, 1, coins=0, cards={"cafe": 1})
    state, _ = roll(state, 3)
    assert coins(state) == [9, 1]
    state = game(BASE)
    arrange(state, 0, coins=10, cards={})
    arrange(state, 1, coins=0, cards={"cafe": 1}, landmarks=["shopping-mall"])
    state, _ = roll(state, 3)
    assert coins(state) == [8, 2]


def test_factories_get_no_shopping_mall_bonus():
    state = arrange(game(BASE), 0, coins=0, cards={"furniture-factory": 1, "forest": 1},
                    landmarks=["train-station", "shopping-mall"])
    state, _ = roll(state, 4, 4)
    assert coins(state)[0] == 3


def test_a_second_copy_of_a_major_cannot_be_bought():
    state = arrange(game(BASE), 0, coins=30, cards={"tv-station": 1})
    state, _ = roll(state, 1)
    with pytest.raises(IllegalActionError):
        apply(state, A.Buy("tv-station"))


def test_majors_nobody_can_buy_leave_the_ten_stack_market():
    state = game(BASE, players=2, market=10, seed=2)
    index = state.card_set.establishment_index["business-center"]
    for seat in range(2):
        arrange(state, seat, cards={"business-center": 1})
    state.market[index] = 1
    state.phase = BUILD
    cheap = next(e for e in state.card_set.establishments if state.market[e.index] and e.cost <= 3 and not e.major)
    arrange(state, 0, coins=3)
    state, _ = play(state, A.Buy(cheap.slug))
    assert state.market[index] == 0 and state.removed[index] == 1
    assert sum(1 for n in state.market if n) == 10


def test_an_establishment_and_a_landmark_cannot_both_be_bought():
    state = arrange(game(BASE), 0, coins=30)
    state, _ = roll(state, 6)
    state, _ = play(state, A.Buy("wheat-field"))
    assert state.active == 1 and state.phase == ROLL
    with pytest.raises(IllegalActionError):
        apply(state, A.Build("train-station"))


class TestHarbor:
    def test_no_plus_two_below_ten_or_with_one_die(self):
        state = arrange(game(HARBOR), 0, landmarks=["city-hall", "train-station", "harbor"])
        state, _ = roll(state, 4, 5)
        assert state.phase == BUILD and state.total == 9
        state = arrange(game(HARBOR), 0, landmarks=["city-hall", "train-station", "harbor"])
        state, _ = roll(state, 6)
        assert state.phase == BUILD and state.total == 6

    def test_only_the_rollers_harbor_counts(self):
        state = game(HARBOR)
        arrange(state, 0, landmarks=["city-hall", "train-station"])
        arrange(state, 1, landmarks=["city-hall", "harbor"])
        state, _ = roll(state, 5, 5)
        assert state.phase == BUILD and state.total == 10

    def test_plus_two_comes_after_the_reroll_decision_and_only_once(self):
        state = arrange(game(HARBOR), 0, landmarks=["city-hall", "train-station", "harbor", "radio-tower"])
        state, _ = roll(state, 6, 6)
        assert state.phase == REROLL and state.total == 12
        state, _ = play(state, A.KeepRoll())
        state, _ = play(state, A.AdjustRoll(True))
        assert state.total == 14 and state.phase == BUILD

    def test_plus_two_does_not_change_doubles(self):
        state = arrange(game(HARBOR), 0, landmarks=["city-hall", "train-station", "harbor", "amusement-park"])
        state, _ = roll(state, 5, 5)
        state, _ = play(state, A.AdjustRoll(True), A.Pass())
        assert state.active == 0          # 5-5 stays doubles at 12
        state = arrange(game(HARBOR), 0, landmarks=["city-hall", "train-station", "harbor", "amusement-park"])
        state, _ = roll(state, 6, 4)
        state, _ = play(state, A.AdjustRoll(True), A.Pass())
        assert state.active == 1          # 6-4 + 2 = 12 is not doubles


class TestTunaBoat:
    def tuna_game(self, harbor_for=(1, 2)):
        state = game(HARBOR, players=3)
        arrange(state, 0, coins=0, cards={}, landmarks=["city-hall", "train-station", "amusement-park"])
        arrange(state, 1, coins=0, cards={"tuna-boat": 3}, landmarks=["city-hall"] + (["harbor"] if 1 in harbor_for else []))
        arrange(state, 2, coins=0, cards={"tuna-boat": 1, "ranch": 2},
                landmarks=["city-hall"] + (["harbor"] if 2 in harbor_for else []))
        return state

    def test_one_roll_shared_by_every_owner_and_boat(self):
        state, events = roll(self.tuna_game(), 6, 6, then=[(4, 5)])
        assert [e.purpose for e in events if e.type == "dice_rolled"] == ["roll", "shared"]
        assert coins(state)[1:] == [27, 9]

    def test_owners_without_harbor_get_nothing(self):
        state, _ = roll(self.tuna_game(harbor_for=(1,)), 6, 6, then=[(4, 5)])
        assert coins(state)[1:] == [27, 0]

    def test_the_tuna_roll_triggers_nothing_else(self):
        state, events = roll(self.tuna_game(), 6, 6, then=[(1, 1)])
        assert coins(state)[2] == 2                     # the 1-1 Tuna roll did not pay the Ranches (2)
        state, events = play(state, A.Pass())
        assert events[-1].extra is True and state.total == 0   # the extra turn comes from the 6-6


class TestAmusementPark:
    def test_no_extra_turn_on_a_single_die(self):
        state = arrange(game(BASE), 0, landmarks=["amusement-park"])
        state, _ = roll(state, 4)
        state, _ = play(state, A.Pass())
        assert state.active == 1

    def test_the_extra_turn_is_a_complete_turn(self):
        state = game(HARBOR_MR)
        arrange(state, 0, coins=0, cards={"tech-startup": 1},
                landmarks=["city-hall", "train-station", "amusement-park", "radio-tower", "airport"])
        force_dice(state, (2, 2))
        state, events = play(state, A.Roll(2), A.KeepRoll())
        assert coins(state)[0] == 1                    # City Hall
        state, events = play(state, A.Pass())
        assert coins(state)[0] == 11 and state.phase == INVEST   # Airport, then the investment
        state, events = play(state, A.Invest(1))
        assert state.active == 0 and events[-1].extra is True
        force_dice(state, (1,))
        state, _ = play(state, A.Roll(1))
        assert state.phase == REROLL                    # the Radio Tower is available again


class TestCityHall:
    def test_only_at_zero_coins_and_only_on_its_owners_turn(self):
        state = game(HARBOR)
        arrange(state, 0, coins=2)
        arrange(state, 1, coins=0)
        state, events = roll(state, 6)
        assert payments(events) == [] and coins(state) == [2, 0]

    def test_not_counted_to_win_nor_for_landmark_conditions(self):
        state = game(HARBOR_MR)
        arrange(state, 0, coins=30, cards={"general-store": 1},
                landmarks=["city-hall", "train-station", "shopping-mall", "amusement-park", "radio-tower", "harbor"])
        assert state.players[0].built.count(True) == 6
        state, _ = roll(state, 6)
        state, events = play(state, A.KeepRoll(), A.Build("airport"))
        assert state.winner == 0
        # General Store with City Hall + one landmark: still fewer than 2 counted landmarks
        state = arrange(game(HARBOR_MR), 0, coins=0, cards={"general-store": 1},
                        landmarks=["city-hall", "train-station"])
        state, _ = roll(state, 2)
        assert coins(state)[0] == 2

    def test_demolition_cannot_flip_it(self):
        state = arrange(game(HARBOR_MR), 0, coins=5, cards={"demolition-company": 1}, landmarks=["city-hall"])
        state, _ = roll(state, 4)
        assert state.phase == BUILD and coins(state)[0] == 5


def test_airport_does_not_pay_after_a_purchase():
    state = arrange(game(HARBOR), 0, coins=10, landmarks=["city-hall", "airport"])
    state, _ = roll(state, 6)
    state, events = play(state, A.Buy("cafe"))
    assert coins(state)[0] == 8 and payments(events) == []


class TestLoanOffice:
    def test_plus_five_on_purchase(self):
        state = arrange(game(MR), 0, coins=0)
        state, _ = roll(state, 1)
        state, events = play(state, A.Buy("loan-office"))
        assert coins(state)[0] == 5 + 1    # + the Wheat Field paid on the 1

    def test_no_shopping_mall_on_its_payment_and_never_below_zero(self):
        state = arrange(game(MR), 0, coins=1, cards={"loan-office": 1}, landmarks=["shopping-mall"])
        state, events = roll(state, 5)
        assert payments(events) == [(0, None, 1)] and coins(state)[0] == 0


class TestRenovation:
    def test_closes_the_owners_copies_too_and_does_not_charge_him(self):
        state = game(MR)
        arrange(state, 0, coins=0, cards={"renovation-company": 1, "forest": 2}, landmarks=["train-station"])
        arrange(state, 1, coins=5, cards={"forest": 1})
        state, _ = roll(state, 4, 4)
        state, events = play(state, A.Renovate("forest"))
        assert closed(state, 0, "forest") == 2 and closed(state, 1, "forest") == 1
        assert payments(events) == [(1, 0, 1)]


class TestClosedCards:
    def test_a_closed_card_pays_nothing(self):
        state = arrange(game(MR), 1, coins=0, cards={"forest": 1}, closed={"forest": 1})
        state, events = roll(state, 5)
        assert coins(state)[1] == 0 and closed(state, 1, "forest") == 0

    def test_closed_cards_still_count_for_icons(self):
        state = arrange(game(MR), 0, coins=0, cards={"furniture-factory": 1, "forest": 2}, closed={"forest": 2},
                        landmarks=["train-station"])
        state, _ = roll(state, 4, 4)
        assert coins(state)[0] == 6


class TestNoPurpleOrLandmarkMoves:
    def test_business_center_and_moving_company_never_offer_purple_cards_or_landmarks(self):
        state = game(MR)
        arrange(state, 0, cards={"business-center": 1, "moving-company": 1, "tech-startup": 1, "bakery": 1},
                landmarks=["train-station"])
        arrange(state, 1, cards={"stadium": 1, "ranch": 1}, landmarks=["shopping-mall"])
        state, _ = roll(state, 5, 5)
        moves = legal_actions(state)
        assert {m.card for m in moves} == {"bakery", "moving-company"}
        state, _ = play(state, A.Move("bakery", 1), A.Pass())
        state.active = 0
        state.phase = ROLL
        state, _ = roll(state, 3, 3)
        trades = [a for a in legal_actions(state) if isinstance(a, A.Trade)]
        assert trades and all(t.give in {"moving-company"} and t.take in {"ranch", "bakery"} for t in trades)


def test_publisher_counts_cups_and_breads_of_each_opponent_only():
    state = game(HARBOR)
    arrange(state, 0, coins=0, cards={"publisher": 1, "cafe": 5, "bakery": 5}, landmarks=["city-hall", "train-station"])
    arrange(state, 1, coins=20, cards={"cafe": 1, "bakery": 2, "ranch": 3})
    state, events = roll(state, 3, 4)
    assert payments(events) == [(1, 0, 3)]


def test_food_warehouse_counts_own_cups_and_soda_plant_counts_everyones():
    state = game(HARBOR_MR)
    arrange(state, 0, coins=0, cards={"food-warehouse": 1, "soda-bottling-plant": 1, "cafe": 1},
            landmarks=["city-hall", "train-station"])
    arrange(state, 1, cards={"cafe": 3})
    state, _ = roll(state, 6, 6)
    assert coins(state)[0] == 2
    state = game(HARBOR_MR)
    arrange(state, 0, coins=0, cards={"food-warehouse": 1, "soda-bottling-plant": 1, "cafe": 1},
            landmarks=["city-hall", "train-station"])
    arrange(state, 1, cards={"cafe": 3})
    state, _ = roll(state, 5, 6)
    assert coins(state)[0] == 4


def test_tax_office_uses_ten_or_more_and_rounds_down():
    state = game(HARBOR, players=3)
    arrange(state, 0, coins=0, cards={"tax-office": 1}, landmarks=["city-hall", "train-station"])
    arrange(state, 1, coins=10, cards={})
    arrange(state, 2, coins=13, cards={})
    state, events = roll(state, 4, 4)
    assert payments(events) == [(1, 0, 5), (2, 0, 6)]


def test_park_rounds_up_and_the_bank_tops_up():
    state = game(MR, players=2)
    arrange(state, 0, coins=0, cards={"park": 1}, landmarks=["train-station"])
    arrange(state, 1, coins=5, cards={})
    bank = state.bank
    state, _ = roll(state, 5, 6)
    assert coins(state) == [3, 3] and state.bank == bank - 1


def test_dice_reach_six_and_are_uniform():
    state = 12345
    faces = Counter()
    pairs = Counter()
    for _ in range(6000):
        state, (die,) = rng.roll_dice(state, 1)
        faces[die] += 1
        state, dice = rng.roll_dice(state, 2)
        pairs[dice] += 1
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert len(pairs) == 36 and all(1 <= a <= 6 and 1 <= b <= 6 for a, b in pairs)
