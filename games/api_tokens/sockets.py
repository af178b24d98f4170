"""Who opens a game socket: an API token in the handshake's `Authorization: Bearer` header, else the session."""
from games.api_tokens.authentication import bearer_value
from games.api_tokens.selectors import identity_for_api_token
from games.identity import scope_identity


def authorization_header(scope):
    for name, value in scope.get("headers") or ():
        if name.lower() == b"authorization":
            return value
    return None


def socket_identity(scope):
    """The identity a socket acts as; None when the handshake carries a bearer token that is not a valid one
    (the socket is refused rather than opened anonymously). Runs queries: call it from sync code."""
    header = authorization_header(scope)
    value = bearer_value(header) if header is not None else None
    if value is None:
        return scope_identity(scope)
    return identity_for_api_token(value)
