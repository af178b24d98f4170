"""The sequential test behind the bot-strength tests (games/tests/sequential.py), on synthetic coin flips."""

import random

import pytest

from games.tests.sequential import NOT_STRONGER, STRONGER, UNDECIDED, Sprt, run_together


def coin(rate, seed):
    """play(index) for a coin that wins with probability `rate`: one outcome per game, reproducible."""
    flips = random.Random(seed)
    return lambda index: [1.0 if flips.random() < rate else 0.0]


def test_a_coin_well_above_p0_is_accepted_as_stronger_in_batches():
    verdict = Sprt(0.5, 0.65).run(coin(0.75, 1), batch=10, cap=1000)
    assert verdict.decision == STRONGER, verdict
    assert verdict.played % 10 == 0 and verdict.played < 200 and verdict.outcomes == verdict.played
    assert verdict.llr >= Sprt(0.5, 0.65).upper


def test_a_fair_coin_is_accepted_as_not_stronger():
    verdict = Sprt(0.5, 0.65).run(coin(0.5, 2), batch=10, cap=1000)
    assert verdict.decision == NOT_STRONGER, verdict
    assert verdict.llr <= Sprt(0.5, 0.65).lower


def test_a_weaker_coin_is_accepted_as_not_stronger():
    assert Sprt(0.55, 0.63).run(coin(0.4, 3), batch=20, cap=1000).decision == NOT_STRONGER


def test_the_cap_leaves_a_close_call_undecided():
    verdict = Sprt(0.5, 0.65).run(coin(0.57, 4), batch=5, cap=20)
    assert verdict.decision == UNDECIDED and verdict.played == 20


def test_the_error_rates_hold_on_many_runs():
    """At p = p0, "stronger" is accepted in at most about alpha of the runs; at p = p1, "not stronger" in at
    most about beta (Wald's bounds are conservative; the slack is three binomial standard deviations)."""
    test = Sprt(0.5, 0.6, alpha=0.05, beta=0.05)
    runs = 400
    slack = 3 * (runs * 0.05 * 0.95) ** 0.5
    wrong_at_p0 = sum(test.run(coin(0.5, 100 + r), batch=4, cap=5000).decision == STRONGER for r in range(runs))
    wrong_at_p1 = sum(test.run(coin(0.6, 900 + r), batch=4, cap=5000).decision == NOT_STRONGER
                      for r in range(runs))
    assert wrong_at_p0 <= 0.05 * runs + slack and wrong_at_p1 <= 0.05 * runs + slack, (wrong_at_p0, wrong_at_p1)


def test_a_shared_win_counts_its_share():
    test = Sprt(0.5, 0.6)
    assert test.step(0.5) == pytest.approx((test.step(1) + test.step(0)) / 2)
    with pytest.raises(ValueError):
        test.step(1.5)


def test_bad_parameters_are_refused():
    for p0, p1 in [(0.6, 0.5), (0, 0.5), (0.5, 1)]:
        with pytest.raises(ValueError):
            Sprt(p0, p1)
    with pytest.raises(ValueError):
        Sprt(0.5, 0.6).run(coin(0.9, 5), batch=10, cap=5)


def test_comparisons_on_one_stream_decide_separately():
    """Two comparisons from one table: the first decides "stronger", the second "not stronger"; games that say
    nothing about a comparison count no outcome for it, and a decided comparison counts no more."""
    flips = random.Random(6)

    def play(index):
        first = [1.0 if flips.random() < 0.9 else 0.0]
        second = [1.0 if flips.random() < 0.3 else 0.0] if index % 2 else []
        return [first, second]

    strong, weak = run_together([Sprt(0.5, 0.7), Sprt(0.5, 0.7)], play, batch=6, cap=600)
    assert strong.decision == STRONGER and weak.decision == NOT_STRONGER
    assert strong.played < weak.played and strong.outcomes == strong.played
    assert weak.outcomes == weak.played // 2
