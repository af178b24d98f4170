"""Statistics pages: a game's (full page and the panel the game page embeds) and the site's; a player's
are their profile's (stats.players)."""
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games.models import Game
from games.ratings.selectors import rating_change_rows
from games.rulesets import all_rulesets

from stats import selectors
from stats.kinds import all_kinds, kind_for
from stats.permissions import may_retry
from stats.services import StatisticsUnavailable, ensure_statistics, request_statistics
from stats.tasks import refresh_site_statistics


def panel_context(game, statistics):
    """What templates/stats/_panel.html needs (also used by the {% game_statistics_panel %} tag)."""
    state = "absent" if statistics is None else statistics.status
    kind = kind_for(game.ruleset)
    done = state == "done" and kind is not None
    return {
        "game": game,
        "statistics": statistics,
        "state": state,
        "busy": statistics is not None and statistics.is_busy,
        "may_retry": may_retry(game, statistics),
        "supported": kind is not None,
        "body_template": kind.game_template if kind else "",
        "view": kind.game_view(statistics.result, selectors.player_links(game)) if done else None,
        "panel_url": reverse("stats:game-panel", args=[game.code]),
        "retry_url": reverse("stats:game-retry", args=[game.code]),
        "page_url": reverse("stats:game", args=[game.code]),
        "island_id": f"stats-data-{game.code}",
        # A rated game's rating changes head the panel: on the statistics page and on the game's own page at its end.
        "rating_rows": rating_change_rows(game) if game.rated else [],
    }


def _game(code):
    game = Game.objects.filter(code=code).first()
    if game is None:
        raise Http404(_("There is no game with this link."))
    return game


@require_safe
def game_page(request, code):
    game = _game(code)
    context = panel_context(game, ensure_statistics(game))
    return render(request, "stats/game.html", context)


@require_safe
def game_panel(request, code):
    """The panel alone: 202 while the statistics are computed (the page's script polls it), else 200."""
    game = _game(code)
    context = panel_context(game, ensure_statistics(game))
    return render(request, "stats/_panel.html", context, status=202 if context["busy"] else 200)


@require_POST
def game_retry(request, code):
    game = _game(code)
    if not may_retry(game, selectors.statistics_of(game)):
        messages.info(request, _("These statistics are ready or already being computed."))
    else:
        try:
            request_statistics(game)
        except StatisticsUnavailable as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("The statistics are being computed again."))
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        target = reverse("stats:game", args=[game.code])
    return redirect(target)


@require_safe
def site_page(request):
    refresh_when_no_beat()
    site = selectors.site_statistics()
    totals = site.totals if site else {}
    installed = {ruleset.slug for ruleset in all_rulesets()}
    sections = [{"kind": kind, "template": kind.site_template, "island_id": f"stats-site-{kind.slug}",
                 "view": kind.site_view(totals.get(kind.slug, {}))}
                for kind in all_kinds() if kind.slug in installed or kind.slug in totals]
    return render(request, "stats/site.html", {"site": site, "sections": sections})


def refresh_when_no_beat():
    """In eager mode (development: no worker, no beat) the page brings the totals up to date itself.

    The refresh reads only games not yet aggregated, so it costs nothing when nothing is new.
    """
    if refresh_site_statistics.app.conf.task_always_eager:
        refresh_site_statistics.delay()
