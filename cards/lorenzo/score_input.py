"""What the Lorenzo score calculator accepts (POST /api/lorenzo/score/ and the page): every field's shape and the
bounds the rules set, checked before any card is looked up. Unknown fields are refused, each named.

The bounds (docs/api.md, "Lorenzo: final score"): a personal board holds at most 6 cards of each type (the score
tables stop at 6), each player is dealt 4 leader cards and receives at most one excommunication per period, a
game has 2 to 4 players (cards/data/lorenzo/rules, gameConfig's MAX_PLAYERS), and every card is in the game once.
"""
from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.settings import api_settings

from cards.api_errors import dotted_fields
from cards.api_input import RejectUnknownFieldsMixin, StrictCharField, StrictIntegerField, shown

from cards.lorenzo import vocabulary as words

COUNTS = ("victory_points", "military_points", "faith_points", "coins", "wood", "stone", "servants")
MAX_PER_CARD_TYPE = 6
CARD_TYPE_COUNT = len(words.CARD_TYPES)
MAX_LEADERS = 4
MAX_EXCOMMUNICATIONS = 3
MAX_RIVALS = 3
MAX_COUNT = 1000  # points and resources: far above any game's, and it bounds what a request carries
# Accepted keys for cards by type: the JSON's own names and plain words.
TYPE_KEYS = {**{t: t for t in words.CARD_TYPES}, "territories": "TERRITORYCARD", "characters": "CHARACTERCARD",
             "buildings": "BUILDINGCARD", "ventures": "VENTURECARD"}
A_WHOLE_NUMBER = gettext_lazy("A whole number, 0 or more.")
TOO_MANY_OF_A_TYPE = gettext_lazy("%(count)s cards of one type; a player holds at most %(limit)s of each type.")
TOO_MANY_CARDS = gettext_lazy("%(count)s development cards; a player holds at most %(limit)s (6 of each type).")
TOO_MANY_LEADERS = gettext_lazy("%(count)s leaders; a player is dealt %(limit)s and plays at most those.")
TOO_MANY_EXCOMMUNICATIONS = gettext_lazy("%(count)s excommunications; a player receives at most %(limit)s, one per "
                                         "period.")


class CardNames(serializers.Field):
    """A list of card slugs or names, at most `limit` of them, none named twice; stripped."""

    default_error_messages = {
        "not_a_list": gettext_lazy("Give a list of card slugs or names."),
        "not_a_name": gettext_lazy("%(value)s is not a card name or slug."),
        "twice": gettext_lazy("%(name)r is named twice; every card is in the game once."),
    }

    def __init__(self, *, limit, too_many, **kwargs):
        self.limit, self.too_many = limit, too_many
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, list):
            self.fail("not_a_list")
        if len(data) > self.limit:
            raise serializers.ValidationError(self.too_many % {"count": len(data), "limit": self.limit}, code="too_many")
        problems, seen = [], set()
        for name in data:
            if not isinstance(name, str) or not name.strip() or "\x00" in name:  # no card's name holds a NUL
                problems.append(self.error_messages["not_a_name"] % {"value": shown(name)})
            elif name.strip().casefold() in seen:
                problems.append(self.error_messages["twice"] % {"name": name.strip()})
            else:
                seen.add(name.strip().casefold())
        if problems:
            raise serializers.ValidationError(problems, code="invalid")
        return [name.strip() for name in data]

    def to_representation(self, value):
        return value


class DevelopmentCards(serializers.Field):
    """Development cards: a flat list, or lists by type ({"territories": [...], ...}); as [(field, card type or
    None, name)], the field naming where the card was given ("cards", "cards.territories")."""

    default_error_messages = {
        "not_a_list": gettext_lazy("Give a list of card slugs or names."),
        "unknown_type": gettext_lazy("Unknown card type %(key)r; use %(keys)s."),
    }

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            names = CardNames(limit=MAX_PER_CARD_TYPE * CARD_TYPE_COUNT, too_many=TOO_MANY_CARDS).to_internal_value(data)
            return [(self.field_name, None, name) for name in names]
        cards, problems = [], {}
        for key, names in data.items():
            card_type = TYPE_KEYS.get(key)
            if card_type is None:
                problems.setdefault(api_settings.NON_FIELD_ERRORS_KEY, []).append(
                    self.error_messages["unknown_type"] % {"key": key, "keys": ", ".join(TYPE_KEYS)})
                continue
            try:
                typed = CardNames(limit=MAX_PER_CARD_TYPE, too_many=TOO_MANY_OF_A_TYPE).to_internal_value(names)
                cards += [(f"{self.field_name}.{key}", card_type, name) for name in typed]
            except serializers.ValidationError as error:
                problems[key] = error.detail
        if problems:
            raise serializers.ValidationError(problems)
        return cards

    def to_representation(self, value):
        return value


class WholeNumbers(serializers.Field):
    """A list of at most `limit` whole numbers from 0 to MAX_COUNT."""

    default_error_messages = {
        "invalid": gettext_lazy("A list of whole numbers, 0 or more."),
        "too_large": gettext_lazy("Each number is at most %(limit)s."),
        "too_many": gettext_lazy("At most %(limit)s numbers (a game has at most %(players)s players)."),
    }

    def __init__(self, *, limit, **kwargs):
        self.limit = limit
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, list) or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in data):
            self.fail("invalid")
        if len(data) > self.limit:
            raise serializers.ValidationError(
                self.error_messages["too_many"] % {"limit": self.limit, "players": self.limit + 1}, code="too_many")
        if any(n > MAX_COUNT for n in data):
            raise serializers.ValidationError(self.error_messages["too_large"] % {"limit": MAX_COUNT}, code="max_value")
        return data

    def to_representation(self, value):
        return value


def _count():
    return StrictIntegerField(required=False, default=0, min_value=0, max_value=MAX_COUNT, error_messages={
        "invalid": A_WHOLE_NUMBER, "min_value": A_WHOLE_NUMBER,
        "max_value": gettext_lazy("At most {max_value} (no game comes near it)."),
    })  # fmt: skip


class ScoreInput(RejectUnknownFieldsMixin, serializers.Serializer):
    name = StrictCharField(required=False, allow_null=True, allow_blank=True, trim_whitespace=False,
                           error_messages={"invalid": gettext_lazy("Give the player's name as text.")})
    victory_points = _count()
    military_points = _count()
    faith_points = _count()
    coins = _count()
    wood = _count()
    stone = _count()
    servants = _count()
    cards = DevelopmentCards(required=False, default=list)
    excommunications = CardNames(limit=MAX_EXCOMMUNICATIONS, too_many=TOO_MANY_EXCOMMUNICATIONS, required=False,
                                 default=list)
    leaders = CardNames(limit=MAX_LEADERS, too_many=TOO_MANY_LEADERS, required=False, default=list)
    rivals_military_points = WholeNumbers(limit=MAX_RIVALS, required=False, default=list)


def flat_errors(detail):
    """A serializer's errors as {"cards.territories": [message, ...]}, each message text with its `code`."""
    return dotted_fields(detail)
