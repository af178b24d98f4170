from django import template

from cards.permissions import is_designer as _is_designer

register = template.Library()


@register.filter
def is_designer(user):
    """Staff or a member of the Designers group: the people the admin is for."""
    return _is_designer(user)
