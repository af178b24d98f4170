"""compute_statistics on a hand-written game (every number checked) and on bad logs."""
import copy

import pytest

from stats.machikoro.compute import STATISTICS_VERSION, EventLogError, compute_statistics


def T(payer, payee, amount, card, owed=None):
    return {"type": "transfer", "payer": payer, "payee": payee, "amount": amount,
            "owed": amount if owed is None else owed, "card": card}


def roll(player, dice, purpose="roll"):
    return {"type": "dice_rolled", "player": player, "dice": dice, "purpose": purpose}


def turn(player, number, extra=False):
    return {"type": "turn_started", "player": player, "turn": number, "extra": extra}


# Ann (seat 0) plays first, Bob (seat 1) second; both start with 3 coins.
EVENTS = [
    # Turn 1, Ann rolls 1: both wheat fields pay; she buys a ranch.
    roll(0, [1]), T(None, 0, 1, "wheat-field"), T(None, 1, 1, "wheat-field"),
    {"type": "bought", "player": 0, "card": "ranch", "cost": 1},
    turn(1, 2),
    # Turn 2, Bob rolls 3: his bakery pays; he builds the Train Station.
    roll(1, [3]), T(None, 1, 1, "bakery"),
    {"type": "landmark_built", "player": 1, "landmark": "train-station", "cost": 4},
    turn(0, 3),
    # Turn 3, Ann rolls 3: Bob's cafe takes 1, her bakery pays 1; a market card is drawn.
    roll(0, [3]), T(0, 1, 1, "cafe"), T(None, 0, 1, "bakery"), {"type": "market_drawn", "card": "forest"},
    turn(1, 4),
    # Turn 4, Bob rolls 1+2, re-rolls 4+4, Harbor adds 2 (10): Ann owes 5 but has 3; Bob demolishes his
    # Train Station for 8 coins and invests 1.
    roll(1, [1, 2]), roll(1, [4, 4], "reroll"),
    {"type": "roll_adjusted", "player": 1, "landmark": "harbor", "amount": 2},
    T(0, 1, 3, "family-restaurant", owed=5),
    {"type": "landmark_demolished", "player": 1, "landmark": "train-station", "card": "demolition-company"},
    T(None, 1, 8, "demolition-company"),
    {"type": "invested", "player": 1, "card": "tech-startup", "amount": 1},
    turn(1, 5, extra=True),
    # Turn 5 (extra, doubles), Bob rolls 6: the Park evens coins at 6 each; he rebuilds and wins.
    roll(1, [6]),
    {"type": "redistributed", "player": 1, "card": "park", "before": [0, 12], "share": 6, "topup": 0},
    {"type": "landmark_built", "player": 1, "landmark": "train-station", "cost": 4},
    {"type": "game_over", "winner": 1, "reason": "landmarks"},
]


@pytest.fixture(scope="module")
def stats():
    return compute_statistics(copy.deepcopy(EVENTS), [3, 3], ["Ann", "Bob"])


def test_game_facts(stats):
    assert stats["version"] == STATISTICS_VERSION
    assert (stats["seats"], stats["first_player"], stats["finished"]) == (2, 0, True)
    assert (stats["winner"], stats["end_reason"], stats["turn_count"]) == (1, "landmarks", 5)


def test_every_turn_of_the_timeline(stats):
    rows = [(t["turn"], t["player"], t["extra"], t["dice"], t["total"], t["rolls"], t["gained"], t["paid"],
             t["spent"], t["net"], t["coins"]) for t in stats["turns"]]
    assert rows == [
        (1, 0, False, [1], 1, 1, [1, 1], [0, 0], [1, 0], [0, 1], [3, 4]),
        (2, 1, False, [3], 3, 1, [0, 1], [0, 0], [0, 4], [0, -3], [3, 1]),
        (3, 0, False, [3], 3, 1, [1, 1], [1, 0], [0, 0], [0, 1], [3, 2]),
        (4, 1, False, [4, 4], 10, 2, [0, 11], [3, 0], [0, 1], [-3, 10], [0, 12]),
        (5, 1, True, [6], 6, 1, [6, 0], [0, 6], [0, 4], [6, -10], [6, 2]),
    ]
    assert stats["turns"][0]["bought"] == [{"player": 0, "card": "ranch", "cost": 1}]
    assert stats["turns"][3]["landmarks"] == [
        {"player": 1, "landmark": "train-station", "change": "lost", "by": "demolition-company"}]


def test_player_totals(stats):
    ann, bob = stats["players"]
    assert ann == {
        "seat": 0, "name": "Ann", "order": 1, "starting_coins": 3, "final_coins": 6, "gained": 8, "paid": 4,
        "spent": 1, "invested": 0, "forgiven": 2, "missed": 0, "turns": 2, "landmarks_built": 0,
        "landmarks_lost": 0, "best_turn": {"turn": 5, "net": 6}, "worst_turn": {"turn": 4, "net": -3},
        "bought": {"ranch": 1}, "winner": False,
    }
    assert bob == {
        "seat": 1, "name": "Bob", "order": 2, "starting_coins": 3, "final_coins": 2, "gained": 14, "paid": 6,
        "spent": 9, "invested": 1, "forgiven": 0, "missed": 2, "turns": 3, "landmarks_built": 2,
        "landmarks_lost": 1, "best_turn": {"turn": 4, "net": 10}, "worst_turn": {"turn": 5, "net": -10},
        "bought": {}, "winner": True,
    }


def test_landmark_turns(stats):
    assert stats["landmarks"] == [
        {"turn": 2, "player": 1, "landmark": "train-station", "change": "built", "by": None, "cost": 4},
        {"turn": 4, "player": 1, "landmark": "train-station", "change": "lost", "by": "demolition-company",
         "cost": 0},
        {"turn": 5, "player": 1, "landmark": "train-station", "change": "built", "by": None, "cost": 4},
    ]


def test_income_losses_and_flows(stats):
    assert stats["income_by_card"] == [
        {"park": 6, "bakery": 1, "wheat-field": 1},
        {"demolition-company": 8, "family-restaurant": 3, "bakery": 1, "cafe": 1, "wheat-field": 1},
    ]
    assert list(stats["income_by_card"][0]) == ["park", "bakery", "wheat-field"]  # by amount, then name
    assert stats["losses_by_card"] == [{"family-restaurant": 3, "cafe": 1}, {"park": 6}]
    assert stats["flows"] == [[0, 4], [0, 0]]


def test_dice(stats):
    dice = stats["dice"]
    assert dice["throws"]["1"] == {"1": 1, "2": 0, "3": 2, "4": 0, "5": 0, "6": 1}
    assert dice["throws"]["2"] == {str(t): {3: 1, 8: 1}.get(t, 0) for t in range(2, 13)}
    assert dice["by_player"][0]["1"] == {"1": 1, "2": 0, "3": 1, "4": 0, "5": 0, "6": 0}
    assert dice["by_player"][0]["2"] == {str(t): 0 for t in range(2, 13)}
    assert dice["by_player"][1]["1"] == {"1": 0, "2": 0, "3": 1, "4": 0, "5": 0, "6": 1}
    assert dice["faces"] == {"1": 2, "2": 1, "3": 2, "4": 2, "5": 0, "6": 1}
    assert (dice["doubles"], dice["rerolls"], dice["shared"]) == ([0, 1], [0, 1], 0)


def test_money_adds_up(stats):
    for player in stats["players"]:
        assert player["starting_coins"] + player["gained"] - player["paid"] - player["spent"] == player["final_coins"]
        assert sum(stats["income_by_card"][player["seat"]].values()) == player["gained"]
        assert sum(stats["losses_by_card"][player["seat"]].values()) == player["paid"]


def test_same_events_same_result():
    first = compute_statistics(copy.deepcopy(EVENTS), [3, 3], ["Ann", "Bob"])
    again = compute_statistics(copy.deepcopy(EVENTS), [3, 3], ["Ann", "Bob"])
    assert first == again


def test_explicit_first_player_and_default_names():
    stats = compute_statistics(EVENTS[:4], [3, 3], first_player=0)
    assert [p["name"] for p in stats["players"]] == ["Player 1", "Player 2"]
    assert stats["finished"] is False and stats["winner"] is None and stats["turn_count"] == 1
    assert stats["turns"][0]["coins"] == [3, 4]


def test_shared_roll_is_counted_but_does_not_replace_the_turn_roll():
    stats = compute_statistics([roll(0, [5]), roll(0, [2, 2], "shared")], [0, 0])
    assert stats["turns"][0]["dice"] == [5]
    assert stats["dice"]["shared"] == 1 and stats["dice"]["throws"]["2"]["4"] == 1


def test_empty_log():
    stats = compute_statistics([], [3, 3])
    assert stats["turns"] == [] and stats["first_player"] is None and stats["players"][0]["order"] is None


@pytest.mark.parametrize("events, message", [
    ([roll(0, [1]), T(0, 1, 4, "cafe")], "seat 0 would hold -1 coins"),
    ([roll(0, [1]), {"type": "teleported", "player": 0}], "unknown event type 'teleported'"),
    ([roll(0, [1]), turn(2, 2)], "player must be a seat from 0 to 1"),
    ([roll(0, [7])], "a die shows 1 to 6"),
    ([roll(0, [1]), T(None, 0, 2, "bakery", owed=1)], "more than owed"),
    ([roll(0, [1]), {"type": "game_over", "winner": 0, "reason": "x"}, roll(1, [2])], "follows game_over"),
    ([roll(0, [1]), {"type": "redistributed", "player": 0, "card": "park", "before": [9, 9], "share": 3,
                     "topup": 0}], "differs from the coins followed"),
    ([roll(0, [1]), {"type": "bought", "player": 0, "card": "ranch"}], "is malformed"),
    ([T(None, 0, 1, "bakery")], "first player is unknown"),
    ([roll(0, [1]), turn(1, 0)], "turn must be a positive integer"),
])
def test_bad_logs_are_rejected_with_the_event(events, message):
    with pytest.raises(EventLogError, match=message) as caught:
        compute_statistics(events, [3, 3])
    assert "event #" in str(caught.value)


@pytest.mark.parametrize("starting, names, message", [
    ([], None, "starting_coins must list"),
    ([3, -1], None, "starting coins must be a non-negative integer"),
    ([3, 3], ["Ann"], "1 names for 2 seats"),
])
def test_bad_inputs_are_rejected(starting, names, message):
    with pytest.raises(EventLogError, match=message):
        compute_statistics([], starting, names)
