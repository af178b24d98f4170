"""A player's end-of-game situation in, the final score line by line out (POST /api/lorenzo/score/, the page).

Cards are named by slug or by name (any case); the score itself is cards/lorenzo/scoring.py.
"""
from django.db.models import Q

from cards.lorenzo.models import Excommunication
from cards.lorenzo.models import DevelopmentCard, LeaderCard

from cards.lorenzo import score_text
from cards.lorenzo import vocabulary as words
from cards.lorenzo.scoring import PlayerHoldings, ScoringError, score_player

COUNTS = ("victory_points", "military_points", "faith_points", "coins", "wood", "stone", "servants")
# Accepted keys for cards by type: the JSON's own names and plain words.
TYPE_KEYS = {**{t: t for t in words.CARD_TYPES}, "territories": "TERRITORYCARD", "characters": "CHARACTERCARD",
             "buildings": "BUILDINGCARD", "ventures": "VENTURECARD"}


class ScoreInputError(ValueError):
    """Input that names unknown cards, puts a card under the wrong type, or gives a bad count. fields: {field: [msg]}"""

    def __init__(self, fields):
        self.fields = fields
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in fields.items()))


def _find(model, names, field, problems):
    found = []
    for name in names:
        if not isinstance(name, str) or not name.strip() or "\x00" in name:  # no card's name holds a NUL
            problems.setdefault(field, []).append(f"{name!r} is not a card name or slug.")
            continue
        card = model.objects.filter(Q(slug=name.strip()) | Q(name__iexact=name.strip())).first()
        if card is None:
            problems.setdefault(field, []).append(f"Unknown card {name!r}.")
        else:
            found.append(card)
    return found


def _list(value, field, problems):
    """value if it is a list; otherwise a problem under field (a string is one mistake, not a card dropped)."""
    if not isinstance(value, list):
        problems.setdefault(field, []).append("Give a list of card slugs or names.")
        return []
    return value


def holdings_from(data):
    """PlayerHoldings and the rivals' military points from a request body; raises ScoreInputError."""
    if not isinstance(data, dict):
        raise ScoreInputError({"body": ["Send a JSON object."]})
    problems, values = {}, {}
    for field in COUNTS:
        value = data.get(field, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.setdefault(field, []).append("A whole number, 0 or more.")
        values[field] = value
    cards = []
    given = data.get("cards", [])
    if isinstance(given, dict):
        for key, names in given.items():
            card_type = TYPE_KEYS.get(key)
            if card_type is None:
                problems.setdefault("cards", []).append(f"Unknown card type {key!r}; use {', '.join(TYPE_KEYS)}.")
                continue
            field = f"cards.{key}"
            for card in _find(DevelopmentCard, _list(names, field, problems), field, problems):
                if card.card_type != card_type:
                    problems.setdefault(field, []).append(
                        f"{card.name} is a {words.CARD_TYPE_NAMES[card.card_type][0]}, not a "
                        f"{words.CARD_TYPE_NAMES[card_type][0]}.")
                cards.append(card)
    else:
        cards = _find(DevelopmentCard, _list(given, "cards", problems), "cards", problems)
    tiles = _find(Excommunication, _list(data.get("excommunications", []), "excommunications", problems),
                  "excommunications", problems)
    leaders = _find(LeaderCard, _list(data.get("leaders", []), "leaders", problems), "leaders", problems)
    rivals = data.get("rivals_military_points", [])
    if not isinstance(rivals, list) or any(isinstance(r, bool) or not isinstance(r, int) or r < 0 for r in rivals):
        problems.setdefault("rivals_military_points", []).append("A list of whole numbers, 0 or more.")
    periods = [tile.period for tile in tiles]
    if len(periods) != len(set(periods)):
        problems.setdefault("excommunications", []).append("A player holds at most one excommunication per period.")
    name = data.get("name")
    if name is not None and not isinstance(name, str):  # not turned into text: ["Ada"] is a mistake, not a name
        problems.setdefault("name", []).append("Give the player's name as text.")
    if problems:
        raise ScoreInputError(problems)
    name = (name or "Player")[:50]
    holdings = PlayerHoldings(name=name, cards=cards, excommunications=tiles, leaders=leaders, **values)
    return holdings, [values["military_points"], *rivals]


def score(data):
    """{"player", "total", "lines": [{"key", "what", "points"}], "in_words": [...]}, worded in the active
    language; raises ScoreInputError."""
    holdings, military = holdings_from(data)
    try:
        sheet = score_player(holdings, military)
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

