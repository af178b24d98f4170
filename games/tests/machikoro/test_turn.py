"""Turn structure: dice, Radio Tower, Harbor, construction, end of turn, win, errors."""

import pytest

from games.machikoro.engine import IllegalActionError, NotYourTurnError, apply, apply_in_place, legal_actions
from games.machikoro.engine import actions as A
from games.machikoro.engine.events import GameOver, LandmarkBuilt, TurnStarted
from games.machikoro.engine.state import ADJUST, BUILD, INVEST, OVER, REROLL, ROLL

from games.tests.machikoro.helpers import BASE, HARBOR, MR, arrange, built, coins, force_dice, game, owned, payments, play, roll, types

ALL_BASE_LANDMARKS = ["train-station", "shopping-mall", "amusement-park", "radio-tower"]


# ---- dice ---------------------------------------------------------------------------------------------------

def test_without_train_station_only_one_die():
    state = game(BASE)
    assert legal_actions(state) == [A.Roll(1)]
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="1 to 1 dice"):
        apply(state, A.Roll(2))
    assert state.to_json() == before


def test_train_station_lets_the_player_choose_one_or_two_dice():
    state = arrange(game(BASE), 0, landmarks=["train-station"])
    assert legal_actions(state) == [A.Roll(1), A.Roll(2)]
    after, events = roll(state, 3, 4)
    assert after.dice == (3, 4) and after.total == 7
    assert types(events)[0] == "dice_rolled"


def test_radio_tower_rerolls_once_and_the_second_roll_is_kept():
    state = arrange(game(BASE), 0, landmarks=["radio-tower", "train-station"])
    force_dice(state, (1,), (5, 6))
    state, _ = play(state, A.Roll(1))
    assert state.phase == REROLL and state.dice == (1,)
    assert set(legal_actions(state)) == {A.KeepRoll(), A.Reroll(1), A.Reroll(2)}
    state, events = play(state, A.Reroll(2))
    assert state.dice == (5, 6) and state.total == 11
    assert state.phase == BUILD      # no second re-roll
    assert [e.purpose for e in events if e.type == "dice_rolled"] == ["reroll"]


def test_keeping_the_roll_resolves_it():
    state = arrange(game(BASE), 0, landmarks=["radio-tower"])
    force_dice(state, (1,))
    state, _ = play(state, A.Roll(1))
    state, events = play(state, A.KeepRoll())
    assert (None, 0, 1) in payments(events)      # Wheat Field paid on the kept 1
    assert state.phase == BUILD


def test_harbor_offers_plus_two_on_ten_or_more_after_the_reroll():
    state = arrange(game(HARBOR), 0, landmarks=["city-hall", "harbor", "train-station", "radio-tower"],
                    cards={"apple-orchard": 1})
    force_dice(state, (6, 3), (5, 5))
    state, _ = play(state, A.Roll(2))
    assert state.phase == REROLL        # 9: Harbor is not offered before the re-roll decision
    state, _ = play(state, A.Reroll(2))
    assert state.phase == ADJUST and state.total == 10
    assert set(legal_actions(state)) == {A.AdjustRoll(True), A.AdjustRoll(False)}
    state, events = play(state, A.AdjustRoll(True))
    assert state.total == 12
    assert "roll_adjusted" in types(events)
    assert (None, 0, 3) not in payments(events)   # Apple Orchard (10) did not fire on 12


def test_harbor_declined_keeps_the_total():
    state = arrange(game(HARBOR), 0, landmarks=["city-hall", "harbor", "train-station"], cards={"apple-orchard": 1})
    state, _ = roll(state, 4, 6)
    state, events = play(state, A.AdjustRoll(False))
    assert state.total == 10 and (None, 0, 3) in payments(events)


def test_harbor_is_not_offered_below_ten():
    state = arrange(game(HARBOR), 0, landmarks=["city-hall", "harbor", "train-station"])
    state, _ = roll(state, 4, 5)
    assert state.phase == BUILD and state.total == 9


# ---- construction -------------------------------------------------------------------------------------------

def test_build_phase_offers_affordable_cards_and_landmarks_and_pass():
    state = arrange(game(BASE), 0, coins=4)
    state, _ = roll(state, 6)
    actions = legal_actions(state)
    assert A.Pass() in actions and A.Build("train-station") in actions and A.Buy("forest") in actions
    assert A.Buy("mine") not in actions and A.Build("shopping-mall") not in actions


def test_only_one_purchase_per_turn():
    state = arrange(game(BASE), 0, coins=20)
    state, _ = roll(state, 6)
    state, events = play(state, A.Buy("cafe"))
    assert state.phase == ROLL and state.active == 1
    assert state.players[0].coins == 18 and owned(state, 0, "cafe") == 1
    with pytest.raises(IllegalActionError):
        apply(state, A.Build("train-station"))


def test_unaffordable_or_missing_purchases_are_refused_and_change_nothing():
    state = arrange(game(BASE), 0, coins=3)
    state, _ = roll(state, 6)
    before = state.to_json()
    for action, message in ((A.Buy("mine"), "costs 6"), (A.Build("train-station"), "costs 4"),
                            (A.Buy("sushi-bar"), "no establishment"), (A.Roll(1), "buy one"),
                            (A.Build("moon-base"), "no landmark")):
        with pytest.raises(IllegalActionError, match=message):
            apply(state, action)
        with pytest.raises(IllegalActionError):
            apply_in_place(state, action)
        assert state.to_json() == before


def test_a_sold_out_stack_cannot_be_bought():
    state = arrange(game(BASE), 0, coins=3)
    state.market[state.card_set.establishment_index["cafe"]] = 0
    state, _ = roll(state, 6)
    with pytest.raises(IllegalActionError, match="not available"):
        apply(state, A.Buy("cafe"))


def test_only_one_copy_of_each_major():
    state = arrange(game(BASE), 0, coins=20, cards={"stadium": 1})
    state, _ = roll(state, 1)
    assert A.Buy("stadium") not in legal_actions(state)
    assert A.Buy("tv-station") in legal_actions(state)
    with pytest.raises(IllegalActionError, match="one copy of each major"):
        apply(state, A.Buy("stadium"))


def test_wrong_seat_is_refused():
    state = game(BASE)
    with pytest.raises(NotYourTurnError):
        apply(state, A.Roll(1), seat=1)
    state, _ = apply(state, A.Roll(1), seat=0)


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    state = game(BASE)
    before = state.to_json()
    after, _ = apply(state, A.Roll(1))
    assert state.to_json() == before and after.to_json() != before


def test_passing_ends_the_turn_clockwise():
    state = game(BASE, players=3, active=2)
    state, _ = roll(state, 6)
    state, events = play(state, A.Pass())
    assert state.active == 0 and state.turn == 2
    assert events[-1] == TurnStarted(0, 2, False)


# ---- landmarks at the end of the turn -------------------------------------------------------------------------

def test_amusement_park_gives_an_extra_turn_after_doubles():
    state = arrange(game(BASE), 0, landmarks=["train-station", "amusement-park"])
    state, _ = roll(state, 3, 3)
    state, events = play(state, A.Pass())
    assert state.active == 0 and events[-1].extra is True


def test_no_extra_turn_without_doubles_or_without_the_park():
    state = arrange(game(BASE), 0, landmarks=["train-station", "amusement-park"])
    state, _ = roll(state, 3, 4)
    state, _ = play(state, A.Pass())
    assert state.active == 1
    state = arrange(game(BASE), 0, landmarks=["train-station"])
    state, _ = roll(state, 3, 3)
    state, _ = play(state, A.Pass())
    assert state.active == 1


def test_extra_turn_has_its_own_radio_tower_reroll():
    state = arrange(game(BASE), 0, landmarks=["train-station", "amusement-park", "radio-tower"])
    force_dice(state, (2, 2))
    state, _ = play(state, A.Roll(2), A.KeepRoll(), A.Pass())
    assert state.active == 0 and state.phase == ROLL
    force_dice(state, (1,))
    state, _ = play(state, A.Roll(1))
    assert state.phase == REROLL


def test_building_the_last_landmark_wins_at_once():
    state = arrange(game(BASE), 0, coins=30, landmarks=ALL_BASE_LANDMARKS[:3])
    state, _ = roll(state, 2, 2)
    state, events = play(state, A.Build("radio-tower"))
    assert isinstance(events[-2], LandmarkBuilt) and events[-1] == GameOver(0, "landmarks")
    assert state.phase == OVER and state.winner == 0 and state.to_act is None
    assert legal_actions(state) == []
    with pytest.raises(IllegalActionError, match="over"):
        apply(state, A.Roll(1))


def test_max_turns_stops_the_game_without_winner():
    state = game(BASE, max_turns=1)
    state, _ = roll(state, 6)
    state, events = play(state, A.Pass())
    assert state.phase == OVER and state.winner is None and events[-1].reason == "turn limit"


def test_city_hall_gives_one_coin_before_building_when_broke():
    state = arrange(game(HARBOR), 0, coins=0)
    state, events = roll(state, 6)
    assert state.phase == BUILD and state.players[0].coins == 1
    assert payments(events) == [(None, 0, 1)]


def test_city_hall_gives_nothing_with_coins_or_on_another_players_turn():
    state = arrange(arrange(game(HARBOR), 0, coins=1), 1, coins=0)
    state, events = roll(state, 6)
    assert payments(events) == [] and coins(state) == [1, 0]


def test_airport_pays_ten_when_nothing_is_built():
    state = arrange(game(HARBOR), 0, coins=5, landmarks=["city-hall", "airport"])
    state, _ = roll(state, 6)
    state, events = play(state, A.Pass())
    assert state.players[0].coins == 15 and (None, 0, 10) in payments(events)


def test_airport_pays_nothing_after_a_purchase():
    state = arrange(game(HARBOR), 0, coins=5, landmarks=["city-hall", "airport"])
    state, _ = roll(state, 6)
    state, events = play(state, A.Buy("wheat-field"))
    assert state.players[0].coins == 4 and payments(events) == []


def test_airport_counts_loan_office_as_building():
    state = arrange(game(("base", "harbor", "millionaires-row")), 0, coins=0, landmarks=["city-hall", "airport"])
    state, _ = roll(state, 6)
    state, events = play(state, A.Buy("loan-office"))
    assert (None, 0, 10) not in payments(events) and state.players[0].coins == 1 + 5


def test_tech_startup_investment_at_the_end_of_the_turn():
    state = arrange(game(MR), 0, coins=4, cards={"tech-startup": 1})
    state, _ = roll(state, 6)
    state, _ = play(state, A.Pass())
    assert state.phase == INVEST
    assert set(legal_actions(state)) == {A.Invest(0), A.Invest(1)}
    with pytest.raises(IllegalActionError):
        apply(state, A.Invest(2))
    state, events = play(state, A.Invest(1))
    assert state.players[0].coins == 3 and state.players[0].invested == {state.card_set.establishment_index[
        "tech-startup"]: 1}
    assert types(events)[:1] == ["invested"] and state.active == 1


def test_no_investment_is_offered_without_coins():
    state = arrange(game(MR), 0, coins=0, cards={"tech-startup": 1})
    state, _ = roll(state, 6)
    state, _ = play(state, A.Pass())
    assert state.phase == ROLL and state.active == 1


def test_a_demolished_train_station_takes_the_second_die_away():
    state = arrange(game(MR), 0, cards={"demolition-company": 1}, landmarks=["train-station"])
    state, _ = roll(state, 2, 2)
    state, _ = play(state, A.Demolish("train-station"), A.Pass())
    assert not built(state, 0, "train-station")
    state.active = 0
    state.phase = ROLL
    assert legal_actions(state) == [A.Roll(1)]
