"""No write to the card database leaves a live game unable to start: the one check behind the API, the admin, the
loaders and the draft publish.

Each live game's ruleset says which choices of its lobby could start with the cards in the database now
(`card_set_problems()`: its own start path, freezing the rules then starting a game, at the fewest and most
players). The card database never imports the games app: it reaches the ruleset through the registry, as it
reaches each engine's `card_check`. A guarded write runs in a transaction between two such checks; a choice that
could start before and cannot after refuses the write (UnplayableChange, a ValidationError), which rolls it back.
A choice that could not start before (cards not loaded yet, a set already broken) does not block anything.
Each reason comes with a stable code and params (the API's `breaks`), worded here in the reader's language (REASONS).
"""
from contextlib import contextmanager

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _, gettext_lazy, ngettext
from rest_framework import exceptions, status

from config.registry import Game, all_games, game_of_card_game, live_games

from cards.models import CardGame

CHECK = "card_set_problems"  # the ruleset method answering {choice key: (label, reason or None, code, params)}

# Why a choice could no longer start, by the code the ruleset's check gives it: worded here, in the reader's language,
# from the check's params (the engine's English text is the fallback for a code not listed).
REASONS = {  # in English, exactly the engine's words
    "cards_not_loaded": gettext_lazy("the Machi Koro cards are not loaded"),
    "starting_card_missing": gettext_lazy(
        "the card set cannot be played: starting card '%(card)s' is not in the extensions %(extensions)s"),
    "no_landmark_to_win": gettext_lazy(
        "the card set cannot be played: the extensions %(extensions)s hold no landmark to build for the win"),
    "unknown_landmark": gettext_lazy("the card set cannot be played: %(card)s: unknown landmark '%(landmark)s'"),
    "unknown_establishment": gettext_lazy(
        "the card set cannot be played: %(card)s: no establishment is called '%(establishment)s'"),
    "effect_does_not_parse": gettext_lazy(
        "the card set cannot be played: %(card)s: effect '%(effect)s' does not parse: %(error)s"),
    "card_set_invalid": gettext_lazy("the card set cannot be played: %(detail)s"),
    "deck_missing": gettext_lazy("the Aquarius deck '%(deck)s' is not loaded (run manage.py load_cards)"),
    "deck_too_small": gettext_lazy(
        "the Aquarius deck '%(deck)s' cannot be played: a deck of %(cards)d cards is too small for %(players)d players"),
    "deck_without_elements": gettext_lazy("the Aquarius deck '%(deck)s' cannot be played: a deck needs element cards"),
    "no_start_card": gettext_lazy("the Aquarius deck '%(deck)s' cannot be played: no element card is left in the "
                                  "draw pile for the start card"),
    "deck_invalid": gettext_lazy("the Aquarius deck '%(deck)s' cannot be played: %(detail)s"),
}


def reason_text(code, params, fallback):
    """A refusal's reason in the active language, from its code and params (`fallback`: the engine's text)."""
    template = REASONS.get(code)
    if template is None:
        return fallback
    try:
        return str(template) % params
    except (KeyError, TypeError, ValueError):  # params not as the code promises: say what the engine said
        return fallback


class UnplayableChange(ValidationError):
    """A write refused because a game could no longer start; `broken` lists (game name, choice, reason in the
    active language, reason code, params)."""

    def __init__(self, message, broken):
        super().__init__(message, code="unplayable")
        self.text = message
        self.broken = broken


class Unplayable(exceptions.APIException):
    """The API's answer to an UnplayableChange: 409 in the documented error shape, with the broken choices."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "unplayable"

    def __init__(self, change):
        super().__init__(change.text)
        self.extra = {"breaks": [{"game": game, "choice": choice, "reason": reason, "code": code, "params": params}
                                 for game, choice, reason, code, params in change.broken]}


def _checked(game):
    return isinstance(game, Game) and bool(game.ruleset) and hasattr(game.ruleset_object, CHECK)


def _card_game(item):
    """The CardGame slug an object (or a dict of a serializer's values) belongs to, or None."""
    if isinstance(item, CardGame):
        return item.slug
    for name in ("game", "extension", "deck"):
        related = item.get(name) if isinstance(item, dict) else getattr(item, name, None)
        if related is not None and not isinstance(related, (str, int)):
            return _card_game(related)
    return None


def games_for(*items):
    """The live games a write to `items` may break: registry Games as they are; a row (or serializer values) the
    game it belongs to; a model class the game whose card package defines it, every live game for the shared
    models (games, extensions, drafts), none for a game played nowhere."""
    games = {}
    for item in items:
        if isinstance(item, Game):
            found = [item]
        elif isinstance(item, type):
            owners = [g for g in all_games() if g.cards and item.__module__.startswith(g.cards + ".")]
            found = owners or live_games()
        else:
            slug = _card_game(item)
            found = [game_of_card_game(slug)] if slug else []
        games.update((game.slug, game) for game in found if _checked(game))
    return list(games.values())


def _choices(game):
    return getattr(game.ruleset_object, CHECK)()


def _refusal(refused, broken):
    game, choice, reason, _code, _params = broken[0]
    why = _("a game of %(game)s (%(choice)s) could no longer start: %(reason)s") % {
        "game": game, "choice": choice, "reason": reason}
    if len(broken) > 1:
        why += ngettext(" (and %(count)d other choice)", " (and %(count)d other choices)", len(broken) - 1) % {
            "count": len(broken) - 1}
    return _("%(refused)s: %(why)s.") % {"refused": refused, "why": why}


def _worded(problem):
    """(choice, reason in the active language, code, params) of a check's (label, reason, code, params); a check
    giving only (label, reason) has its reason as said, with the code `unplayable`."""
    label, reason, code, params = (*problem, "unplayable", {})[:4] if len(problem) < 4 else problem
    return str(label), reason_text(code, params, str(reason)), code, params


@contextmanager
def keeping_games_playable(refused, *items):
    """Run the block in a transaction; UnplayableChange (rolled back) when it leaves a choice of a live game that
    could start unable to start. `refused` words the refusal ("Wheat Field cannot be deleted"); `items` say which
    games the write touches (see games_for)."""
    games = games_for(*items)
    with transaction.atomic():
        before = {game.slug: _choices(game) for game in games}
        yield
        broken = []
        for game in games:
            after = _choices(game)
            for key, (_label, reason, *_coded) in before[game.slug].items():
                if reason is None and key in after and after[key][1] is not None:
                    broken.append((str(game.ruleset_object.name), *_worded(after[key])))
        if broken:
            raise UnplayableChange(_refusal(refused, broken), broken)


@contextmanager
def api_refusal():
    """An UnplayableChange as the API's 409."""
    try:
        yield
    except UnplayableChange as change:
        raise Unplayable(change) from None
