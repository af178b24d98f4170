"""The navigation bar's context: who is browsing, their games waiting for a move, an unconfirmed address."""
from functools import cached_property

from games.accounts.selectors import email_confirmed
from games.identity import request_identity
from games.selectors.my_games import waiting_count

REQUEST_CACHE = "_games_player_context"


class WaitingGames:
    """The header's count of games waiting for the player's move: one query, run only if a page shows it."""

    def __init__(self, identity):
        self.identity = identity

    @cached_property
    def count(self):
        return waiting_count(self.identity)


def player(request):
    """`player`: who is browsing (a user, a guest or nobody), for the navigation bar of every page, and
    `waiting_games`: the count of their games waiting for their move (`waiting_games.count`) and
    `email_unconfirmed`: a logged-in user has not confirmed their address. They are
    worked out once per request, however many templates the request renders."""
    cached = getattr(request, REQUEST_CACHE, None)
    if cached is None:
        identity = request_identity(request)
        cached = {"player": identity, "waiting_games": WaitingGames(identity),
                  # asked only when a page shows it
                  "email_unconfirmed": lambda: not email_confirmed(request.user)}
        setattr(request, REQUEST_CACHE, cached)
    return cached
