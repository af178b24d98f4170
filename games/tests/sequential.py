"""A sequential test of "this bot is stronger than that one", for the bot-strength tests.

Wald's sequential probability ratio test (SPRT) on game outcomes: a win scores 1, a loss 0, a shared win its
share (a two-way tie 1/2). The games are played in batches; after each batch the log-likelihood ratio

    llr = sum over games of  x * log(p1 / p0) + (1 - x) * log((1 - p1) / (1 - p0))

is compared with two fixed bounds, and the test stops as soon as one is crossed:

- llr >= log(1 / alpha): accept "stronger" (the win rate is above p0);
- llr <= log(beta): accept "not stronger";
- `cap` games played with neither crossed: undecided.

Error rates, whatever the number of games played or looks taken: if the true mean score is at most p0, the
chance of ever accepting "stronger" is at most alpha; if it is at least p1, the chance of ever accepting "not
stronger" is at most beta. (exp(llr) is then a nonnegative supermartingale, also for scores between 0 and 1,
since exp is convex; Ville's inequality bounds the chance that it ever reaches 1/alpha, resp. 1/beta.)

The bot tests assert that the test accepted "stronger": accepting "not stronger", or reaching the cap
undecided, fails. Their games are seeded from the game's index, so a run is reproducible.
"""

import math
from dataclasses import dataclass

STRONGER = "stronger"
NOT_STRONGER = "not stronger"
UNDECIDED = "undecided"


@dataclass(frozen=True)
class Verdict:
    decision: str      # STRONGER, NOT_STRONGER or UNDECIDED
    played: int        # games played when the test stopped
    outcomes: int      # outcomes counted by then (games that said nothing about this comparison count none)
    score: float       # their total score (wins, a shared win counting its share)
    llr: float         # the log-likelihood ratio at that point

    def __str__(self):
        return (f"{self.decision} after {self.played} games: {self.score:g} of {self.outcomes} outcomes won "
                f"(llr {self.llr:.2f})")


@dataclass(frozen=True)
class Sprt:
    """H0: mean score <= p0 ("not stronger") against H1: mean score >= p1 ("stronger"), p0 < p1."""

    p0: float
    p1: float
    alpha: float = 0.005   # at most this chance of accepting "stronger" when the mean score is <= p0
    beta: float = 0.01     # at most this chance of accepting "not stronger" when it is >= p1

    def __post_init__(self):
        if not (0 < self.p0 < self.p1 < 1 and 0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError(f"bad SPRT parameters: {self}")

    @property
    def upper(self):
        return math.log(1 / self.alpha)

    @property
    def lower(self):
        return math.log(self.beta)

    def step(self, score):
        """The log-likelihood ratio of one outcome, a score between 0 and 1."""
        if not 0 <= score <= 1:
            raise ValueError(f"a score is between 0 and 1, not {score}")
        return score * math.log(self.p1 / self.p0) + (1 - score) * math.log((1 - self.p1) / (1 - self.p0))

    def decide(self, llr):
        if llr >= self.upper:
            return STRONGER
        if llr <= self.lower:
            return NOT_STRONGER
        return UNDECIDED

    def run(self, play, batch, cap):
        """Play batches of games until a decision or `cap` games.

        `play(index)` plays game `index` (0, 1, ...) and returns its outcomes: an iterable of scores (usually
        one; none if the game says nothing about this comparison). Returns the Verdict.
        """
        return run_together([self], lambda index: [play(index)], batch, cap)[0]


def run_together(tests, play, batch, cap):
    """Several comparisons on one stream of games (e.g. three bots at one table): `play(index)` returns, per
    test, that game's scores for it. Plays batches until every test has decided, or `cap` games. Each test's
    error rates are its own; assert each verdict. Returns the Verdicts, in the order of `tests`."""
    if batch < 1 or cap < batch:
        raise ValueError("the batch is at least one game and the cap at least one batch")
    llrs, counts, scores = [0.0] * len(tests), [0] * len(tests), [0.0] * len(tests)
    decided = [None] * len(tests)
    played = 0
    while played < cap and None in decided:
        for index in range(played, min(played + batch, cap)):
            for k, outcomes in enumerate(play(index)):
                if decided[k] is not None:
                    continue
                for outcome in outcomes:
                    llrs[k] += tests[k].step(outcome)
                    counts[k] += 1
                    scores[k] += outcome
        played = min(played + batch, cap)
        for k, test in enumerate(tests):
            if decided[k] is None and test.decide(llrs[k]) != UNDECIDED:
                decided[k] = Verdict(test.decide(llrs[k]), played, counts[k], scores[k], llrs[k])
    return [verdict or Verdict(UNDECIDED, played, counts[k], scores[k], llrs[k])
            for k, verdict in enumerate(decided)]
