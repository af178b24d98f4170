"""The "Learn to play" links of the home page: one per installed game with a guided first game."""
from django import template

from games.selectors.tutorial import guided_rulesets

register = template.Library()


@register.simple_tag
def tutorial_rulesets():
    return guided_rulesets()
