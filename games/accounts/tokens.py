"""Confirmation links: the account and the address, signed with the site's secret and dated (django.core.signing).

A link is refused when tampered with, after ACCOUNT_CONFIRMATION_DAYS, or when its address is no longer the
account's (nor the new one it waits to confirm); a second use of a good link finds the address already confirmed.
"""
from django.conf import settings
from django.core import signing

SALT = "games.accounts.confirm-email"


class BadLink(Exception):
    """The link was not made by this site (or was changed)."""


class ExpiredLink(BadLink):
    """The link is older than ACCOUNT_CONFIRMATION_DAYS."""


def confirmation_token(user_id, email):
    return signing.dumps({"u": user_id, "e": email}, salt=SALT)


def read_confirmation_token(token):
    """(user id, address) of a token; ExpiredLink or BadLink."""
    try:
        data = signing.loads(token, salt=SALT, max_age=settings.ACCOUNT_CONFIRMATION_DAYS * 86400)
    except signing.SignatureExpired:
        raise ExpiredLink()
    except signing.BadSignature:
        raise BadLink()
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or not isinstance(data.get("e"), str):
        raise BadLink()
    return data["u"], data["e"]
