"""Per-seat tokens: a program plays a seat over the RPC socket with `?token=` instead of a session cookie.

A token is the seat's id and an HMAC of (game, seat, the seat's player) under the site's secret key: nothing
is stored, it stops working when the seat is given up, and it names no one.
"""
import re

from django.utils.crypto import constant_time_compare, salted_hmac

from games.identity import Identity
from games.models import Seat

SALT = "games.rpc.seat-token"
# A seat's id in ASCII digits (str.isdigit() also takes "²", which int() refuses), short enough for the
# database's integer column, then the 40 hex digits of the HMAC.
TOKEN = re.compile(r"([0-9]{1,18})-([0-9a-f]{40})")


def _mac(code, seat_id, owner_key):
    return salted_hmac(SALT, f"{code}:{seat_id}:{owner_key}", algorithm="sha256").hexdigest()[:40]


def seat_token(game, seat):
    """The token of a human `seat` of `game` (None for bots)."""
    if not seat.identity_key:
        return None
    return f"{seat.pk}-{_mac(game.code, seat.pk, seat.identity_key)}"


def identity_for_token(game, token):
    """The identity of the player whose seat `token` names at `game`, or None if it names none."""
    match = TOKEN.fullmatch(token) if isinstance(token, str) else None
    if match is None:
        return None
    seat_id, mac = match.groups()
    seat = Seat.objects.filter(pk=int(seat_id), game=game).select_related("user", "guest").first()
    if seat is None or not seat.identity_key:
        return None
    if not constant_time_compare(mac, _mac(game.code, seat.pk, seat.identity_key)):
        return None
    if seat.user_id:
        return Identity(user_id=seat.user_id, name=seat.user.get_username())
    return Identity(guest_id=seat.guest_id, name=seat.guest.nickname)
