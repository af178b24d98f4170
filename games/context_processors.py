from games.accounts.selectors import email_confirmed
from games.identity import request_identity


def player(request):
    """`player`: who is browsing (a user, a guest or nobody), for the navigation bar of every page;
    `email_unconfirmed`: a logged-in user has not confirmed their address (asked only when a page shows it)."""
    return {"player": request_identity(request), "email_unconfirmed": lambda: not email_confirmed(request.user)}
