"""What a player's profile reads, in a fixed number of queries whatever the number of games: each game's
figures apart (never Machi Koro and Aquarius mixed), the page of games played, and their names and labels."""
from django.db.models import Avg, Count, Prefetch, Q
from django.utils.translation import gettext as _

from games.rulesets import UnknownRuleset, all_rulesets, get_ruleset

from stats.kinds import kind_for
from stats.models import PlayerResult

FAVOURITE_CARDS = 8
RESULTS = ("won", "lost")
# What a row of the games played shows: a game's rules and state (kilobytes of JSON each) are never read.
GAME_FIELDS = ("game__code", "game__ruleset", "game__public", "game__finished_at")


def results_of(user=None, guest=None):
    """The PlayerResult rows of an account or of a guest."""
    if user is not None:
        return PlayerResult.objects.filter(user=user)
    return PlayerResult.objects.filter(guest=guest)


def game_name(slug):
    try:
        return str(get_ruleset(slug).name)
    except UnknownRuleset:
        return slug


def card_label(ruleset, slug):
    kind = kind_for(ruleset)
    return kind.card_label(slug) if kind else slug.replace("-", " ").capitalize()


def variant_label(ruleset, variant):
    kind = kind_for(ruleset)
    return kind.variant_label(variant) if kind else variant


def game_choices():
    """(slug, name) of every installed game, for the profile's game filter."""
    return [(ruleset.slug, str(ruleset.name)) for ruleset in all_rulesets()]


def _percent(part, whole):
    return 100 * part / whole if whole else None


_WON = Count("pk", filter=Q(won=True))


def games_summary(results):
    """One row per game the player finished: {"slug", "name", "games", "wins", "win_rate", "average_turns",
    "average_duration"}, the most played game first. One query."""
    rows = (results.values("game__ruleset")
            .annotate(games=Count("pk"), wins=_WON, turns=Avg("turns"), duration=Avg("duration_seconds")))
    summary = [{"slug": row["game__ruleset"], "name": game_name(row["game__ruleset"]), "games": row["games"],
                "wins": row["wins"], "win_rate": _percent(row["wins"], row["games"]),
                "average_turns": row["turns"], "average_duration": row["duration"]} for row in rows]
    return sorted(summary, key=lambda row: (-row["games"], row["name"]))


def _rate_row(row, key):
    return {key: row[key], "games": row["games"], "wins": row["wins"], "rate": _percent(row["wins"], row["games"])}


def game_section(results, slug):
    """One game's figures for one player (`results` are the player's): by position, by number of players,
    by variant (Machi Koro's extension mixes, Aqua-Chicken) and the cards bought most. Four queries."""
    mine = results.filter(game__ruleset=slug)
    by_order = [_rate_row(row, "order") for row in mine.values("order").annotate(games=Count("pk"), wins=_WON)
                .order_by("order")]
    by_players = [{**_rate_row(row, "players"), "fair": 100 / row["players"]}
                  for row in mine.values("players").annotate(games=Count("pk"), wins=_WON).order_by("players")]
    by_variant = [{**_rate_row(row, "extensions"),
                   "label": variant_label(slug, row["extensions"]) if row["extensions"] else _("Standard game")}
                  for row in mine.values("extensions").annotate(games=Count("pk"), wins=_WON)
                  .order_by("-games", "extensions")]
    bought = {}
    for counts in mine.values_list("bought", flat=True).iterator():
        for card, copies in (counts or {}).items():
            bought[card] = bought.get(card, 0) + copies
    favourites = sorted(bought.items(), key=lambda item: (-item[1], item[0]))[:FAVOURITE_CARDS]
    return {
        "by_order": by_order,
        "by_players": by_players,
        "by_variant": by_variant if any(row["extensions"] for row in by_variant) else [],
        "favourites": [{"card": card_label(slug, card), "slug": card, "copies": copies} for card, copies in favourites],
    }


def played_games(results, ruleset=None, result=None):
    """The player's finished games, latest first, filtered by game and by "won"/"lost"; each with its
    players' results prefetched (two queries per page, plus the paginator's count)."""
    games = results
    if ruleset:
        games = games.filter(game__ruleset=ruleset)
    if result in RESULTS:
        games = games.filter(won=result == "won")
    table = PlayerResult.objects.only("game_id", "seat", "name", "won").order_by("seat")
    return (games.select_related("game").only("game_id", "seat", "order", "players", "won", "turns",
                                              "duration_seconds", "extensions", "finished_at", *GAME_FIELDS)
            .prefetch_related(Prefetch("game__player_results", queryset=table, to_attr="results_table"))
            .order_by("-finished_at", "-game_id"))


def game_row(row):
    """What the profile's list shows of one PlayerResult (with played_games' prefetch)."""
    game = row.game
    others = [other for other in game.results_table if other.seat != row.seat]
    return {
        "code": game.code,
        "game": game_name(game.ruleset),
        "won": row.won,
        "players": row.players,
        "order": row.order,
        "turns": row.turns,
        "duration": row.duration_seconds,
        "variant": variant_label(game.ruleset, row.extensions) if row.extensions else "",
        "finished_at": row.finished_at or game.finished_at,
        "others": [other.name for other in others],
        "winners": [other.name for other in game.results_table if other.won],
    }
