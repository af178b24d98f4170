"""Two finished lab runs side by side, worded for the reader: which run is A and which is B, and each difference
as "A minus B" in words ("draft minus published: −8.8 turns, games are shorter").

A draft compared with the published cards is always A, whatever order the link gave: its differences read as
what the draft changes. summary.compare() gives the figures every run has; this module adds each table's means,
counts per game and unranked numbers (a card's payouts and purchases, a landmark's place in the build order),
tests them too, marks as significant by Holm–Bonferroni over every figure shown, and says "no clear difference"
of any difference that is not significant. The charts draw A and B in two colours (static/js/lab-compare.js).
"""
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import gettext as _, pgettext

from games.rulesets import UnknownRuleset, get_ruleset
from games.rulesets.lab import GAMES
from stats.lab import summary

MINUS = "\u2212"
DASH = "\u2014"


class DifferentGames(Exception):
    """Two runs of different games: their figures mean different things."""


@dataclass(frozen=True)
class Pair:
    a: object              # the LabRun shown as A
    b: object              # and as B
    drafted: bool          # A is a draft, B the published cards: differences read "draft minus published"
    swapped: bool          # the link named them the other way round


def ordered(first, second):
    """The pair as shown: a draft before the published cards, otherwise the order given."""
    if first.game != second.game:
        raise DifferentGames(_("Runs of different games cannot be compared: A is %(a)s, B is %(b)s.") % {
            "a": _game_name(first.game), "b": _game_name(second.game)})
    drafts = get_ruleset(first.game).lab_drafts
    if drafts and second.draft_name and not first.draft_name:
        return Pair(second, first, drafted=True, swapped=True)
    return Pair(first, second, drafted=bool(drafts and first.draft_name and not second.draft_name), swapped=False)


def _game_name(slug):
    try:
        return str(get_ruleset(slug).name)
    except UnknownRuleset:
        return slug


def comparison(first, second):
    """What the compare page shows of two finished runs (in the order the link gave them): the pair, the
    sentence saying the direction, the figures' rows, each table's rows and the charts. Raises DifferentGames."""
    pair = ordered(first, second)
    a, b = pair.a, pair.b
    ruleset = get_ruleset(a.game)
    name = ruleset.lab_namer(a.rules)
    rows = summary.compare(a.result, b.result, a.game, rules=a.rules)
    tables = [table for table in (_table(t, a.result, b.result, name) for t in ruleset.lab_tables) if table["items"]]
    every_row = rows + [row for table in tables for item in table["items"] for row in item["figures"]]
    summary.mark_significant(every_row)
    order = pgettext("lab comparison", "draft minus published") if pair.drafted else _("A minus B")
    for row in every_row:
        _word(row, order)
    return {
        "a": a, "b": b, "pair": pair, "rows": rows, "tables": tables, "direction": _direction(pair),
        "tested": sum(row["p"] is not None for row in every_row),
        "significant": sum(row["significant"] for row in every_row),
        "charts": comparison_charts(ruleset), "island": _island(pair, ruleset),
    }


def _direction(pair):
    if pair.drafted:
        text = _("Each difference is draft minus published (A minus B).")
        swapped = _("The draft is shown as A, whatever the order chosen.")
        return f"{text} {swapped}" if pair.swapped else text
    return _("Each difference is A minus B, in the order chosen.")


# Each table's figures besides its compared rates (which summary.compare() has): means, counts per game, numbers.

def _table(table, first, second, name):
    others = {row["slug"]: row for row in second.get(table.key, [])}
    columns = [c for c in table.columns if _compared_here(c, table)]
    items = []
    for row in first.get(table.key, []):
        other = others.get(row["slug"])
        if other is None:   # a row only one run has (a card one card set lacks) has nothing to compare
            continue
        figures = [_figure(column, row, other, first["games"], second["games"]) for column in columns]
        items.append({"name": name(row["slug"], row.get("name")), "figures": figures})
    return {"title": table.title or table.caption, "row_label": table.row_label, "items": items}


def _compared_here(column, table):
    if column.kind == "count":
        # A count that a mean per game of the table already gives ("Times played" and "Played per game") once.
        return not any(c.kind == "mean" and c.source[0] == column.source[0] and c.source[2] == GAMES
                       for c in table.columns)
    return column.kind in ("mean", "number") or (column.kind == "rate" and not column.compare)


def _figure(column, row, other, games_a, games_b):
    figure = {"figure": str(column.label), "kind": "number", "digits": column.digits}
    if column.kind == "count":
        a, b = row.get(column.key) or 0, other.get(column.key) or 0
        return {**figure, "figure": _("%(figure)s per game") % {"figure": column.label}, "digits": 2,
                "a": a / games_a if games_a else None, "b": b / games_b if games_b else None,
                "p": summary.two_counts_p(a, games_a, b, games_b)}
    if column.kind == "rate":
        a, b = row.get(column.key), other.get(column.key)
        return {**figure, "kind": "rate", "a": a and a["rate"], "b": b and b["rate"],
                "p": summary.two_proportions_p(a, b) if a and b else None}
    if column.kind == "mean":
        a, b = row.get(column.key), other.get(column.key)
        if a is None or b is None:   # a result stored before intervals were kept: its bare mean, untested
            return {**figure, "a": _plain(row, column), "b": _plain(other, column), "p": None}
        return {**figure, "a": a["mean"], "b": b["mean"], "p": summary.two_means_p(a, b)}
    return {**figure, "a": row.get(column.key), "b": other.get(column.key), "p": None}   # a number: no spread kept


def _plain(row, column):
    return row.get(column.plain) if column.plain else None


# Words: every number in the reader's language, every difference with its direction.

def _number(value, digits):
    return DASH if value is None else number_format(round(value, digits), decimal_pos=digits)


def _shown(row, value):
    if row["kind"] == "rate":
        return DASH if value is None else f"{_number(value * 100, 1)}\u00a0%"
    return _number(value, 1 if row["kind"] == "mean" else row["digits"])


def _word(row, order):
    """Adds `a_text`, `b_text` and `change`: "draft minus published: −8.8 turns, games are shorter"."""
    row["a_text"], row["b_text"] = _shown(row, row["a"]), _shown(row, row["b"])
    if row["a"] is None or row["b"] is None:
        row["change"] = DASH
        return
    delta = row["a"] - row["b"]
    if row["kind"] == "rate":
        change = _("%(change)s points") % {"change": _signed(delta * 100, 1)}
    elif row["kind"] == "mean":
        change = _("%(change)s turns") % {"change": _signed(delta, 1)}
    else:
        change = _signed(delta, row["digits"])
    row["change"] = _("%(order)s: %(change)s, %(verdict)s") % {"order": order, "change": change,
                                                                "verdict": _verdict(row, delta)}


def _signed(number, digits):
    shown = _number(abs(number), digits)
    if round(number, digits) == 0:
        return shown
    return ("+" if number > 0 else MINUS) + shown


def _verdict(row, delta):
    if delta == 0:
        return _("no difference")
    if row["p"] is None:
        return _("not tested")
    if not row["significant"]:
        return _("no clear difference")
    if row["kind"] == "mean":   # the mean game length
        return _("games are shorter") if delta < 0 else _("games are longer")
    return pgettext("lab comparison", "higher") if delta > 0 else pgettext("lab comparison", "lower")


# Charts: the run page's, each with A and B side by side, and each charted table's count per game.

def comparison_charts(ruleset):
    """[{"data": [(attribute, value)], "description": text, "wide": bool}] for the canvases, whose attributes are
    `data-lab-<attribute>` (as stats/lab/charts.py gives the run page's)."""
    both = _("A and B side by side.")
    # Each in its own gettext call: makemessages does not read a call inside an f-string.
    by_seat = _("Bar chart: win rate by seat. The tables below have the numbers.")
    by_bot = _("Bar chart: win rate by bot. The tables below have the numbers.")
    by_length = _("Bar chart: share of games by length in turns.")
    charts = [
        {"wide": False, "description": f"{both} {by_seat}",
         "data": [("chart", "seats"), ("title", _("Win rate by seat")), ("axis", "%")]},
        {"wide": False, "description": f"{both} {by_bot}",
         "data": [("chart", "bots"), ("title", _("Win rate by bot")), ("axis", "%")]},
        {"wide": False, "description": f"{both} {by_length}",
         "data": [("chart", "length"), ("title", _("Game length (turns)")), ("axis", _("Share of games (%)"))]},
    ]
    for table in ruleset.lab_tables:
        counted = next((c for c in table.columns if c.kind == "count" and _compared_here(c, table)), None)
        if table.charts and counted:
            title = _("%(figure)s per game") % {"figure": counted.label}
            description = _("Bar chart: %(figure)s. The tables below have the numbers.") % {"figure": title}
            charts.append(_table_chart(table, counted, title, f"{both} {description}", axis=title))
        for chart in table.charts:
            column = table.column(chart.column)
            axis = chart.axis or ("%" if column.kind == "rate" else "")
            charts.append(_table_chart(table, column, chart.title, f"{both} {chart.description}", axis, chart.label))
    return charts


def _table_chart(table, column, title, description, axis, label=""):
    return {"wide": True, "description": str(description), "data": [
        ("chart", "table"), ("table", table.key), ("column", column.key), ("kind", column.kind),
        ("plain", column.plain), ("title", str(title)), ("label", str(label)), ("axis", str(axis)),
        ("digits", 2 if column.kind == "count" else column.digits)]}


def _island(pair, ruleset):
    """What the charts read: both results (rows named in the reader's language), the legend's names of A and B,
    and the seats' and bots' names."""
    a, b = pair.a, pair.b
    seats = {**a.result["wins_by_seat"], **b.result["wins_by_seat"]}
    bots = {**a.result["wins_by_bot"], **b.result["wins_by_bot"]}
    return {
        "a": summary.localized_result(a.result, a.game, a.rules),
        "b": summary.localized_result(b.result, b.game, b.rules),
        "legend": {"a": _legend("A", a, b), "b": _legend("B", b, a)},
        "seats": {seat: _("Seat %(n)s") % {"n": int(seat) + 1} for seat in seats},
        "bots": {bot: str(ruleset.bot_label(bot)) for bot in bots},
    }


def _legend(letter, run, other):
    """"A: Draft “Cheap ranch”": the card set when it tells the runs apart, else the run's title."""
    text = run.card_set_text if run.card_set_text != other.card_set_text else run.title
    return _("%(letter)s: %(run)s") % {"letter": letter, "run": text}
