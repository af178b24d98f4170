"""Players' profiles: an account's (/players/<name>/) and a guest's (/players/guest/<id>/, unrated)."""
from urllib.parse import urlencode

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.views.decorators.http import require_safe

from games.identity import Identity, request_identity
from games.models import Guest
from games.programs.selectors import is_program
from games.selectors.my_games import running_games_of

from stats.players import selectors
from stats.players.forms import PlayedGamesFilter

PAGE_SIZE = 20
RATINGS_TEMPLATE = "games/ratings/_profile_ratings.html"


def ratings_template_exists():
    """Whether the ratings part of the profile is installed (it is written beside this one)."""
    try:
        get_template(RATINGS_TEMPLATE)
    except TemplateDoesNotExist:
        return False
    return True


@require_safe
def profile(request, username):
    user = get_object_or_404(get_user_model().objects.select_related("program_account"), username=username)
    identity = Identity(user_id=user.pk, name=user.get_username())
    return _profile(request, identity, selectors.results_of(user=user), profile_user=user)


@require_safe
def guest_profile(request, guest_id):
    guest = get_object_or_404(Guest, pk=guest_id)
    identity = Identity(guest_id=guest.pk, name=guest.nickname)
    return _profile(request, identity, selectors.results_of(guest=guest), profile_user=None)


def _profile(request, identity, results, profile_user):
    own = request_identity(request).key == identity.key
    summary = selectors.games_summary(results)
    chosen = PlayedGamesFilter(request.GET)
    game = result = ""
    if chosen.is_valid():
        game, result = chosen.cleaned_data["game"], chosen.cleaned_data["result"]
    played = {row["slug"]: row for row in summary}
    tabs = list(summary)
    if game and game not in played:
        tabs.append({"slug": game, "name": selectors.game_name(game), "games": 0})
    page = Paginator(selectors.played_games(results, game, result), PAGE_SIZE).get_page(request.GET.get("page"))
    waiting, others = running_games_of(identity, public_only=not own)
    query = {key: value for key, value in (("game", game), ("result", result)) if value}
    return render(request, "stats/players/profile.html", {
        "name": identity.name,
        "guest": identity.guest_id is not None,
        "program": is_program(profile_user),
        "own": own,
        "profile_user": profile_user,
        "show_ratings": profile_user is not None and ratings_template_exists(),
        "summary": summary,
        "tabs": tabs,
        "game": game,
        "game_name": selectors.game_name(game) if game else "",
        "totals": played.get(game),
        "section": selectors.game_section(results, game) if game in played else None,
        "result": result,
        "filter": chosen,
        "filter_query": urlencode(query),
        "page": page,
        "rows": [selectors.game_row(row) for row in page.object_list],
        "waiting": waiting,
        "in_progress": others,
    })
