"""Template helpers for the balance lab's pages."""
from django import template
from django.utils.translation import gettext as _

from games.rulesets import get_ruleset
from stats.models import grouped as grouped_number

from .stats_tags import decimal, percent

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
def bot_name(kind):
    """A lab bot's name in the active language ("income" -> "Income", "Rentier")."""
    return get_ruleset("machikoro").bot_label(kind)


@register.filter
def bot_names(kinds):
    return ", ".join(bot_name(kind) for kind in kinds)


@register.simple_tag
def lab_seat_bot(run, seat):
    bots = run.options["bots"]
    return bot_name(bots[int(seat) % len(bots)])


@register.simple_tag
def lab_change(row, is_mean=False):
    """B minus A: in turns for the mean length, in percentage points for rates."""
    if row["a"] is None or row["b"] is None:
        return "\u2014"
    delta = row["b"] - row["a"]
    if is_mean:
        return _("%(change)s turns") % {"change": _signed(delta)}
    return _("%(change)s points") % {"change": _signed(delta * 100)}


def _signed(number):
    return ("+" if number >= 0 else "\u2212") + decimal(abs(number), 1)
