"""Template helpers for the balance lab's pages."""
from django import template

from .stats_tags import percent

register = template.Library()


@register.filter
def share(value, digits=1):
    """0.4286 -> "42.9 %" (an em dash for no value)."""
    return percent(None if value is None else value * 100, digits)


@register.simple_tag
def lab_seat_bot(run, seat):
    bots = run.options["bots"]
    return bots[int(seat) % len(bots)]


@register.simple_tag
def lab_change(row, is_mean=False):
    """B minus A: in turns for the mean length, in percentage points for rates."""
    if row["a"] is None or row["b"] is None:
        return "\u2014"
    delta = row["b"] - row["a"]
    if is_mean:
        return f"{delta:+.1f} turns"
    return f"{delta * 100:+.1f} points"
