"""REST representations of Lorenzo il Magnifico's cards (development and leader cards read-only; written by import)."""
from rest_framework import serializers

from cards.language import current_language
from cards.models import CardGame, Extension
from cards.serializers import ModelCleanMixin, ServedLanguageMixin, game_slug_field

from cards.lorenzo.carddata import EffectData
from cards.lorenzo.explain import explain_card, explain_excommunication
from cards.lorenzo.explain import explain_effect as explain_lorenzo_effect
from cards.lorenzo.exporter import card_data, card_json
from cards.lorenzo.models import DevelopmentCard, Excommunication, LeaderCard


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
        return explain_excommunication(card, language=current_language())


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
