"""Reading statistics: the API payload, and what the pages of every game show (a player's games, the links,
the players' colours); what one game's statistics show is its kind's (stats/<game>/)."""
from django.db.models import Avg, Count, Q
from django.urls import reverse

from games.rulesets import UnknownRuleset, get_ruleset

from stats.kinds import kind_for
from stats.models import GameStatistics, PlayerResult, SiteStatistics

# Okabe-Ito colours (distinguishable with colour-blindness) and line dashes, so lines differ by more than hue.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
DASHES = ((), (6, 3), (2, 2), (8, 3, 2, 3), (12, 4), (4, 4))
FAVOURITE_CARDS = 8
RECENT_GAMES = 20


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
            links[row.seat] = reverse("stats:player", args=[row.user.get_username()])
        elif row.guest_id is not None:
            links[row.seat] = reverse("stats:guest", args=[row.guest_id])
    return links


# ---- a player's games ---------------------------------------------------------------------------------------

def player_results(user=None, guest=None):
    if user is not None:
        return PlayerResult.objects.filter(user=user)
    return PlayerResult.objects.filter(guest=guest)


def player_view(results):
    """Games, wins and rates of one player's PlayerResult rows."""
    won = Count("pk", filter=Q(won=True))
    totals = results.aggregate(games=Count("pk"), wins=won, turns=Avg("turns"), duration=Avg("duration_seconds"))
    by_order = [_rate_row(row, "order") for row in results.values("order").annotate(games=Count("pk"), wins=won)
                .order_by("order")]
    by_players = [{**_rate_row(row, "players"), "fair": 100 / row["players"]}
                  for row in results.values("players").annotate(games=Count("pk"), wins=won).order_by("players")]
    bought = {}   # (ruleset, card slug) -> copies: each game's kind names its cards
    for ruleset, counts in results.values_list("game__ruleset", "bought").iterator():
        for slug, copies in counts.items():
            bought[ruleset, slug] = bought.get((ruleset, slug), 0) + copies
    favourites = sorted(bought.items(), key=lambda item: (-item[1], item[0][1], item[0][0]))[:FAVOURITE_CARDS]
    recent = results.select_related("game").order_by("-finished_at", "-game_id")[:RECENT_GAMES]
    return {
        "games": totals["games"],
        "wins": totals["wins"],
        "win_rate": _percent(totals["wins"], totals["games"]),
        "average_turns": totals["turns"],
        "average_duration": totals["duration"],
        "by_order": by_order,
        "by_players": by_players,
        "favourites": [{"card": _card_label(ruleset, slug), "slug": slug, "copies": copies}
                       for (ruleset, slug), copies in favourites],
        "recent": [{"code": r.game.code, "game": _game_name(r.game.ruleset), "won": r.won, "players": r.players,
                    "order": r.order, "turns": r.turns, "finished_at": r.finished_at,
                    "extensions": _variant_label(r.game.ruleset, r.extensions)}
                   for r in recent],
    }


def _card_label(ruleset, slug):
    kind = kind_for(ruleset)
    return kind.card_label(slug) if kind else slug.replace("-", " ").capitalize()


def _variant_label(ruleset, variant):
    kind = kind_for(ruleset)
    return kind.variant_label(variant) if kind else variant


def _game_name(slug):
    try:
        return str(get_ruleset(slug).name)
    except UnknownRuleset:
        return slug


def _rate_row(row, key):
    return {key: row[key], "games": row["games"], "wins": row["wins"], "rate": _percent(row["wins"], row["games"])}


def _percent(part, whole):
    return 100 * part / whole if whole else None


# ---- the whole site -----------------------------------------------------------------------------------------

def site_statistics():
    return SiteStatistics.objects.filter(pk=SiteStatistics.SINGLETON).first()
