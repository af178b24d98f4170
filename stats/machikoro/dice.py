"""Dice: counting throws, the distribution fair dice should give, and a chi-square fairness test.

Pure Python (no SciPy): the chi-square p-value is the regularised upper incomplete gamma function,
computed by its series or its continued fraction (the usual split at x = a + 1), accurate to ~1e-12.
"""

import math

FACES = 6
MIN_EXPECTED = 5   # below this expected count in some category the chi-square approximation is not trusted


def total_ways(dice):
    """{total: number of the 6**dice outcomes giving it} for `dice` fair six-sided dice."""
    ways = {0: 1}
    for _ in range(dice):
        following = {}
        for total, count in ways.items():
            for face in range(1, FACES + 1):
                following[total + face] = following.get(total + face, 0) + count
        ways = following
    return ways


def total_probabilities(dice):
    """[(total, probability)] for every total `dice` dice can show, in order."""
    outcomes = FACES ** dice
    return [(total, count / outcomes) for total, count in sorted(total_ways(dice).items())]


def expected_counts(dice, throws):
    """{str(total): expected count} for `throws` throws of `dice` dice."""
    return {str(total): throws * p for total, p in total_probabilities(dice)}


class DiceCounter:
    """Counts throws by number of dice and total, faces, doubles, re-rolls and shared rolls, per seat."""

    def __init__(self, seats):
        self.seats = seats
        self.totals = {}                                   # dice -> {total: count}
        self.by_player = [{} for _ in range(seats)]       # seat -> dice -> {total: count}
        self.faces = [0] * (FACES + 1)
        self.doubles = [0] * seats
        self.rerolls = [0] * seats
        self.shared = 0

    def add(self, player, dice, purpose):
        if not isinstance(dice, list) or not dice:
            raise ValueError(f"dice must be a non-empty list, got {dice!r}")
        total = 0
        faces = self.faces
        for face in dice:
            if type(face) is not int or not 1 <= face <= FACES:
                raise ValueError(f"a die shows 1 to {FACES}, got {face!r}")
            faces[face] += 1
            total += face
        count = len(dice)
        by_total = self.totals.get(count)
        if by_total is None:
            by_total = self.totals[count] = {}
        by_total[total] = by_total.get(total, 0) + 1
        mine = self.by_player[player].get(count)
        if mine is None:
            mine = self.by_player[player][count] = {}
        mine[total] = mine.get(total, 0) + 1
        if count >= 2 and dice.count(dice[0]) == count:
            self.doubles[player] += 1
        if purpose == "reroll":
            self.rerolls[player] += 1
        elif purpose == "shared":
            self.shared += 1

    def result(self):
        """JSON-ready counts; one and two dice are always listed (all totals, zeros included)."""
        dice_counts = sorted(set(self.totals) | {1, 2})
        return {
            "throws": {str(n): _full(n, self.totals.get(n, {})) for n in dice_counts},
            "by_player": [{str(n): _full(n, mine.get(n, {})) for n in dice_counts} for mine in self.by_player],
            "faces": {str(face): self.faces[face] for face in range(1, FACES + 1)},
            "doubles": list(self.doubles),
            "rerolls": list(self.rerolls),
            "shared": self.shared,
        }


def _full(dice, counts):
    return {str(total): counts.get(total, 0) for total in range(dice, FACES * dice + 1)}


# ---- fairness -----------------------------------------------------------------------------------------------

def chi_square(observed, probabilities):
    """Pearson's chi-square test of counts against probabilities (same order, same length).

    Returns {"throws", "statistic", "dof", "p_value", "reliable"}; p_value is None with no throws.
    `reliable` is False when some expected count is under 5, where the approximation is poor.
    """
    if len(observed) != len(probabilities) or len(observed) < 2:
        raise ValueError("chi_square needs as many counts as probabilities (two or more)")
    throws = sum(observed)
    if throws == 0:
        return {"throws": 0, "statistic": None, "dof": len(observed) - 1, "p_value": None, "reliable": False}
    statistic = 0.0
    smallest = math.inf
    for count, p in zip(observed, probabilities):
        expected = throws * p
        smallest = min(smallest, expected)
        statistic += (count - expected) ** 2 / expected
    dof = len(observed) - 1
    return {
        "throws": throws,
        "statistic": statistic,
        "dof": dof,
        "p_value": chi_square_p_value(statistic, dof),
        "reliable": smallest >= MIN_EXPECTED,
    }


def totals_fairness(dice, counts):
    """chi_square of {str(total): count} for `dice` dice against fair dice."""
    pairs = total_probabilities(dice)
    return chi_square([counts.get(str(total), 0) for total, _ in pairs], [p for _, p in pairs])


def faces_fairness(faces):
    """chi_square of {str(face): count} against a uniform die."""
    return chi_square([faces.get(str(face), 0) for face in range(1, FACES + 1)], [1 / FACES] * FACES)


def chi_square_p_value(statistic, dof):
    """P(X >= statistic) for X ~ chi-square with `dof` degrees of freedom."""
    if dof < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if statistic <= 0:
        return 1.0
    return _upper_gamma_regularised(dof / 2, statistic / 2)


def _upper_gamma_regularised(a, x):
    log_prefix = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        # Series for the lower function P(a, x); Q = 1 - P.
        term = total = 1.0 / a
        denominator = a
        for _ in range(10_000):
            denominator += 1
            term *= x / denominator
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    # Continued fraction for Q(a, x) (modified Lentz).
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return math.exp(log_prefix) * h
