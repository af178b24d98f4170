from django import template
from django.urls import NoReverseMatch, reverse

register = template.Library()


@register.simple_tag
def stats_link(game):
    """The game's statistics page once the stats app serves one (route "stats:game"), else an empty string."""
    try:
        return reverse("stats:game", args=[game.code])
    except NoReverseMatch:
        return ""
