"""Template helpers: the statistics panel for a game page, and number formatting for the stats tables."""
from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from stats.services import ensure_statistics
from stats.views import panel_context

register = template.Library()


@register.inclusion_tag("stats/_panel.html", takes_context=True)
def game_statistics_panel(context, game):
    """`{% load stats_tags %}{% game_statistics_panel game %}`: a finished game's charts and tables, or their
    progress (the panel reloads itself while the task runs), or a retry button if the computation failed."""
    # The request lets the retry button come back to the page that shows the panel.
    return {**panel_context(game, ensure_statistics(game)), "request": context.get("request")}


@register.filter
def percent(value, digits=0):
    """42.857 -> "43 %" (an em dash for no value); the decimal mark of the active language ("42,9 %")."""
    if value is None:
        return "\u2014"
    return f"{decimal(value, digits)}\u00a0%"


@register.filter
def decimal(value, digits=1):
    """73.04 -> "73.0", in French "73,0"."""
    if value is None:
        return "\u2014"
    return number_format(round(value, int(digits)), decimal_pos=int(digits))


@register.filter
def p_value(value):
    """A p-value readable at a glance: 0.4213, or "< 0.0001"."""
    if value is None:
        return "\u2014"
    return "< " + decimal(0.0001, 4) if value < 0.0001 else decimal(value, 4)


@register.filter
def duration(seconds):
    """1h 02m / 12m 05s / 40s."""
    if seconds is None:
        return "\u2014"
    seconds = int(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return _("%(hours)dh %(minutes)02dm") % {"hours": hours, "minutes": minutes}
    if minutes:
        return _("%(minutes)dm %(seconds)02ds") % {"minutes": minutes, "seconds": secs}
    return _("%(seconds)ds") % {"seconds": secs}


@register.filter
def index(sequence, position):
    return sequence[position]
