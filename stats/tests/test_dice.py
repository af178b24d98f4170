"""Fair-dice distributions and the chi-square fairness check."""
import random

import pytest

from stats.machikoro.dice import (DiceCounter, chi_square, chi_square_p_value, expected_counts, faces_fairness,
                        total_probabilities, totals_fairness)


def test_two_dice_distribution_is_the_triangle():
    assert [(t, round(p * 36)) for t, p in total_probabilities(2)] == [
        (2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6), (8, 5), (9, 4), (10, 3), (11, 2), (12, 1)]
    assert total_probabilities(1) == [(face, 1 / 6) for face in range(1, 7)]
    assert sum(p for _, p in total_probabilities(3)) == pytest.approx(1)


def test_expected_counts():
    assert expected_counts(2, 360)["7"] == pytest.approx(60)
    assert expected_counts(1, 60) == {str(f): pytest.approx(10) for f in range(1, 7)}


@pytest.mark.parametrize("statistic, dof, p", [
    (3.841458820694124, 1, 0.05),       # textbook critical values
    (11.070497693516351, 5, 0.05),
    (18.307038053275146, 10, 0.05),
    (23.209251158954356, 10, 0.01),
    (0.0, 5, 1.0),
    (2.0, 2, 0.36787944117144233),      # dof 2: p = exp(-x/2) exactly
    (150.0, 10, 3.1e-27),
])
def test_p_values_match_known_values(statistic, dof, p):
    assert chi_square_p_value(statistic, dof) == pytest.approx(p, rel=1e-6, abs=1e-12)


def test_chi_square_of_exact_counts_is_zero():
    result = chi_square([10] * 6, [1 / 6] * 6)
    assert result == {"throws": 60, "statistic": 0.0, "dof": 5, "p_value": 1.0, "reliable": True}


def test_loaded_die_is_caught_and_a_fair_one_is_not():
    rng = random.Random(3)
    fair = {str(f): 0 for f in range(1, 7)}
    for _ in range(6000):
        fair[str(rng.randint(1, 6))] += 1
    assert faces_fairness(fair)["p_value"] > 0.01
    loaded = dict(fair, **{"6": fair["6"] + 300})
    assert faces_fairness(loaded)["p_value"] < 1e-6


def test_small_samples_are_flagged_unreliable():
    counts = {str(t): 0 for t in range(2, 13)}
    counts["7"] = 10
    result = totals_fairness(2, counts)
    assert result["reliable"] is False and result["p_value"] < 0.05


def test_no_throws_gives_no_p_value():
    assert faces_fairness({})["p_value"] is None


def test_bad_chi_square_input():
    with pytest.raises(ValueError):
        chi_square([1, 2], [1.0])
    with pytest.raises(ValueError):
        chi_square_p_value(1.0, 0)


def test_counter_counts_totals_faces_doubles_rerolls():
    counter = DiceCounter(2)
    counter.add(0, [3, 3], "roll")
    counter.add(0, [1, 2], "reroll")
    counter.add(1, [5], "roll")
    counter.add(1, [2, 2], "shared")
    result = counter.result()
    assert result["throws"]["2"]["6"] == 1 and result["throws"]["2"]["3"] == 1 and result["throws"]["2"]["4"] == 1
    assert result["throws"]["1"]["5"] == 1 and sum(result["throws"]["1"].values()) == 1
    assert result["faces"] == {"1": 1, "2": 3, "3": 2, "4": 0, "5": 1, "6": 0}
    assert result["doubles"] == [1, 1] and result["rerolls"] == [1, 0] and result["shared"] == 1
    assert result["by_player"][1]["2"]["4"] == 1


def test_counter_refuses_impossible_dice():
    counter = DiceCounter(1)
    for dice in ([], [0], [7], ["3"], (3,)):
        with pytest.raises(ValueError):
            counter.add(0, dice, "roll")
    assert counter.result()["faces"] == {str(f): 0 for f in range(1, 7)}
