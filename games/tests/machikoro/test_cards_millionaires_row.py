"""A scenario for every Millionaire's Row (Green Valley) card."""

import pytest

from games.machikoro.engine import IllegalActionError, apply, legal_actions
from games.machikoro.engine import actions as A
from games.machikoro.engine.state import BUILD, CHOOSE

from games.tests.machikoro.helpers import HARBOR_MR, MR, arrange, built, closed, coins, game, owned, payments, play, roll

TWO_DICE = ["train-station"]


def mr_game(players=2, extensions=MR, **seats):
    state = game(extensions, players=players)
    for seat in range(players):
        arrange(state, seat, **seats.get(f"p{seat}", {"cards": {}}))
    return state


def test_general_store_pays_two_with_fewer_than_two_landmarks():
    state = mr_game(p0={"cards": {"general-store": 2}, "coins": 0, "landmarks": ["train-station"]})
    state, _ = roll(state, 2)
    assert coins(state)[0] == 4
    state = mr_game(p0={"cards": {"general-store": 2}, "coins": 0,
                        "landmarks": ["train-station", "shopping-mall"]})
    state, events = roll(state, 2)
    assert coins(state)[0] == 0 and payments(events) == []


def test_general_store_does_not_count_city_hall():
    state = mr_game(extensions=HARBOR_MR, p0={"cards": {"general-store": 1}, "coins": 3,
                                             "landmarks": ["city-hall", "harbor"]})
    state, _ = roll(state, 2)
    assert coins(state)[0] == 5


def test_corn_field_pays_one_on_anyones_three_or_four_below_two_landmarks():
    state = mr_game(p1={"cards": {"corn-field": 2}, "coins": 0})
    state, _ = roll(state, 3)
    assert coins(state)[1] == 2
    state = mr_game(p1={"cards": {"corn-field": 2}, "coins": 0, "landmarks": ["train-station", "radio-tower"]})
    state, _ = roll(state, 4)
    assert coins(state)[1] == 0


def test_demolition_company_unbuilds_the_chosen_landmark_and_pays_eight():
    state = mr_game(p0={"cards": {"demolition-company": 1}, "coins": 0,
                        "landmarks": ["train-station", "shopping-mall"]})
    state, _ = roll(state, 4)
    assert state.phase == CHOOSE
    assert set(legal_actions(state)) == {A.Demolish("train-station"), A.Demolish("shopping-mall")}
    state, events = play(state, A.Demolish("shopping-mall"))
    assert not built(state, 0, "shopping-mall") and built(state, 0, "train-station")
    assert coins(state)[0] == 8 and "landmark_demolished" in [e.type for e in events]


def test_demolition_company_does_nothing_without_a_landmark():
    state = mr_game(p0={"cards": {"demolition-company": 2}, "coins": 0})
    state, events = roll(state, 4)
    assert state.phase == BUILD and coins(state)[0] == 0 and payments(events) == []


def test_demolition_company_never_takes_city_hall():
    state = mr_game(extensions=HARBOR_MR, p0={"cards": {"demolition-company": 1}, "coins": 3,
                                             "landmarks": ["city-hall"]})
    state, _ = roll(state, 4)
    assert state.phase == BUILD and built(state, 0, "city-hall") and coins(state)[0] == 3
    with pytest.raises(IllegalActionError):
        apply(state, A.Demolish("city-hall"))


def test_french_restaurant_takes_five_from_a_roller_with_two_landmarks():
    state = mr_game(p0={"cards": {}, "coins": 7, "landmarks": ["train-station", "shopping-mall"]},
                    p1={"cards": {"french-restaurant": 1}, "coins": 0})
    state, _ = roll(state, 5)
    assert coins(state) == [2, 5]
    state = mr_game(p0={"cards": {}, "coins": 7, "landmarks": ["train-station"]},
                    p1={"cards": {"french-restaurant": 1}, "coins": 0})
    state, _ = roll(state, 5)
    assert coins(state) == [7, 0]


def test_loan_office_gives_five_when_bought_and_costs_two_on_five_or_six():
    state = mr_game(p0={"cards": {}, "coins": 1})
    state, _ = roll(state, 1)
    state, events = play(state, A.Buy("loan-office"))
    assert coins(state)[0] == 1 + 5 and owned(state, 0, "loan-office") == 1
    assert (None, 0, 5) in payments(events)
    state = mr_game(p0={"cards": {"loan-office": 2}, "coins": 3, "landmarks": ["shopping-mall"]})
    state, events = roll(state, 6)
    assert payments(events) == [(0, None, 3)] and coins(state)[0] == 0


def test_vineyard_pays_three_on_anyones_seven():
    state = mr_game(p0={"cards": {}, "coins": 0, "landmarks": TWO_DICE}, p1={"cards": {"vineyard": 2}, "coins": 0})
    state, _ = roll(state, 3, 4)
    assert coins(state)[1] == 6


def renovation_game():
    return mr_game(players=3,
                   p0={"cards": {"renovation-company": 1, "cheese-factory": 1}, "coins": 0, "landmarks": TWO_DICE},
                   p1={"cards": {"cheese-factory": 3}, "coins": 10},
                   p2={"cards": {"cheese-factory": 2}, "coins": 1, "closed": {"cheese-factory": 1}})


def test_renovation_company_closes_every_copy_and_charges_opponents_per_newly_closed_copy():
    state = renovation_game()
    state, _ = roll(state, 4, 4)
    assert state.phase == CHOOSE
    assert A.Renovate("cheese-factory") in legal_actions(state)
    assert A.Renovate("renovation-company") not in legal_actions(state)
    state, events = play(state, A.Renovate("cheese-factory"))
    assert [closed(state, seat, "cheese-factory") for seat in range(3)] == [1, 3, 2]
    assert payments(events) == [(1, 0, 3), (2, 0, 1)]


def test_closed_cards_reopen_instead_of_paying():
    state = mr_game(p0={"cards": {"cheese-factory": 2, "ranch": 1}, "coins": 0, "landmarks": TWO_DICE,
                        "closed": {"cheese-factory": 1}})
    state, events = roll(state, 3, 4)
    assert coins(state)[0] == 3               # one open factory × 1 ranch × 3
    assert closed(state, 0, "cheese-factory") == 0
    assert "cards_reopened" in [e.type for e in events]


def test_winery_pays_six_per_vineyard_then_closes_and_next_time_only_reopens():
    state = mr_game(p0={"cards": {"winery": 1, "vineyard": 2}, "coins": 0, "landmarks": TWO_DICE})
    state, _ = roll(state, 4, 5)
    assert coins(state)[0] == 12 and closed(state, 0, "winery") == 1
    state, _ = play(state, A.Pass())
    state.active = 0
    state, events = roll(state, 4, 5)
    assert coins(state)[0] == 12 and closed(state, 0, "winery") == 0


def test_moving_company_gives_a_card_then_pays_four():
    state = mr_game(players=3, p0={"cards": {"moving-company": 1, "wheat-field": 1, "stadium": 1}, "coins": 0,
                                   "landmarks": TWO_DICE})
    state, _ = roll(state, 4, 5)
    assert state.phase == CHOOSE
    options = set(legal_actions(state))
    assert A.Move("wheat-field", 2) in options and A.Move("moving-company", 1) in options
    assert not any(isinstance(o, A.Move) and o.card == "stadium" for o in options)
    state, events = play(state, A.Move("wheat-field", 2))
    assert owned(state, 2, "wheat-field") == 1 and owned(state, 0, "wheat-field") == 0
    assert coins(state)[0] == 4


def test_moving_company_that_gives_itself_away_stops():
    state = mr_game(p0={"cards": {"moving-company": 2}, "coins": 0, "landmarks": TWO_DICE})
    state, _ = roll(state, 5, 5)
    state, _ = play(state, A.Move("moving-company", 1))
    assert state.phase == CHOOSE      # the second copy still fires
    state, _ = play(state, A.Move("moving-company", 1))
    assert state.phase == BUILD and owned(state, 1, "moving-company") == 2 and coins(state)[0] == 8


def test_moving_company_can_give_itself_when_it_is_the_only_non_major_card():
    state = mr_game(p0={"cards": {"moving-company": 1, "stadium": 1}, "coins": 0, "landmarks": TWO_DICE})
    state, events = roll(state, 4, 5)
    assert state.phase == CHOOSE and legal_actions(state) == [A.Move("moving-company", 1)]


def test_tech_startup_takes_the_invested_amount_from_each_opponent():
    state = mr_game(players=3, p0={"cards": {"tech-startup": 1}, "coins": 0, "landmarks": TWO_DICE,
                                   "invested": {"tech-startup": 4}},
                    p1={"cards": {}, "coins": 10}, p2={"cards": {}, "coins": 2})
    state, events = roll(state, 5, 5)
    assert payments(events) == [(1, 0, 4), (2, 0, 2)]
    assert state.players[0].invested == {state.card_set.establishment_index["tech-startup"]: 4}


def test_soda_bottling_plant_counts_every_players_cups():
    state = mr_game(p0={"cards": {"soda-bottling-plant": 1, "cafe": 1}, "coins": 0, "landmarks": TWO_DICE},
                    p1={"cards": {"cafe": 2, "family-restaurant": 1}, "coins": 0})
    state, _ = roll(state, 5, 6)
    assert coins(state)[0] == 4


def test_park_shares_coins_rounded_up_and_the_bank_tops_up():
    state = mr_game(players=3, p0={"cards": {"park": 1}, "coins": 1, "landmarks": TWO_DICE,
                                   "invested": {"tech-startup": 5}},
                    p1={"cards": {}, "coins": 10}, p2={"cards": {}, "coins": 0})
    bank = state.bank
    state, events = roll(state, 5, 6)
    assert coins(state) == [4, 4, 4]
    assert state.bank == bank - 1
    assert [e.type for e in events][-1] == "redistributed"
    assert sum(state.players[0].invested.values()) == 5


def test_members_only_club_takes_everything_from_a_roller_with_three_landmarks():
    state = mr_game(players=3,
                    p0={"cards": {}, "coins": 9, "landmarks": ["train-station", "shopping-mall", "radio-tower"]},
                    p1={"cards": {"member-s-only-club": 1}, "coins": 0},
                    p2={"cards": {"member-s-only-club": 1}, "coins": 0})
    state, events = roll(state, 6, 6, then=[(1, 1)])
    state, _ = play(state, A.KeepRoll())
    # counter-clockwise from the roller's right: seat 2 first, who takes everything
    assert coins(state) == [0, 0, 9]


def test_members_only_club_needs_three_landmarks():
    state = mr_game(p0={"cards": {}, "coins": 9, "landmarks": ["train-station", "shopping-mall"]},
                    p1={"cards": {"member-s-only-club": 1}, "coins": 0})
    state, _ = roll(state, 6, 6)
    assert coins(state) == [9, 0]
