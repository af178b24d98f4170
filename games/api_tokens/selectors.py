"""Reading API tokens: the active token a raw token names, the identity behind it, a user's tokens."""
from django.utils.crypto import constant_time_compare

from games.api_tokens import keys
from games.api_tokens.models import ApiToken
from games.api_tokens.services import note_token_used
from games.identity import Identity


def active_token(raw):
    """The unrevoked, unexpired token `raw` names (its guest not kept as an account since), else None.

    Looked up by its id, then the secret's hash compared in constant time: no query by secret."""
    parts = keys.split_raw(raw)
    if parts is None:
        return None
    key_id, secret = parts
    token = ApiToken.objects.filter(key_id=key_id).select_related("user", "guest").first()
    if token is None or not constant_time_compare(token.secret_hash, keys.hash_secret(secret)):
        return None
    if not token.is_active:
        return None
    if token.user_id is not None and not token.user.is_active:
        return None
    if token.guest_id is not None and token.guest.user_id is not None:  # the guest became an account
        return None
    return token


def identity_of_token(token):
    if token.user_id is not None:
        return Identity(user_id=token.user_id, name=token.user.get_username())
    return Identity(guest_id=token.guest_id, name=token.guest.nickname)


def identity_for_api_token(raw):
    """The Identity a raw API token stands for, or None. Notes the use (last_used_at, once a minute at most)."""
    token = active_token(raw)
    if token is None:
        return None
    note_token_used(token)
    return identity_of_token(token)


def tokens_of(user):
    """The user's tokens, newest first, revoked ones included (the page shows them as revoked)."""
    return list(ApiToken.objects.filter(user=user).order_by("-created_at", "-id"))
