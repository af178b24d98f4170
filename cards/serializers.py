"""REST representations of the cards. Relations are written and read as slugs."""
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from cards.language import current_language, localized_name
from cards.models import CardGame, Extension


class ModelCleanMixin:
    """Run the model's own validation (clean and constraints) so the API refuses what the admin refuses."""

    def validate(self, attrs):
        attrs = super().validate(attrs)
        instance = self.instance or self.Meta.model()
        saved = {name: getattr(instance, name) for name in attrs if hasattr(instance, name)}
        for name, value in attrs.items():
            setattr(instance, name, value)
        try:
            instance.full_clean(validate_unique=False, validate_constraints=True)
        except DjangoValidationError as exc:
            raise serializers.ValidationError(serializers.as_serializer_error(exc))
        finally:
            if self.instance is not None:
                for name, value in saved.items():
                    setattr(instance, name, value)
        return attrs


class ServedLanguageMixin(serializers.Serializer):
    """`language`: the language the names and explanations of this answer are in (docs/api.md, "Language")."""

    language = serializers.SerializerMethodField(help_text="The language this object is served in: en or fr.")

    def get_language(self, item) -> str:
        return current_language()


class DisplayNameMixin(ServedLanguageMixin):
    """`display_name`: the name in the served language (`name_fr` in French when there is one, else `name`).

    `name` and `name_fr` stay the stored names, so a client may read, change and send back either one."""

    display_name = serializers.SerializerMethodField(help_text="The name in the served language.")

    def get_display_name(self, item) -> str:
        return localized_name(item)


def game_slug_field(model, game, **kwargs):
    """A relation written and read as the slug of a row of `game` (a CardGame slug)."""
    return serializers.SlugRelatedField(slug_field="slug", queryset=model.objects.filter(game__slug=game), **kwargs)


class CardGameSerializer(DisplayNameMixin, serializers.ModelSerializer):
    class Meta:
        model = CardGame
        fields = ["id", "slug", "name", "name_fr", "display_name", "language"]


class ExtensionSerializer(ModelCleanMixin, DisplayNameMixin, serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", queryset=CardGame.objects.all())

    class Meta:
        model = Extension
        fields = ["id", "slug", "game", "name", "name_fr", "display_name", "order", "language"]


class HistoryRecordSerializer(serializers.Serializer):
    """One change of a card: who, when, what."""

    history_id = serializers.IntegerField()
    date = serializers.DateTimeField(source="history_date")
    type = serializers.CharField(source="get_history_type_display")
    user = serializers.CharField(source="history_user.username", default=None, allow_null=True,
                                 help_text="Who made the change; null for the loader and imports without a user.")
    changes = serializers.SerializerMethodField()

    def get_changes(self, record) -> list[dict]:
        previous = record.prev_record
        if previous is None:
            return []
        delta = record.diff_against(previous)
        return [{"field": c.field, "old": _plain(c.old), "new": _plain(c.new)} for c in delta.changes]


def _plain(value):
    if value is None or isinstance(value, (bool, int, float, str, list, dict)):
        return value
    return str(value)
