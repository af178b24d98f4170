"""The players' rules of each game (/games/rules/<game>/): short, pictured with the cards of the card database, in
the reader's language. The game page opens the same rules in a side panel (/games/rules/<game>/panel/, fetched by
static/js/rules-panel.js). A game has rules when its declaration names a `rules_template` (config/games.py); the
template's cards, and the developers' guide of its engine (`engine_guide`), come from its `rules_cards` part."""
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from config.registry import UnknownGame, get_game

LAYOUTS = {False: "games/rules_page.html", True: "games/rules_panel.html"}


def rules_url(slug):
    """The players' rules page of the game `slug`, or None when it has none."""
    try:
        return reverse("games:rules", args=[slug]) if get_game(slug).rules_template else None
    except UnknownGame:
        return None


@require_safe
def rules_page(request, ruleset, panel=False):
    try:
        declared = get_game(ruleset)
    except UnknownGame:
        declared = None
    if declared is None or not declared.rules_template:
        raise Http404(_("No such game."))
    cards = declared.part("rules_cards")
    return render(request, declared.rules_template, {
        **(cards() if cards else {}), "rules_game": declared, "rules_layout": LAYOUTS[panel],
        "page_url": reverse("games:rules", args=[declared.slug]),
    })
