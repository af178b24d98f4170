"""Writes of API tokens: create (the raw token is returned once), revoke, note a use, a guest with a token."""
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.api_tokens import keys
from games.api_tokens.models import ApiToken
from games.errors import BadRequest, GameNotFound
from games.services.accounts import create_guest

MAX_TOKENS = 20           # active tokens per user: enough for a few programs, not a leak of thousands
GUEST_TOKEN_DAYS = 30     # a guest's token (and so the guest, for programs) lasts this long
LAST_USED_PRECISION = timedelta(minutes=1)  # last_used_at is written at most once a minute per token
NAME_LENGTH = 60


def check_token_name(name):
    name = (name or "").strip() if isinstance(name, str) else ""
    if not name:
        raise BadRequest(_("Give the token a name (what program uses it)."))
    if len(name) > NAME_LENGTH:
        raise BadRequest(_("A token's name is at most %(count)d characters.") % {"count": NAME_LENGTH})
    return name


def _insert(owner_fields, name, expires_at=None):
    """A new token row and its raw form; a key id already taken (rare) is drawn again."""
    secret = keys.new_secret()
    for _attempt in range(5):
        key_id = keys.new_key_id()
        try:
            with transaction.atomic():
                token = ApiToken.objects.create(name=name, key_id=key_id, secret_hash=keys.hash_secret(secret),
                                                expires_at=expires_at, **owner_fields)
        except IntegrityError:
            continue
        return token, keys.raw_token(key_id, secret)
    raise RuntimeError("no free API token id after 5 draws")


@transaction.atomic
def do_create_token(*, user, name):
    """(the token, its raw form: shown once, never stored) for a registered user."""
    name = check_token_name(name)
    if ApiToken.objects.filter(user=user, revoked_at__isnull=True).count() >= MAX_TOKENS:
        raise BadRequest(_("You have %(count)d tokens: revoke one before making another.") % {"count": MAX_TOKENS})
    return _insert({"user": user}, name)


@transaction.atomic
def do_create_guest_token(*, nickname):
    """A new guest (as the guest form makes one) and its token: (guest, token, raw token)."""
    guest = create_guest(nickname)
    token, raw = _insert({"guest": guest}, nickname, expires_at=timezone.now() + timedelta(days=GUEST_TOKEN_DAYS))
    return guest, token, raw


@transaction.atomic
def do_revoke_token(*, user, token_id):
    """Revoke one of `user`'s tokens; revoking twice is harmless."""
    token = ApiToken.objects.select_for_update().filter(pk=token_id, user=user).first()
    if token is None:
        raise GameNotFound(_("You have no such token."))
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def note_token_used(token):
    """Write last_used_at, at most once a minute per token (a program calls many times a minute)."""
    now = timezone.now()
    if token.last_used_at is not None and now - token.last_used_at < LAST_USED_PRECISION:
        return
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    token.last_used_at = now
