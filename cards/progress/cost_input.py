"""What the Progress cost calculator accepts (POST /api/progress/cards/<slug>/cost/): every field's shape and bounds,
checked before any card is looked up. Unknown fields are refused, each named (`tokenz` is a typo, not nothing).

A technology is in the game once, so a card is listed once, in the active area or in research; tokens and
discards are whole numbers up to MAX_COUNT (docs/api.md, "Progress: knowledge costs").
"""
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from cards.api_input import RejectUnknownFieldsMixin, shown

from cards.progress.costs import KNOWLEDGE_TYPES

MAX_COUNT = 1000  # tokens of a type, discards: far above any game's, and it bounds what a request carries


def _whole_number(value):
    return isinstance(value, int) and not isinstance(value, bool)


class CardSlugs(serializers.Field):
    """A list of technology slugs, none listed twice."""

    default_error_messages = {
        "not_a_list": gettext_lazy("Give a list of card slugs."),
        "not_a_slug": gettext_lazy("%(value)s is not a card slug."),
        "twice": gettext_lazy("%(slug)r is listed twice; every technology is in the game once."),
    }

    def to_internal_value(self, data):
        if not isinstance(data, list):
            self.fail("not_a_list")
        problems, seen = [], set()
        for slug in data:
            if not isinstance(slug, str) or not slug or "\x00" in slug:
                problems.append(self.error_messages["not_a_slug"] % {"value": shown(slug)})
            elif slug in seen:
                problems.append(self.error_messages["twice"] % {"slug": slug})
            else:
                seen.add(slug)
        if problems:
            raise serializers.ValidationError(problems, code="invalid")
        return data

    def to_representation(self, value):
        return value


class Tokens(serializers.Field):
    """Knowledge tokens: {science|engineering|culture: count}, or a list of types (one per token)."""

    default_error_messages = {
        "invalid": gettext_lazy("Give {type: count} for the types %(types)s, or a list of types."),
        "unknown_type": gettext_lazy("Unknown knowledge type %(value)s; use one of %(types)s."),
        "count": gettext_lazy("A whole number from 0 to %(limit)s."),
        "too_many": gettext_lazy("At most %(limit)s tokens of each type."),
    }

    def to_internal_value(self, data):
        types = ", ".join(KNOWLEDGE_TYPES)
        if isinstance(data, list):
            unknown = [kind for kind in data if kind not in KNOWLEDGE_TYPES]  # unhashable items are unknown too
            if unknown:
                raise serializers.ValidationError(self.error_messages["unknown_type"] % {
                    "value": shown(unknown[0]), "types": types}, code="invalid_choice")
            if any(data.count(kind) > MAX_COUNT for kind in KNOWLEDGE_TYPES):
                raise serializers.ValidationError(self.error_messages["too_many"] % {"limit": MAX_COUNT}, code="max_value")
            return {kind: data.count(kind) for kind in KNOWLEDGE_TYPES}
        if not isinstance(data, dict):
            raise serializers.ValidationError(self.error_messages["invalid"] % {"types": types}, code="invalid")
        problems = {}
        for kind, count in data.items():
            if kind not in KNOWLEDGE_TYPES:
                problems[kind] = [self.error_messages["unknown_type"] % {"value": shown(kind), "types": types}]
            elif not _whole_number(count) or not 0 <= count <= MAX_COUNT:
                problems[kind] = [self.error_messages["count"] % {"limit": MAX_COUNT}]
        if problems:
            raise serializers.ValidationError(problems)
        return {kind: data.get(kind, 0) for kind in KNOWLEDGE_TYPES}

    def to_representation(self, value):
        return value


class Discards(serializers.Field):
    """Cards discarded (each one wild knowledge): a number, or the list of the discarded cards."""

    default_error_messages = {
        "invalid": gettext_lazy("Give the number of cards discarded, or their list."),
        "count": gettext_lazy("A whole number from 0 to %(limit)s."),
    }

    def to_internal_value(self, data):
        if isinstance(data, list):
            data = len(data)
        if not _whole_number(data):
            self.fail("invalid")
        if not 0 <= data <= MAX_COUNT:
            raise serializers.ValidationError(self.error_messages["count"] % {"limit": MAX_COUNT}, code="invalid")
        return data

    def to_representation(self, value):
        return value


class CostInput(RejectUnknownFieldsMixin, serializers.Serializer):
    active = CardSlugs(required=False, default=list)
    research = CardSlugs(required=False, default=list)
    tokens = Tokens(required=False, default=dict)
    discards = Discards(required=False, default=0)

    default_error_messages = {
        "twice": gettext_lazy("%(slug)r is also active; a technology is in one place."),
    }

    def validate(self, attrs):
        both = [slug for slug in attrs["research"] if slug in set(attrs["active"])]
        if both:
            raise serializers.ValidationError({"research": [self.error_messages["twice"] % {"slug": slug}
                                                            for slug in both]})
        return attrs
