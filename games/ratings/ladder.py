"""The bot ladder of a game: program accounts (games/programs) and the built-in bot kinds, on one ranking.

Ranked as the all-time leaderboard (established ratings first, then provisional ones, each best first), since a
program's and a bot kind's ratings are openskill ratings like anyone's. "This month" keeps the entrants that
finished a rated game since the first of the month (site time) and counts their games and wins of the month.
A win is a first place (ties share it). Last activity is the end of the entrant's latest rated game.
"""
from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, Max, OuterRef, Q

from games.ratings.models import PlayerRating, RatingChange
from games.ratings.selectors import (
    PERIODS, UnknownPeriod, bot_name, established_first, month_start, page_of, rating_payload,
)


def _entrants(ruleset, since):
    """PlayerRating rows of the ladder: bot kinds and program accounts with a rated game (since `since`)."""
    rows = PlayerRating.objects.filter(ruleset=ruleset, games__gt=0).filter(
        Q(user__isnull=True) | Q(user__program_account__isnull=False))
    if since is not None:
        changes = RatingChange.objects.filter(ruleset=ruleset, created_at__gte=since)
        rows = rows.alias(
            played_since=Exists(changes.filter(user_id=OuterRef("user_id"))),
            bot_played_since=Exists(changes.filter(user__isnull=True, bot_kind=OuterRef("bot_kind"))),
        ).filter(Q(user__isnull=False, played_since=True) | Q(user__isnull=True, bot_played_since=True))
    return established_first(rows).order_by("provisional_order", "-mu", "pk")


def _activity(ruleset, rows, since):
    """{(user_id, bot_kind): {"played", "wins", "last_played"}} of the entrants `rows` (since `since`)."""
    users = [r.user_id for r in rows if r.user_id is not None]
    bots = [r.bot_kind for r in rows if r.user_id is None]
    changes = RatingChange.objects.filter(ruleset=ruleset).filter(
        Q(user_id__in=users) | Q(user__isnull=True, bot_kind__in=bots))
    if since is not None:
        changes = changes.filter(created_at__gte=since)
    groups = (changes.values("user_id", "bot_kind").order_by("user_id", "bot_kind")
              .annotate(played=Count("id"), wins=Count("id", filter=Q(rank=1)), last_played=Max("created_at")))
    return {(g["user_id"], g["bot_kind"]): g for g in groups}


def ladder(ruleset, period="all", page=1, page_size=None):
    """One page of a game's ladder: {"ruleset", "period", "count", "page", "pages", "page_size", "results":
    [{"position", "name", "username" (None for a bot kind), "bot_kind" (None for a program), "program",
    "rating", "provisional", "mu", "sigma", "games", "wins", "last_played"}]}. `games` and `wins` count the
    period's rated games. UnknownPeriod for another period."""
    if period not in PERIODS:
        raise UnknownPeriod(period)
    since = month_start() if period == "month" else None
    rows = _entrants(ruleset, since)
    pager = page_of(page, page_size, rows.count())
    rows = list(rows[pager.offset:pager.offset + pager.size])
    activity = _activity(ruleset, rows, since)
    users = {u.pk: u.get_username() for u in get_user_model().objects.filter(
        pk__in=[r.user_id for r in rows if r.user_id is not None])}
    results = []
    for index, row in enumerate(rows):
        done = activity.get((row.user_id, row.bot_kind), {})
        name = users.get(row.user_id, "") if row.user_id is not None else bot_name(ruleset, row.bot_kind)
        results.append({
            "position": pager.offset + index + 1, "name": name,
            "username": users.get(row.user_id) if row.user_id is not None else None,
            "bot_kind": row.bot_kind or None, "program": row.user_id is not None,
            **rating_payload(row),
            "games": done.get("played", 0) if since is not None else row.games,
            "wins": done.get("wins", 0), "last_played": done.get("last_played"),
        })
    return {"ruleset": ruleset, "period": period, "count": pager.count, "page": pager.number,
            "pages": pager.pages, "page_size": pager.size, "results": results}
