"""Sequential tests that may look at a run's results after every chunk and stop as soon as they know.

Plain Python, no Django. A test repeated until it passes would find a "difference" in most runs of a fair
game; Wald's sequential probability ratio test (SPRT) is made for repeated looks instead. It weighs two
hypotheses, H0 "no difference" and H1 "a difference of `size`", by their log-likelihood ratio (LLR), and stops
when the LLR leaves [lower, upper]:

- upper = ln((1 - beta) / alpha'): crossing it accepts H1; the chance of that under H0 stays below alpha';
- lower = ln(beta / (1 - alpha')): crossing it accepts H0; the chance of that when H1 holds stays below beta.

A designer asks "does it differ, either way?", so each rule runs two one-sided tests, towards +size and
towards -size, each with alpha' = alpha / 2 (Sobel and Wald's three-decision test): "higher" or "lower" when
one of them accepts its H1, "same" when both accept H0. Looking only after whole chunks makes the true error
rates smaller still (the LLR overshoots less often than it would game by game).

- Win rate: the exact Bernoulli LLR of a seat's wins against its fair share p0 = 1 / players.
- Mean game length: the LLR of a normal mean, delta * (d - delta / 2) / V, where d is the observed difference
  from the reference and V its variance (the games' variance estimated so far, over their count, plus the
  reference run's own variance of its mean when the reference is a run): the GSPRT used by chess-engine
  testing (fishtest).
"""
import math
from dataclasses import dataclass

WIN_RATE = "win_rate"       # seat 1's win rate against its fair share
LENGTH = "length"           # the mean game length against a reference
MEASURES = (WIN_RATE, LENGTH)
HIGHER, LOWER, SAME = "higher", "lower", "same"
MIN_GAMES_FOR_LENGTH = 30   # the variance of the lengths is estimated: not from a handful of games


@dataclass(frozen=True)
class Look:
    """What one look at the results says: `decision` (HIGHER, LOWER, SAME or None to go on), the LLRs towards
    +size and -size, and the bounds they are held against."""
    decision: object
    llr_up: float
    llr_down: float
    lower: float
    upper: float

    @property
    def llr(self):
        """The LLR that decided: the one that crossed the upper bound, else the larger (both under lower)."""
        if self.decision == LOWER:
            return self.llr_down
        if self.decision == HIGHER:
            return self.llr_up
        return max(self.llr_up, self.llr_down)


def bounds(alpha, beta):
    """(lower, upper) of each one-sided test of a two-sided rule at `alpha` (split between the two sides)."""
    one_side = alpha / 2
    return math.log(beta / (1 - one_side)), math.log((1 - beta) / one_side)


def _decide(llr_up, llr_down, alpha, beta):
    lower, upper = bounds(alpha, beta)
    decision = None
    if llr_up >= upper:
        decision = HIGHER
    elif llr_down >= upper:
        decision = LOWER
    elif llr_up <= lower and llr_down <= lower:
        decision = SAME
    return Look(decision, llr_up, llr_down, lower, upper)


def bernoulli_llr(successes, trials, p0, p1):
    """ln of the likelihood of `successes` in `trials` under rate p1 over that under p0."""
    return successes * math.log(p1 / p0) + (trials - successes) * math.log((1 - p1) / (1 - p0))


def win_rate_look(successes, trials, p0, size, alpha, beta):
    """Does the win rate differ from p0 by `size` (a share: 0.02 is 2 points) or more, either way?"""
    if not 0 < size < min(p0, 1 - p0):
        raise ValueError("the size must be above 0 and leave the rate between 0 and 1")
    return _decide(bernoulli_llr(successes, trials, p0, p0 + size),
                   bernoulli_llr(successes, trials, p0, p0 - size), alpha, beta)


def normal_llr(difference, variance, delta):
    """The LLR of mean difference delta against 0 when the observed `difference` has `variance`."""
    return delta * (difference - delta / 2) / max(variance, 1e-12)


def mean_look(count, total, squares, reference, size, alpha, beta, reference_variance=0.0):
    """Does the mean (of `count` values summing to `total`, their squares to `squares`) differ from
    `reference` by `size` or more, either way? `reference_variance`: the variance of the reference itself
    (0 for a number; a run's sd² / its games). None before MIN_GAMES_FOR_LENGTH values."""
    if size <= 0:
        raise ValueError("the size must be above 0")
    if count < max(2, MIN_GAMES_FOR_LENGTH):
        return None
    mean = total / count
    variance = max(0.0, squares - count * mean * mean) / (count - 1)
    spread = variance / count + reference_variance
    difference = mean - reference
    return _decide(normal_llr(difference, spread, size), normal_llr(-difference, spread, size), alpha, beta)


def look(rule, counts):
    """The look of a stored stopping `rule` (a run's options["stopping"]) at a run's `counts` so far: games,
    unfinished, seat1_wins, turns_sum, turns_squares. None when it cannot look yet."""
    alpha, beta = rule["alpha"], rule["beta"]
    if rule["measure"] == WIN_RATE:
        trials = counts["games"] - counts["unfinished"]
        if trials <= 0:
            return None
        return win_rate_look(counts["seat1_wins"], trials, 1 / rule["players"], rule["size"], alpha, beta)
    reference = rule["reference"]
    reference_variance = 0.0
    if reference.get("count"):
        reference_variance = (reference.get("sd") or 0.0) ** 2 / reference["count"]
    return mean_look(counts["games"], counts["turns_sum"], counts["turns_squares"], reference["mean"],
                     rule["size"], alpha, beta, reference_variance)
