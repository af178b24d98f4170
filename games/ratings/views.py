"""The leaderboards' page (/players/): one tab per live game, all time or this month, the bots apart; and each
game's bot ladder (/players/ladder/<game>/): program accounts and bot kinds."""
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.ratings import ladder, selectors


def _chosen_ruleset(slug):
    rulesets = selectors.rated_rulesets()
    if not rulesets:
        raise Http404(_("No game is installed."))
    if not slug:
        return rulesets, rulesets[0]
    chosen = next((r for r in rulesets if r.slug == slug), None)
    if chosen is None:
        raise Http404(_("No such game."))
    return rulesets, chosen


@require_safe
def leaderboard_page(request):
    rulesets, ruleset = _chosen_ruleset(request.GET.get("game", ""))
    period = request.GET.get("period", "all")
    if period not in selectors.PERIODS:
        period = "all"
    board = selectors.leaderboard(ruleset.slug, period=period, page=request.GET.get("page"))
    bots = selectors.leaderboard(ruleset.slug, period=period, bots=True, page_size=selectors.MAX_PAGE_SIZE)
    user = request.user
    mine = None
    if user.is_authenticated:
        position = selectors.position_of(user, ruleset.slug, period)
        if position is not None:
            mine = {"position": position, "page": (position - 1) // board["page_size"] + 1,
                    "on_page": any(row["username"] == user.get_username() for row in board["results"]),
                    **(selectors.rating_of(user, ruleset.slug) or {})}
    return render(request, "games/ratings/leaderboard.html", {
        "rulesets": rulesets, "ruleset": ruleset, "period": period, "board": board, "bots": bots, "mine": mine,
        "provisional_games": selectors.provisional_games(),
    })


@require_safe
def ladder_page(request, ruleset):
    rulesets, chosen = _chosen_ruleset(ruleset)
    period = request.GET.get("period", "all")
    if period not in selectors.PERIODS:
        period = "all"
    board = ladder.ladder(chosen.slug, period=period, page=request.GET.get("page"))
    return render(request, "games/ratings/ladder.html", {
        "rulesets": rulesets, "ruleset": chosen, "period": period, "board": board,
        "provisional_games": selectors.provisional_games(),
    })
