"""The lab's sequential tests (stats.lab.sequential): Wald's bounds, the LLRs, the three decisions, and by
simulation that looking after every chunk keeps the false-positive rate near alpha (unlike a repeated test).
Plain Python: runs with -p no:django."""
import math
import random

import pytest

from stats.lab import sequential
from stats.lab.sequential import HIGHER, LOWER, SAME

ALPHA = BETA = 0.05
CHUNK = 50          # games between two looks, as a run with early stopping plays them


def test_the_bounds_are_walds_with_alpha_split_between_the_two_sides():
    lower, upper = sequential.bounds(0.05, 0.05)
    assert upper == pytest.approx(math.log(0.95 / 0.025))      # 3.64
    assert lower == pytest.approx(math.log(0.05 / 0.975))      # -2.97
    assert sequential.bounds(0.01, 0.05)[1] > upper             # a smaller alpha asks for more evidence


def test_the_bernoulli_llr_is_the_log_likelihood_ratio():
    llr = sequential.bernoulli_llr(30, 100, 0.25, 0.27)
    expected = math.log((0.27 ** 30 * 0.73 ** 70) / (0.25 ** 30 * 0.75 ** 70))
    assert llr == pytest.approx(expected)
    assert sequential.bernoulli_llr(0, 0, 0.25, 0.27) == 0


def test_a_clear_advantage_is_higher_a_clear_handicap_lower_and_a_fair_seat_same():
    assert sequential.win_rate_look(330, 1000, 0.25, 0.02, ALPHA, BETA).decision == HIGHER
    assert sequential.win_rate_look(170, 1000, 0.25, 0.02, ALPHA, BETA).decision == LOWER
    assert sequential.win_rate_look(2500, 10_000, 0.25, 0.02, ALPHA, BETA).decision == SAME
    undecided = sequential.win_rate_look(27, 100, 0.25, 0.02, ALPHA, BETA)
    assert undecided.decision is None and undecided.lower < undecided.llr_up < undecided.upper


def test_the_deciding_llr_is_the_one_that_crossed():
    look = sequential.win_rate_look(330, 1000, 0.25, 0.02, ALPHA, BETA)
    assert look.llr == look.llr_up >= look.upper
    look = sequential.win_rate_look(170, 1000, 0.25, 0.02, ALPHA, BETA)
    assert look.llr == look.llr_down >= look.upper


def test_a_size_that_leaves_the_rates_between_0_and_1_is_required():
    with pytest.raises(ValueError):
        sequential.win_rate_look(10, 20, 0.25, 0.3, ALPHA, BETA)
    with pytest.raises(ValueError):
        sequential.mean_look(100, 3000, 91_000, 30, 0, ALPHA, BETA)


def test_the_mean_length_needs_some_games_then_decides_either_way():
    assert sequential.mean_look(10, 300, 9100, 30, 1, ALPHA, BETA) is None
    n, sd = 400, 8.0

    def look(mean, reference_variance=0.0):
        squares = n * (sd * sd * (n - 1) / n + mean * mean)     # values of mean `mean` and sd `sd`
        return sequential.mean_look(n, n * mean, squares, 30.0, 1.0, ALPHA, BETA, reference_variance)

    assert look(32.0).decision == HIGHER
    assert look(28.0).decision == LOWER
    assert look(30.0).decision == SAME
    # A reference run that is itself uncertain leaves the same data undecided.
    assert look(32.0, reference_variance=1.0).decision is None


def test_a_rule_looks_at_a_runs_counts():
    rule = {"measure": sequential.WIN_RATE, "players": 4, "size": 0.02, "alpha": ALPHA, "beta": BETA}
    counts = {"games": 1010, "unfinished": 10, "seat1_wins": 330, "turns_sum": 0, "turns_squares": 0}
    assert sequential.look(rule, counts).decision == HIGHER
    assert sequential.look(rule, {**counts, "games": 10, "unfinished": 10}) is None
    rule = {"measure": sequential.LENGTH, "reference": {"mean": 30.0, "sd": None, "count": None}, "size": 1.0,
            "alpha": ALPHA, "beta": BETA}
    counts = {"games": 400, "unfinished": 0, "seat1_wins": 0, "turns_sum": 400 * 28,
              "turns_squares": 400 * (28 * 28 + 64)}
    assert sequential.look(rule, counts).decision == LOWER


def simulate(draw, decide, rng, max_games=20_000):
    """Play chunks of `draw(rng)` values and look after each, as a run does: the decision, or None."""
    values = []
    while len(values) < max_games:
        values.extend(draw(rng) for _ in range(CHUNK))
        decision = decide(values)
        if decision is not None:
            return decision
    return None


def false_positives(draw, decide, seed, simulations=400, alpha=ALPHA):
    """How many simulated runs under H0 said "higher" or "lower"; stops as soon as the answer is known."""
    rng = random.Random(seed)
    wrong = 0
    limit = alpha * simulations * 1.5         # beyond this the rate is clearly above alpha
    for done in range(1, simulations + 1):
        wrong += simulate(draw, decide, rng) in (HIGHER, LOWER)
        if wrong > limit:
            break
    return wrong, done


def test_looking_after_every_chunk_keeps_the_false_positive_rate_near_alpha_for_a_win_rate():
    p0 = 0.25

    def decide(wins):
        return sequential.win_rate_look(sum(wins), len(wins), p0, 0.03, ALPHA, BETA).decision

    wrong, simulations = false_positives(lambda rng: rng.random() < p0, decide, seed=2026)
    assert simulations == 400 and wrong <= ALPHA * simulations * 1.5
    # A t-test (here a z-test) repeated after every chunk until it passes finds "differences" far more often.
    def naive(wins):
        n, k = len(wins), sum(wins)
        z = (k / n - p0) / math.sqrt(p0 * (1 - p0) / n)
        return HIGHER if abs(z) > 1.96 else (SAME if n >= 2000 else None)

    naive_wrong, naive_runs = false_positives(lambda rng: rng.random() < p0, naive, seed=2026, simulations=100)
    assert naive_wrong > ALPHA * 1.5 * 100 and naive_runs < 100


def test_looking_after_every_chunk_keeps_the_false_positive_rate_near_alpha_for_a_mean_length():
    def decide(lengths):
        total = sum(lengths)
        squares = sum(x * x for x in lengths)
        look = sequential.mean_look(len(lengths), total, squares, 30.0, 1.0, ALPHA, BETA)
        return look and look.decision

    wrong, simulations = false_positives(lambda rng: round(rng.gauss(30.0, 8.0)), decide, seed=36)
    assert simulations == 400 and wrong <= ALPHA * simulations * 1.5


def test_a_real_difference_of_the_size_is_found_most_of_the_time():
    rng = random.Random(7)
    found = sum(simulate(lambda r: r.random() < 0.28, lambda wins: sequential.win_rate_look(
        sum(wins), len(wins), 0.25, 0.03, ALPHA, BETA).decision, rng) == HIGHER for _ in range(60))
    assert found >= 60 * (1 - BETA) - 6
