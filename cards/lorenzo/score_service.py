"""A player's end-of-game situation in, the final score line by line out (POST /api/lorenzo/score/, the page).

The input's shape and bounds are score_input.py's; cards are named by slug or by name (any case) and looked up
in one query per kind of card, however many are named. The score itself is cards/lorenzo/scoring.py.
"""
from collections import Counter

from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext, ngettext

from cards.lorenzo.models import Excommunication
from cards.lorenzo.models import DevelopmentCard, LeaderCard

from cards.lorenzo import score_text
from cards.lorenzo import vocabulary as words
from cards.lorenzo.score_input import COUNTS, MAX_PER_CARD_TYPE, TYPE_KEYS, ScoreInput, flat_errors
from cards.lorenzo.scoring import PlayerHoldings, ScoringError, TooLittleFaith, score_player

__all__ = ["COUNTS", "TYPE_KEYS", "ScoreInputError", "holdings_from", "score"]


class ScoreInputError(ValueError):
    """Input that names unknown cards, puts a card under the wrong type, or gives a bad count. fields: {field: [msg]}"""

    def __init__(self, fields):
        self.fields = fields
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in fields.items()))


def _cards_named(model, names):
    """{name as given: card} for the names that match a card's slug, or its name in any case: one query (and one
    for the effects of the cards that have some)."""
    if not names:
        return {}
    queryset = model.objects.annotate(lower_name=Lower("name")).filter(
        Q(slug__in=set(names)) | Q(lower_name__in={name.lower() for name in names}))
    if model is not Excommunication:
        queryset = queryset.prefetch_related("effects")
    by_slug, by_name = {}, {}
    for card in queryset.order_by("pk"):
        by_slug[card.slug] = card
        by_name.setdefault(card.name.lower(), card)
    return {name: by_slug.get(name) or by_name.get(name.lower()) for name in names}


def _found(field_names, cards, problems):
    """The cards named under each field, in order; an unknown name or a card named twice is a problem there."""
    found, seen = [], {}
    for field, name in field_names:
        card = cards.get(name)
        if card is None:
            problems.setdefault(field, []).append(gettext("Unknown card %(name)r.") % {"name": name})
        elif card.pk in seen:
            problems.setdefault(field, []).append(gettext(
                "%(card)s is named twice (%(first)r, %(second)r); every card is in the game once.") % {
                    "card": card.name, "first": seen[card.pk], "second": name})
        else:
            seen[card.pk] = name
            found.append((field, card))
    return found


def _development_cards(given, problems):
    """The development cards of `given` ([(field, card type or None, name)]) checked against their type and the
    board (at most MAX_PER_CARD_TYPE of each type, whichever way they were given)."""
    types = {field: card_type for field, card_type, _ in given}
    cards = _found([(field, name) for field, _, name in given],
                   _cards_named(DevelopmentCard, [name for _, _, name in given]), problems)
    for field, card in cards:
        wanted = types[field]
        if wanted and card.card_type != wanted:
            problems.setdefault(field, []).append(gettext("%(card)s is a %(is)s, not a %(wanted)s.") % {
                "card": card.name, "is": words.CARD_TYPE_NAMES[card.card_type][0],
                "wanted": words.CARD_TYPE_NAMES[wanted][0]})
    for card_type, count in Counter(card.card_type for _, card in cards).items():
        if count > MAX_PER_CARD_TYPE:
            problems.setdefault("cards", []).append(gettext(
                "%(count)s %(cards)s; a player holds at most %(limit)s of each type.") % {
                    "count": count, "cards": words.CARD_TYPE_NAMES[card_type][1], "limit": MAX_PER_CARD_TYPE})
    return [card for _, card in cards]


def holdings_from(data):
    """PlayerHoldings and the rivals' military points from a request body; raises ScoreInputError."""
    if not isinstance(data, dict):
        raise ScoreInputError({"body": [gettext("Send a JSON object.")]})
    given = ScoreInput(data=data)
    if not given.is_valid():
        raise ScoreInputError(flat_errors(given.errors))
    values, problems = given.validated_data, {}
    cards = _development_cards(values["cards"], problems)
    tiles = [card for _, card in _found([("excommunications", name) for name in values["excommunications"]],
                                        _cards_named(Excommunication, values["excommunications"]), problems)]
    leaders = [card for _, card in _found([("leaders", name) for name in values["leaders"]],
                                          _cards_named(LeaderCard, values["leaders"]), problems)]
    periods = [tile.period for tile in tiles]
    if len(periods) != len(set(periods)):
        problems.setdefault("excommunications", []).append(
            gettext("A player holds at most one excommunication per period."))
    if problems:
        raise ScoreInputError(problems)
    counts = {field: values[field] for field in COUNTS}
    name = (values.get("name") or "Player")[:50]
    holdings = PlayerHoldings(name=name, cards=cards, excommunications=tiles, leaders=leaders, **counts)
    return holdings, [counts["military_points"], *values["rivals_military_points"]]


def score(data):
    """{"player", "total", "lines": [{"key", "what", "points"}], "in_words": [...]}, worded in the active
    language; raises ScoreInputError."""
    holdings, military = holdings_from(data)
    try:
        sheet = score_player(holdings, military)
    except TooLittleFaith as error:
        raise ScoreInputError({"faith_points": [ngettext(
            "%(name)s has %(faith)d faith point, fewer than the %(needed)d needed to support the Church in period 3: "
            "list the period-3 excommunication taken instead, or give at least %(needed)d faith points.",
            "%(name)s has %(faith)d faith points, fewer than the %(needed)d needed to support the Church in period 3: "
            "list the period-3 excommunication taken instead, or give at least %(needed)d faith points.",
            error.faith_points) % {"name": error.name, "faith": error.faith_points, "needed": error.needed}]}) from None
    except ScoringError as error:
        raise ScoreInputError({"faith_points": [str(error)]}) from None
    lines = [{"key": key, "what": score_text.line_what(details), "points": points}
             for (key, _engine_words, points), details in zip(sheet.lines, sheet.details)]
    in_words = [score_text.line_sentence(line["what"], line["points"]) for line in lines]
    raw = sum(line["points"] for line in lines)
    if raw < 0:
        in_words.append(score_text.below_zero(raw))
    in_words.append(score_text.final_score(sheet.total))
    return {"player": sheet.player, "total": sheet.total, "lines": lines, "in_words": in_words}

