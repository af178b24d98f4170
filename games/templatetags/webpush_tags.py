"""`{% push_public_key as key %}`: the VAPID key browsers subscribe with, "" while Web Push is off
(templates/games/webpush/_device_toggle.html)."""
from django import template

from games.webpush import keys

register = template.Library()


@register.simple_tag
def push_public_key():
    return keys.public_key()
