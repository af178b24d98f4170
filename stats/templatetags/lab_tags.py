"""Template helpers for the balance lab's pages."""
from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _

from games.rulesets import UnknownRuleset, get_ruleset
from stats.lab.summary import cell
from stats.models import grouped as grouped_number
from stats.templatetags.stats_tags import decimal, percent

register = template.Library()


@register.filter
def share(value, digits=1):
    """0.4286 -> "42.9 %" (an em dash for no value)."""
    return percent(None if value is None else value * 100, digits)


@register.filter
def grouped(number):
    """A count grouped by thousands in the active language, as the runs' titles print it: "2,000", "2 000"."""
    return "" if number is None else grouped_number(number)


@register.filter
def lab_item(mapping, key):
    """`result|lab_item:table.key`: a result's entry named by a variable (None when missing)."""
    return (mapping or {}).get(key)


def bot_name(game, kind):
    """A lab bot's name in the active language ("income" -> "Income", "Rentier")."""
    return get_ruleset(game).bot_label(kind)


@register.simple_tag
def lab_game_name(game):
    """A ruleset's name in the active language ("Machi Koro", "Minivilles"); the slug of a game no longer installed."""
    try:
        return get_ruleset(game).name
    except UnknownRuleset:
        return game


@register.simple_tag
def lab_bot_name(game, kind):
    return bot_name(game, kind)


@register.simple_tag
def lab_bot_names(run):
    return ", ".join(bot_name(run.game, kind) for kind in (run.options or {}).get("bots", []))


@register.simple_tag
def lab_seat_bot(run, seat):
    bots = run.options["bots"]
    return bot_name(run.game, bots[int(seat) % len(bots)])


@register.simple_tag
def lab_cells(row, column):
    """The cells of one column of a result's row (games/rulesets/lab.py): the value, and its 95 % interval for a
    rate or a mean (a dash where the result has none)."""
    value, low, high, _count = cell(row, column)
    if column.kind == "rate":
        shown, interval = share(value), _interval(low, high, share)
    elif column.kind == "mean":
        shown, interval = decimal(value, column.digits), _interval(low, high, lambda v: decimal(v, column.digits))
    elif column.kind == "number":
        return format_html("<td>{}</td>", decimal(value, column.digits))
    elif column.kind == "ranks":
        return format_html("<td>{}</td>", " · ".join(f"{rank}: {grouped(n)}" for rank, n in (value or {}).items()))
    else:
        return format_html("<td>{}</td>", grouped(value))
    return format_html("<td>{}</td><td>{}</td>", shown, interval)


def _interval(low, high, shown):
    return "\u2014" if low is None or high is None else f"{shown(low)}\u2013{shown(high)}"


@register.simple_tag
def lab_change(row):
    """B minus A: in turns for the mean length, in percentage points for rates."""
    if row["a"] is None or row["b"] is None:
        return "\u2014"
    delta = row["b"] - row["a"]
    if row.get("kind") == "mean":
        return _("%(change)s turns") % {"change": _signed(delta)}
    return _("%(change)s points") % {"change": _signed(delta * 100)}


def _signed(number):
    return ("+" if number >= 0 else "\u2212") + decimal(abs(number), 1)
