"""Reading statistics: the API payload, and what the pages of every game show (the links to the players'
profiles, the players' colours); what one game's statistics show is its kind's (stats/<game>/)."""
from django.urls import reverse

from stats.models import GameStatistics, PlayerResult, SiteStatistics

# Okabe-Ito colours (distinguishable with colour-blindness) and line dashes, so lines differ by more than hue.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
DASHES = ((), (6, 3), (2, 2), (8, 3, 2, 3), (12, 4), (4, 4))


def statistics_of(game):
    return GameStatistics.objects.filter(game=game).first()


def player_style(seat):
    return {"colour": PALETTE[seat % len(PALETTE)], "dash": list(DASHES[seat % len(DASHES)])}


# ---- API ----------------------------------------------------------------------------------------------------

def api_payload(game, statistics):
    """(HTTP status, body): 202 while pending or running, 200 once done or failed (see docs/statistics.md)."""
    body = {"game": game.pk, "code": game.code}
    if statistics is None:
        return 202, {**body, "status": GameStatistics.Status.PENDING}
    body.update(status=statistics.status, attempts=statistics.attempts,
                queued_at=_iso(statistics.queued_at), computed_at=_iso(statistics.computed_at))
    if statistics.is_busy:
        return 202, body
    if statistics.status == GameStatistics.Status.FAILED:
        return 200, {**body, "error": statistics.error}
    return 200, {**body, "version": statistics.version, "statistics": statistics.result}


def _iso(moment):
    return moment.isoformat() if moment else None


# ---- one game -----------------------------------------------------------------------------------------------

def player_links(game):
    """{seat: URL of the player's page} for the seats of `game` played by an account or a guest."""
    links = {}
    for row in PlayerResult.objects.filter(game=game).select_related("user").only("seat", "user__username",
                                                                                  "guest_id"):
        if row.user is not None:
            links[row.seat] = reverse("players:profile", args=[row.user.get_username()])
        elif row.guest_id is not None:
            links[row.seat] = reverse("players:guest", args=[row.guest_id])
    return links


# ---- the whole site -----------------------------------------------------------------------------------------

def site_statistics():
    return SiteStatistics.objects.filter(pk=SiteStatistics.SINGLETON).first()
