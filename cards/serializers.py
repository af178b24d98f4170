"""REST representations of the cards. Relations are written and read as slugs."""
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from .effect_checks import explain_effect
from .models import CardGame, Colour, Establishment, Excommunication, Extension, IconType, Landmark
from .models.machikoro import EFFECT_REQUIRED


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


def game_slug_field(model, game=CardGame.MACHI_KORO, **kwargs):
    return serializers.SlugRelatedField(slug_field="slug", queryset=model.objects.filter(game__slug=game), **kwargs)


class CardGameSerializer(serializers.ModelSerializer):
    class Meta:
        model = CardGame
        fields = ["id", "slug", "name", "name_fr"]


class ExtensionSerializer(ModelCleanMixin, serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", queryset=CardGame.objects.all())

    class Meta:
        model = Extension
        fields = ["id", "slug", "game", "name", "name_fr", "order"]


class ColourSerializer(ModelCleanMixin, serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", queryset=CardGame.objects.all())

    class Meta:
        model = Colour
        fields = ["id", "slug", "game", "name", "name_fr", "activation_order", "activated_by", "description"]


class IconTypeSerializer(ModelCleanMixin, serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", queryset=CardGame.objects.all())

    class Meta:
        model = IconType
        fields = ["id", "slug", "game", "name", "name_fr", "symbol", "picture"]


class EffectExplainedMixin(serializers.Serializer):
    effect_explained = serializers.SerializerMethodField(help_text="The effect string in English.")

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
            "id", "slug", "game", "extension", "name", "name_fr", "aliases", "colour", "icon",
            "activation_min", "activation_max", "cost", "copies", "major", "effect", "effect_explained",
            "description", "rules_note", "image", "updated_at",
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
            "id", "slug", "game", "extension", "name", "name_fr", "aliases", "cost", "starts_built",
            "counts_toward_win", "copies", "effect", "effect_explained", "description", "rules_note", "image",
            "updated_at",
        ]  # fmt: skip
        read_only_fields = ["updated_at"]
        extra_kwargs = {"effect": {"error_messages": {"blank": EFFECT_REQUIRED, "required": EFFECT_REQUIRED}}}


class ExcommunicationSerializer(ModelCleanMixin, serializers.ModelSerializer):
    game = serializers.CharField(source="extension.game.slug", read_only=True)
    extension = game_slug_field(Extension, game=CardGame.LORENZO)
    instant_payload = serializers.JSONField(required=False, allow_null=True)
    permanent_payload = serializers.JSONField(required=False, allow_null=True)
    effect_explained = serializers.SerializerMethodField(help_text="The tile's effects in English.")

    class Meta:
        model = Excommunication
        fields = [
            "id", "slug", "game", "extension", "name", "source_name", "period", "instant_effect", "instant_payload",
            "permanent_effect", "permanent_payload", "effect_explained", "image_name", "image", "updated_at",
        ]  # fmt: skip
        read_only_fields = ["updated_at"]

    def get_effect_explained(self, card) -> str:
        from .lorenzo.explain import explain_excommunication

        return explain_excommunication(card)


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
from .lorenzo.carddata import EffectData  # noqa: E402
from .lorenzo.explain import explain_card  # noqa: E402
from .lorenzo.explain import explain_effect as explain_lorenzo_effect  # noqa: E402
from .lorenzo.exporter import card_data, card_json  # noqa: E402
from .models.lorenzo import DevelopmentCard, LeaderCard  # noqa: E402


class LorenzoEffectSerializer(serializers.Serializer):
    timing = serializers.CharField(help_text="instant, permanent or flag: the JSON slot the effect is in.")
    position = serializers.IntegerField(help_text="Order within the slot; the n-th payload belongs to the n-th effect.")
    effect = serializers.CharField(source="effect_type")
    payload = serializers.JSONField(allow_null=True)
    explained = serializers.SerializerMethodField(help_text="This effect in English.")

    def get_explained(self, effect) -> str:
        return explain_lorenzo_effect(EffectData(effect.timing, effect.effect_type, effect.payload))


class LorenzoCardSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="extension.game.slug", read_only=True)
    extension = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    effects = LorenzoEffectSerializer(many=True, read_only=True)
    explained = serializers.SerializerMethodField(help_text="Cost, requirements and effects in English, line by line.")
    seed_json = serializers.SerializerMethodField(help_text="The card in seed 000's JSON, as the export writes it.")

    def get_explained(self, card) -> list[str]:
        return explain_card(card_data(card))

    def get_seed_json(self, card) -> dict:
        return card_json(card_data(card))


class DevelopmentCardSerializer(LorenzoCardSerializer):
    class Meta:
        model = DevelopmentCard
        fields = [
            "id", "slug", "game", "extension", "name", "source_name", "card_type", "period", "costs", "requirements",
            "minimum_action_value", "exclusive_permanent_effect", "effects", "explained", "seed_json", "image_name",
            "image", "updated_at",
        ]  # fmt: skip
        read_only_fields = fields


class LeaderCardSerializer(LorenzoCardSerializer):
    class Meta:
        model = LeaderCard
        fields = [
            "id", "slug", "game", "extension", "name", "source_name", "requirements", "effects", "explained",
            "seed_json", "image_name", "image", "updated_at",
        ]  # fmt: skip
        read_only_fields = fields
