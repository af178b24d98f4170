"""Reading ratings: a game's rating changes, a player's ratings and history, the leaderboards.

The leaderboard of all time lists the players with an established rating first (rated games ≥
RATINGS_PROVISIONAL_GAMES), best first, then the provisional ones, best first: a lucky first win does not top
the board. "This month" lists the players who finished a rated game since the first of the month (site time),
ranked by the rating points they gained this month (equal gains: the earlier account first).
"""
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Case, Count, F, IntegerField, Q, Sum, Value, When
from django.utils import timezone

from games.programs.selectors import program_user_ids
from games.ratings import rating
from games.ratings.models import PlayerRating, RatingChange
from games.rulesets import UnknownRuleset, all_rulesets, get_ruleset

PERIODS = ("all", "month")
MAX_PAGE_SIZE = 200


class UnknownPeriod(ValueError):
    pass


def provisional_games():
    """How many rated games make a rating established (the setting RATINGS_PROVISIONAL_GAMES)."""
    return settings.RATINGS_PROVISIONAL_GAMES


def provisional(games):
    return games < settings.RATINGS_PROVISIONAL_GAMES


def rated_rulesets():
    """The live games, whose results are rated (rulesets in the site's order)."""
    return all_rulesets()


def bot_name(ruleset_slug, kind):
    try:
        return str(get_ruleset(ruleset_slug).bot_label(kind))
    except UnknownRuleset:
        return kind


def month_start(now=None):
    now = timezone.localtime(now)
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def rating_payload(row):
    """A PlayerRating as people see it."""
    return {"rating": rating.displayed(row.mu), "games": row.games, "provisional": provisional(row.games),
            "mu": round(row.mu, 3), "sigma": round(row.sigma, 3)}


def change_payload(change):
    return {"position": change.position, "rank": change.rank, "user_id": change.user_id,
            "bot_kind": change.bot_kind or None, "before": change.rating_before, "after": change.rating_after,
            "delta": change.delta, "provisional": change.provisional}


def rating_changes(game):
    """{seat position: its rating change} of a rated game ({} before it is rated, or when not rated)."""
    return {c.position: change_payload(c) for c in RatingChange.objects.filter(game=game).order_by("position")}


def rating_change_rows(game):
    """A rated game's changes as its end page lists them, in seat order: [{"position", "name", "username" (None
    for bots and guests), "bot_kind", "before", "after", "delta", "provisional", "rank"}]; [] when not rated yet.
    Guests, never rated, are left out."""
    changes = rating_changes(game)
    if not changes:
        return []
    seats = game.seats.select_related("user").order_by("position")
    return [{**changes[s.position], "name": s.name, "username": s.user.get_username() if s.user else None}
            for s in seats if s.position in changes]


def rating_history(user, ruleset):
    """The user's rating after each rated game of `ruleset`, oldest first."""
    changes = (RatingChange.objects.filter(user=user, ruleset=ruleset).select_related("game")
               .only("game__code", "position", "rank", "user_id", "bot_kind", "rating_before", "rating_after",
                     "provisional", "created_at")
               .order_by("created_at", "id"))
    return [{**change_payload(c), "game": c.game.code, "at": c.created_at} for c in changes]


def rating_of(user, ruleset):
    """The user's current rating at `ruleset` (see rating_payload), or None when never rated."""
    row = PlayerRating.objects.filter(user=user, ruleset=ruleset).first()
    return rating_payload(row) if row else None


def ratings_of_user(user):
    """{ruleset slug: {"name", "rating", "games", "provisional", "position", "history"}} for every live game the
    user has a rating at, in the site's order of games."""
    rows = {r.ruleset: r for r in PlayerRating.objects.filter(user=user)}
    found = {}
    for ruleset in rated_rulesets():
        row = rows.get(ruleset.slug)
        if row is None:
            continue
        found[ruleset.slug] = {"name": str(ruleset.name), **rating_payload(row),
                               "position": position_of(user, ruleset.slug),
                               "history": rating_history(user, ruleset.slug)}
    return found


# ---- leaderboards ------------------------------------------------------------------------------------------

def established_first(queryset):
    return queryset.annotate(provisional_order=Case(
        When(games__gte=settings.RATINGS_PROVISIONAL_GAMES, then=Value(0)), default=Value(1),
        output_field=IntegerField()))


def _all_time(ruleset, bots):
    rows = PlayerRating.objects.filter(ruleset=ruleset, games__gt=0, user__isnull=bots)
    return established_first(rows).order_by("provisional_order", "-mu", "pk")


def _month_changes(ruleset, bots, since):
    owner = "bot_kind" if bots else "user_id"
    return (RatingChange.objects.filter(ruleset=ruleset, created_at__gte=since, user__isnull=bots)
            .values(owner).annotate(gained=Sum(F("rating_after") - F("rating_before")), played=Count("id")))


@dataclass
class Page:
    number: int
    size: int
    count: int

    @property
    def pages(self):
        return max(1, -(-self.count // self.size))

    @property
    def offset(self):
        return (self.number - 1) * self.size


def _whole(value, default):
    """A positive whole number from a page number or size as given (text, number or None); `default` otherwise."""
    text = str(value).strip() if value is not None else ""
    return int(text) if text.isdigit() and 0 < len(text) < 7 and int(text) > 0 else default


def page_of(number, size, count):
    """The page `number` (the last one when beyond it) of `size` rows (at most MAX_PAGE_SIZE) among `count`."""
    size = min(_whole(size, settings.RATINGS_PAGE_SIZE), MAX_PAGE_SIZE)
    return Page(min(_whole(number, 1), Page(1, size, count).pages), size, count)


def _names(rows, ruleset, bots):
    if bots:
        return {row["bot_kind"]: bot_name(ruleset, row["bot_kind"]) for row in rows}
    users = get_user_model().objects.filter(pk__in=[row["user_id"] for row in rows])
    return {user.pk: user.get_username() for user in users}


def leaderboard(ruleset, period="all", bots=False, page=1, page_size=None):
    """One page of a game's leaderboard: {"ruleset", "period", "bots", "count", "page", "pages", "page_size",
    "results": [{"position", "name", "username" (None for bots), "bot_kind", "program" (a program account),
    "rating", "games", "provisional", "gained" and "played" (this month only)}]}. `period` "all" or "month"; `bots` lists the bot kinds instead of
    the players. UnknownPeriod for another period."""
    if period not in PERIODS:
        raise UnknownPeriod(period)
    owner = "bot_kind" if bots else "user_id"
    if period == "all":
        rows = _all_time(ruleset, bots)
        pager = page_of(page, page_size, rows.count())
        found = [{"user_id": r.user_id, "bot_kind": r.bot_kind, **rating_payload(r)}
                 for r in rows[pager.offset:pager.offset + pager.size]]
    else:
        groups = _month_changes(ruleset, bots, month_start()).order_by("-gained", owner)
        pager = page_of(page, page_size, groups.count())
        groups = list(groups[pager.offset:pager.offset + pager.size])
        keys = [g[owner] for g in groups]
        current = {getattr(r, owner): r for r in PlayerRating.objects.filter(
            ruleset=ruleset, user__isnull=bots, **{f"{owner}__in": keys})}
        found = [{"user_id": g.get("user_id"), "bot_kind": g.get("bot_kind", ""), "gained": g["gained"],
                  "played": g["played"], **rating_payload(current[g[owner]])}
                 for g in groups if g[owner] in current]
    names = _names(found, ruleset, bots)
    programs = set() if bots else program_user_ids(row["user_id"] for row in found)
    results = [{"position": pager.offset + index + 1, "name": names.get(row[owner], ""),
                "username": None if bots else names.get(row["user_id"]), "bot_kind": row["bot_kind"] or None,
                "program": row["user_id"] in programs,
                **{k: v for k, v in row.items() if k not in ("user_id", "bot_kind")}}
               for index, row in enumerate(found)]
    return {"ruleset": ruleset, "period": period, "bots": bots, "count": pager.count, "page": pager.number,
            "pages": pager.pages, "page_size": pager.size, "results": results}


def position_of(user, ruleset, period="all"):
    """The user's place on the game's leaderboard of `period` (1 is the top), or None when not on it."""
    if user is None or not user.is_authenticated:
        return None
    if period == "all":
        row = PlayerRating.objects.filter(user=user, ruleset=ruleset, games__gt=0).first()
        if row is None:
            return None
        mine = 0 if not provisional(row.games) else 1
        ahead = _all_time(ruleset, False).filter(
            Q(provisional_order__lt=mine) | Q(provisional_order=mine, mu__gt=row.mu)
            | Q(provisional_order=mine, mu=row.mu, pk__lt=row.pk))
        return ahead.count() + 1
    if period not in PERIODS:
        raise UnknownPeriod(period)
    groups = _month_changes(ruleset, False, month_start())
    mine = groups.filter(user_id=user.pk).order_by("user_id").first()
    if mine is None:
        return None
    ahead = groups.filter(Q(gained__gt=mine["gained"]) | Q(gained=mine["gained"], user_id__lt=user.pk))
    return ahead.count() + 1
