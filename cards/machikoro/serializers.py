"""REST representations of the Machi Koro cards. Relations are written and read as slugs."""
from rest_framework import serializers

from cards.models import CardGame, Extension
from cards.serializers import DisplayNameMixin, ModelCleanMixin, game_slug_field

from cards.machikoro.effects import EFFECT_REQUIRED, explain_effect
from cards.machikoro.models import Colour, Establishment, IconType, Landmark


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
    extension = game_slug_field(Extension, CardGame.MACHI_KORO)
    colour = game_slug_field(Colour, CardGame.MACHI_KORO)
    icon = game_slug_field(IconType, CardGame.MACHI_KORO)
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
    extension = game_slug_field(Extension, CardGame.MACHI_KORO)
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
