"""From a lab run's summed tally to rates with confidence intervals, and the comparison of two runs.

Intervals are 95 %: Wilson's score interval for proportions, the normal approximation for means.
A comparison tests every figure it shows (two-proportion z-test, or a z-test on means) and marks as
significant those that stay below 5 % after the Holm–Bonferroni correction over all of them.
"""
import math

from django.utils.translation import gettext as _

from games.common.lab import merge_tallies  # noqa: F401  (the lab's callers read it here)
from games.rulesets import get_ruleset

Z95 = 1.959964
FAMILY_ALPHA = 0.05


def wilson(successes, trials):
    """(low, high) of the 95 % Wilson interval; (0, 1) when there were no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + Z95 * Z95 / trials
    centre = (p + Z95 * Z95 / (2 * trials)) / denominator
    margin = Z95 * math.sqrt(p * (1 - p) / trials + Z95 * Z95 / (4 * trials * trials)) / denominator
    return max(0.0, centre - margin), min(1.0, centre + margin)


def rate(successes, trials):
    low, high = wilson(successes, trials)
    return {"successes": successes, "trials": trials, "rate": successes / trials if trials else None,
            "low": low, "high": high}


def mean_of(total, squares, count):
    if count <= 0:
        return {"mean": None, "sd": None, "low": None, "high": None, "count": 0}
    mean = total / count
    variance = max(0.0, squares / count - mean * mean) * (count / (count - 1) if count > 1 else 0)
    sd = math.sqrt(variance)
    margin = Z95 * sd / math.sqrt(count)
    return {"mean": mean, "sd": sd, "low": mean - margin, "high": mean + margin, "count": count}


def summarise(tally, names, ruleset):
    """JSON-ready figures of a run: the common ones, then the game's `lab_figures` and `lab_tables` (see
    games/rulesets/lab.py). `names` maps the tables' row slugs to their (English) names."""
    games = tally["games"]
    finished = games - tally["unfinished"]
    seats = sorted(tally["wins_by_seat"], key=int)
    result = {
        "games": games,
        "unfinished": tally["unfinished"],
        "length": mean_of(tally["turns_sum"], tally["turns_squares"], games),
        "length_buckets": {k: tally["length_buckets"][k] for k in sorted(tally["length_buckets"], key=int)},
        "wins_by_seat": {seat: rate(tally["wins_by_seat"][seat], finished) for seat in seats},
        "wins_by_bot": {bot: rate(tally["wins_by_bot"].get(bot, 0), played)
                        for bot, played in sorted(tally["seats_by_bot"].items())},
    }
    for figure in ruleset.lab_figures:
        result[figure.key] = rate(tally.get(figure.successes, 0), tally.get(figure.trials, 0))
    for table in ruleset.lab_tables:
        rows = []
        for slug, counts in tally.get(table.key, {}).items():
            row = {"slug": slug, "name": names.get(slug, slug)}
            for column in table.columns:
                row[column.key] = _column_value(column, counts, tally)
                if column.plain:
                    row[column.plain] = row[column.key]["mean"]
            rows.append(row)
        result[table.key] = _ordered(rows, table.order)
    return result


def _ordered(rows, key):
    if not key:
        return sorted(rows, key=lambda row: row["slug"])
    return sorted(rows, key=lambda row: (row[key] is None, row[key] or 0, row["slug"]))


def _column_value(column, counts, tally):
    def count(name):
        return tally.get(name[1:], 0) if name.startswith("/") else counts.get(name, 0)

    source = column.source
    if column.kind == "count":
        return count(source[0])
    if column.kind == "rate":
        return rate(count(source[0]), count(source[1]))
    if column.kind == "number":
        total, n = count(source[0]), count(source[1])
        return total / n if n else None
    if column.kind == "ranks":
        ranks = counts.get(source[0], {})
        return {k: ranks[k] for k in sorted(ranks, key=int)}
    total, n = count(source[0]), count(source[2])
    if n < 2 or (source[1] not in counts and not source[1].startswith("/")):
        # One value has no spread; a tally made before squares were counted has no interval either.
        return {**mean_of(total, 0, n), "sd": None, "low": None, "high": None}
    mean = mean_of(total, count(source[1]), n)
    return {**mean, "low": max(0.0, mean["low"])}   # a mean of counts is never negative


def cell(row, column):
    """(value, low, high, count) of one column of a result's row; None where the result has none (a result
    stored before this column's interval was kept shows its `plain` value without one)."""
    value = row.get(column.key)
    if value is None and column.plain:
        return row.get(column.plain), None, None, None
    if column.kind == "rate":
        return value["rate"], value["low"], value["high"], value["trials"]
    if column.kind == "mean":
        return value["mean"], value["low"], value["high"], value["count"]
    return value, None, None, None


def _two_proportions(a, b):
    if not a["trials"] or not b["trials"]:
        return None
    pooled = (a["successes"] + b["successes"]) / (a["trials"] + b["trials"])
    spread = math.sqrt(pooled * (1 - pooled) * (1 / a["trials"] + 1 / b["trials"]))
    if spread == 0:
        return None
    return math.erfc(abs(a["successes"] / a["trials"] - b["successes"] / b["trials"]) / spread / math.sqrt(2))


def _two_means(a, b):
    if a["count"] < 2 or b["count"] < 2:
        return None
    spread = math.sqrt(a["sd"] ** 2 / a["count"] + b["sd"] ** 2 / b["count"])
    if spread == 0:
        return None if a["mean"] == b["mean"] else 0.0
    return math.erfc(abs(a["mean"] - b["mean"]) / spread / math.sqrt(2))


def localized_result(result, game, rules=None):
    """A run's result to show: its tables' rows named in the active language by the game's `lab_namer` (the
    stored result keeps English names, as its downloads do)."""
    if not result:
        return result
    ruleset = get_ruleset(game)
    name = ruleset.lab_namer(rules)
    return {**result, **{table.key: [{**row, "name": name(row["slug"], row.get("name"))}
                                     for row in result.get(table.key, [])]
                         for table in ruleset.lab_tables}}


def compare(first, second, game, rules=None):
    """Rows of figures from two summaries with their p-values and Holm–Bonferroni significance.

    `game`: the first run's game, whose figures and tables are compared; `rules`: its frozen card set, whose
    names label the rows. Each row's `kind` is "mean" (turns) or "rate"."""
    ruleset = get_ruleset(game)
    name = ruleset.lab_namer(rules)
    rows = [{"figure": _("Mean game length (turns)"), "kind": "mean", "a": first["length"]["mean"],
             "b": second["length"]["mean"], "p": _two_means(first["length"], second["length"])}]

    def add(figure, a, b):
        if a and b:
            rows.append({"figure": figure, "kind": "rate", "a": a["rate"], "b": b["rate"], "p": _two_proportions(a, b)})

    for seat, a in first["wins_by_seat"].items():
        add(_("Win rate of seat %(n)s") % {"n": int(seat) + 1}, a, second["wins_by_seat"].get(seat))
    for bot, a in first["wins_by_bot"].items():
        add(_("Win rate of the %(bot)s bot") % {"bot": ruleset.bot_label(bot)}, a, second["wins_by_bot"].get(bot))
    for figure in ruleset.lab_figures:
        add(str(figure.label), first.get(figure.key), second.get(figure.key))
    for table in ruleset.lab_tables:
        others = {row["slug"]: row for row in second.get(table.key, [])}
        for column in (c for c in table.columns if c.compare and c.kind == "rate"):
            for row in first.get(table.key, []):
                other = others.get(row["slug"])
                if other:
                    add(str(column.compare) % {"card": name(row["slug"], row.get("name"))}, row[column.key],
                        other.get(column.key))
    _holm(rows)
    return rows


def _holm(rows):
    """Mark rows significant by Holm's step-down procedure at FAMILY_ALPHA over the tested rows."""
    tested = sorted((r for r in rows if r["p"] is not None), key=lambda r: r["p"])
    count = len(tested)
    rejecting = True
    for rank, row in enumerate(tested):
        rejecting = rejecting and row["p"] <= FAMILY_ALPHA / (count - rank)
        row["significant"] = rejecting
    for row in rows:
        row.setdefault("significant", False)


# The tests of the comparison page (stats/lab/comparison.py), which compares figures of its own besides compare()'s.

def two_proportions_p(a, b):
    """The two-proportion z-test's p-value between two `rate()`s; None when it cannot be tested."""
    return _two_proportions(a, b)


def two_means_p(a, b):
    """The p-value of a z-test between two `mean_of()`s, each with its own variance (Welch's z-test for large
    samples); None when either has no spread (fewer than two values, or a tally that kept no squares)."""
    if a.get("sd") is None or b.get("sd") is None:
        return None
    return _two_means(a, b)


def two_counts_p(a_count, a_games, b_count, b_games):
    """The p-value of a z-test between two counts per game, each taken as a Poisson count (its variance is its
    mean): the tally keeps no spread of these counts. None when there is nothing to test."""
    if a_games <= 0 or b_games <= 0 or a_count + b_count == 0:
        return None
    spread = math.sqrt(a_count / a_games ** 2 + b_count / b_games ** 2)
    return math.erfc(abs(a_count / a_games - b_count / b_games) / spread / math.sqrt(2))


def mark_significant(rows):
    """Mark every row's `significant` again, by Holm's procedure over all of `rows`."""
    for row in rows:
        row.pop("significant", None)
    _holm(rows)
