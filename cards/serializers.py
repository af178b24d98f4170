"""REST representations of the cards. Relations are written and read as slugs."""
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from cards.effect_checks import explain_effect
from cards.language import current_language, localized_name
from cards.models import CardGame, Colour, Establishment, Excommunication, Extension, IconType, Landmark
from cards.models.machikoro import EFFECT_REQUIRED


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


def game_slug_field(model, game=CardGame.MACHI_KORO, **kwargs):
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


class ColourSerializer(ModelCleanMixin, DisplayNameMixin, serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", queryset=CardGame.objects.all())

    class Meta:
        model = Colour
        fields = ["id", "slug", "game", "name", "name_fr", "display_name", "activation_order", "activated_by",
                  "description", "language"]


class IconTypeSerializer(ModelCleanMixin, DisplayNameMixin, serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", queryset=CardGame.objects.all())

    class Meta:
        model = IconType
        fields = ["id", "slug", "game", "name", "name_fr", "display_name", "symbol", "picture", "language"]


class EffectExplainedMixin(DisplayNameMixin):
    effect_explained = serializers.SerializerMethodField(help_text="The effect string in the served language.")

    def get_effect_explained(self, card) -> str:
        return explain_effect(card.effect, card=card)


class EstablishmentSerializer(ModelCleanMixin, EffectExplainedMixin, serializers.ModelSerializer):
    game = serializers.CharField(source="extension.game.slug", read_only=True)
    extension = game_slug_field(Extension)
    colour = game_slug_field(Colour)
    icon = game_slug_field(IconType)
    aliases = serializers.ListField(child=serializers.CharField(max_length=100), required=False)

    class Meta:
        model = Establishment
        fields = [
            "id", "slug", "game", "extension", "name", "name_fr", "display_name", "aliases", "colour", "icon",
            "activation_min", "activation_max", "cost", "copies", "major", "effect", "effect_explained",
            "description", "rules_note", "image", "updated_at", "language",
        ]  # fmt: skip
        read_only_fields = ["updated_at"]
        extra_kwargs = {"effect": {"error_messages": {"blank": EFFECT_REQUIRED, "required": EFFECT_REQUIRED}}}


class LandmarkSerializer(ModelCleanMixin, EffectExplainedMixin, serializers.ModelSerializer):
    game = serializers.CharField(source="extension.game.slug", read_only=True)
    extension = game_slug_field(Extension)
    aliases = serializers.ListField(child=serializers.CharField(max_length=100), required=False)

    class Meta:
        model = Landmark
        fields = [
            "id", "slug", "game", "extension", "name", "name_fr", "display_name", "aliases", "cost", "starts_built",
            "counts_toward_win", "copies", "effect", "effect_explained", "description", "rules_note", "image",
            "updated_at", "language",
        ]  # fmt: skip
        read_only_fields = ["updated_at"]
        extra_kwargs = {"effect": {"error_messages": {"blank": EFFECT_REQUIRED, "required": EFFECT_REQUIRED}}}


class ExcommunicationSerializer(ModelCleanMixin, ServedLanguageMixin, serializers.ModelSerializer):
    game = serializers.CharField(source="extension.game.slug", read_only=True)
    extension = game_slug_field(Extension, game=CardGame.LORENZO)
    instant_payload = serializers.JSONField(required=False, allow_null=True)
    permanent_payload = serializers.JSONField(required=False, allow_null=True)
    effect_explained = serializers.SerializerMethodField(help_text="The tile's effects in the served language.")

    class Meta:
        model = Excommunication
        fields = [
            "id", "slug", "game", "extension", "name", "source_name", "period", "instant_effect", "instant_payload",
            "permanent_effect", "permanent_payload", "effect_explained", "image_name", "image", "updated_at",
            "language",
        ]  # fmt: skip
        read_only_fields = ["updated_at"]

    def get_effect_explained(self, card) -> str:
        from cards.lorenzo.explain import explain_excommunication

        return explain_excommunication(card, language=current_language())


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


# --- Lorenzo il Magnifico: development and leader cards (read-only; written by import) ----------------
from cards.lorenzo.carddata import EffectData  # noqa: E402
from cards.lorenzo.explain import explain_card  # noqa: E402
from cards.lorenzo.explain import explain_effect as explain_lorenzo_effect  # noqa: E402
from cards.lorenzo.exporter import card_data, card_json  # noqa: E402
from cards.models.lorenzo import DevelopmentCard, LeaderCard  # noqa: E402


class LorenzoEffectSerializer(serializers.Serializer):
    timing = serializers.CharField(help_text="instant, permanent or flag: the JSON slot the effect is in.")
    position = serializers.IntegerField(help_text="Order within the slot; the n-th payload belongs to the n-th effect.")
    effect = serializers.CharField(source="effect_type")
    payload = serializers.JSONField(allow_null=True)
    explained = serializers.SerializerMethodField(help_text="This effect in the served language.")

    def get_explained(self, effect) -> str:
        return explain_lorenzo_effect(EffectData(effect.timing, effect.effect_type, effect.payload),
                                      language=current_language())


class LorenzoCardSerializer(ServedLanguageMixin, serializers.ModelSerializer):
    game = serializers.CharField(source="extension.game.slug", read_only=True)
    extension = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    effects = LorenzoEffectSerializer(many=True, read_only=True)
    explained = serializers.SerializerMethodField(
        help_text="Cost, requirements and effects in the served language, line by line.")
    seed_json = serializers.SerializerMethodField(help_text="The card in seed 000's JSON, as the export writes it.")

    def get_explained(self, card) -> list[str]:
        return explain_card(card_data(card), language=current_language())

    def get_seed_json(self, card) -> dict:
        return card_json(card_data(card))


class DevelopmentCardSerializer(LorenzoCardSerializer):
    class Meta:
        model = DevelopmentCard
        fields = [
            "id", "slug", "game", "extension", "name", "source_name", "card_type", "period", "costs", "requirements",
            "minimum_action_value", "exclusive_permanent_effect", "effects", "explained", "seed_json", "image_name",
            "image", "updated_at", "language",
        ]  # fmt: skip
        read_only_fields = fields


class LeaderCardSerializer(LorenzoCardSerializer):
    class Meta:
        model = LeaderCard
        fields = [
            "id", "slug", "game", "extension", "name", "source_name", "requirements", "effects", "explained",
            "seed_json", "image_name", "image", "updated_at", "language",
        ]  # fmt: skip
        read_only_fields = fields
