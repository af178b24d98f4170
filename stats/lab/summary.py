"""From a lab run's summed tally to rates with confidence intervals, and the comparison of two runs.

Intervals are 95 %: Wilson's score interval for proportions, the normal approximation for means.
A comparison tests every figure it shows (two-proportion z-test, or a z-test on means) and marks as
significant those that stay below 5 % after the Holm–Bonferroni correction over all of them.
"""
import math

from django.utils.translation import gettext as _

Z95 = 1.959964
FAMILY_ALPHA = 0.05


def merge_tallies(tallies):
    """The tally of several chunks: every count summed, whatever the nesting (whole numbers: exact)."""
    total = {}
    for tally in tallies:
        _merge_into(total, tally)
    return total


def _merge_into(total, part):
    for key, value in part.items():
        if isinstance(value, dict):
            _merge_into(total.setdefault(key, {}), value)
        else:
            total[key] = total.get(key, 0) + value


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


def summarise(tally, names):
    """JSON-ready figures of a run. `names` maps card and landmark slugs to their names."""
    games = tally["games"]
    finished = games - tally["unfinished"]
    seats = sorted(tally["wins_by_seat"], key=int)
    cards = []
    for slug, c in sorted(tally["cards"].items()):
        cards.append({
            "slug": slug, "name": names.get(slug, slug), "bought": c["bought"], "buyers": c["buyers"],
            "buyer_win_rate": rate(c["buyer_wins"], c["buyers"]),
            "mean_first_buy_turn": c["first_buy_turns"] / c["buyers"] if c["buyers"] else None,
            "activations_per_game": c["activations"] / games if games else 0,
            "mean_payout": c["paid"] / c["activations"] if c["activations"] else None,
        })
    landmarks = []
    for slug, l in sorted(tally["landmarks"].items(), key=lambda item: item[1]["rank_sum"] / item[1]["built"]):
        landmarks.append({"slug": slug, "name": names.get(slug, slug), "built": l["built"],
                          "mean_rank": l["rank_sum"] / l["built"],
                          "ranks": {rank: l["ranks"][rank] for rank in sorted(l["ranks"], key=int)}})
    return {
        "games": games,
        "unfinished": tally["unfinished"],
        "length": mean_of(tally["turns_sum"], tally["turns_squares"], games),
        "length_buckets": {k: tally["length_buckets"][k] for k in sorted(tally["length_buckets"], key=int)},
        "wins_by_seat": {seat: rate(tally["wins_by_seat"][seat], finished) for seat in seats},
        "wins_by_bot": {bot: rate(tally["wins_by_bot"].get(bot, 0), played)
                        for bot, played in sorted(tally["seats_by_bot"].items())},
        "cards": cards,
        "landmarks": landmarks,
    }


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


def card_namer(rules=None):
    """A function (slug, stored name) -> the card's name in the active language, for a run's result.

    A result keeps each card's English name (its downloads stay the same in every language): the reader sees
    the name of the run's frozen copy of the card (`name_fr` in French), else the official card's, else the
    stored name (a draft's new card, or a card set frozen before French names were kept)."""
    from cards.language import current_language, localized_name
    from stats.selectors import card_label

    cards = (rules or {}).get("cards") or {}
    frozen = {c["slug"]: c for c in cards.get("establishments", []) + cards.get("landmarks", [])}
    french = current_language() == "fr"

    def name(slug, stored=None):
        card = frozen.get(slug)
        if card is not None and (card.get("name_fr") or not french):
            return localized_name(card)
        return card_label(slug, stored)
    return name


def localized_result(result, rules=None):
    """A run's result to show: its cards and landmarks named in the active language (see `card_namer`)."""
    if not result:
        return result
    name = card_namer(rules)
    return {**result,
            "cards": [{**c, "name": name(c["slug"], c["name"])} for c in result.get("cards", [])],
            "landmarks": [{**l, "name": name(l["slug"], l["name"])} for l in result.get("landmarks", [])]}


def compare(first, second, rules=None):
    """Rows of figures from two summaries with their p-values and Holm–Bonferroni significance.

    `rules`: the frozen card set of the first run, whose card names label the rows (`card_namer`)."""
    from games.rulesets import get_ruleset

    card_name = card_namer(rules)
    ruleset = get_ruleset("machikoro")
    rows = [{"figure": _("Mean game length (turns)"), "a": first["length"]["mean"], "b": second["length"]["mean"],
             "p": _two_means(first["length"], second["length"])}]
    for seat, a in first["wins_by_seat"].items():
        b = second["wins_by_seat"].get(seat)
        if b:
            rows.append({"figure": _("Win rate of seat %(n)s") % {"n": int(seat) + 1}, "a": a["rate"], "b": b["rate"],
                         "p": _two_proportions(a, b)})
    for bot, a in first["wins_by_bot"].items():
        b = second["wins_by_bot"].get(bot)
        if b:
            rows.append({"figure": _("Win rate of the %(bot)s bot") % {"bot": ruleset.bot_label(bot)}, "a": a["rate"], "b": b["rate"],
                         "p": _two_proportions(a, b)})
    second_cards = {c["slug"]: c for c in second["cards"]}
    for card in first["cards"]:
        other = second_cards.get(card["slug"])
        if other:
            rows.append({"figure": _("Win rate of buyers of %(card)s") % {"card": card_name(card["slug"], card["name"])}, "a": card["buyer_win_rate"]["rate"],
                         "b": other["buyer_win_rate"]["rate"],
                         "p": _two_proportions(card["buyer_win_rate"], other["buyer_win_rate"])})
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
