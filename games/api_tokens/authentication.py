"""`Authorization: Bearer mkt_...` for the REST API, and who a request of the programs' API acts as."""
from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from games.api_tokens.keys import looks_like_api_token
from games.api_tokens.models import ApiToken
from games.api_tokens.selectors import active_token, identity_of_token
from games.api_tokens.services import note_token_used
from games.identity import ANONYMOUS, Identity

KEYWORD = "Bearer"
INVALID = _("Invalid, revoked or expired API token.")


def bearer_value(header):
    """The credentials of an `Authorization: Bearer <value>` header (bytes or text), or None for another scheme."""
    if isinstance(header, bytes):
        header = header.decode("latin-1")
    scheme, _space, value = (header or "").strip().partition(" ")
    if scheme.lower() != KEYWORD.lower():
        return None
    return value.strip()


class ApiTokenAuthentication(BaseAuthentication):
    """A personal or guest API token. The request's user is the token's user (AnonymousUser for a guest's token);
    `request.auth` is the ApiToken, which the throttle counts by and `request_api_identity` reads."""

    playing_only = True   # cards/permissions.py: never a card write, even by a designer's token

    def authenticate(self, request):
        value = bearer_value(get_authorization_header(request))
        if value is None:
            return None
        if not looks_like_api_token(value):
            return None  # another kind of bearer credential: not ours to refuse
        token = active_token(value)
        if token is None:
            raise exceptions.AuthenticationFailed(INVALID)
        note_token_used(token)
        return (token.user if token.user_id is not None else AnonymousUser()), token

    def authenticate_header(self, request):
        return f'{KEYWORD} realm="api"'


def request_api_identity(request):
    """Who a request of the programs' API acts as: the API token's owner, else a signed-in user (session or Basic),
    else anonymous. A guest's browser session is not used here: a guest program makes a guest token."""
    token = getattr(request, "auth", None)
    if isinstance(token, ApiToken):
        return identity_of_token(token)
    user = request.user
    if user is not None and user.is_authenticated:
        return Identity(user_id=user.pk, name=user.get_username())
    return ANONYMOUS


def token_authenticated(request):
    return isinstance(getattr(request, "auth", None), ApiToken)
