"""REST representations of Valeria's cards: every column, the box as a slug, each effect explained in the served language."""
from django.db.models import Max
from rest_framework import serializers

from cards.models import CardGame, Extension
from cards.serializers import ModelCleanMixin, ServedLanguageMixin, game_slug_field

from cards.valeria.effects import explain_effect, unify
from cards.valeria.models import TABLE_MODELS, ValeriaPreset


class ValeriaCardSerializer(ModelCleanMixin, ServedLanguageMixin, serializers.ModelSerializer):
    """Base of the per-table serializers built by `serializer_for`."""

    game = serializers.SerializerMethodField()
    extension = game_slug_field(Extension, game=CardGame.VALERIA, required=False, allow_null=True)
    effects_explained = serializers.SerializerMethodField(
        help_text="Each non-empty effect column in the served language, keyed by column.")

    def get_game(self, card) -> str:
        return CardGame.VALERIA

    def get_effects_explained(self, card) -> dict[str, str]:
        return {name: explain_effect(getattr(card, name)) for name in card.effect_fields() if getattr(card, name)}

    def validate(self, attrs):
        if self.instance is None and attrs.get("source_id") is None:  # a card of our own: the next free id
            top = self.Meta.model.objects.aggregate(top=Max("source_id"))["top"] or 0
            attrs["source_id"] = top + 1
        attrs = super().validate(attrs)
        for name in self.Meta.model.effect_fields():
            if attrs.get(name):
                attrs[name] = unify(attrs[name])  # store the unified spelling (validated by ModelCleanMixin)
        return attrs


def serializer_for(model):
    fields = ["id", "slug", "game", "source_id", "name", "extension", "banned"]
    fields += [f.name for f in model._meta.concrete_fields if f.name not in (*fields, "updated_at", "extension")]
    fields += ["effects_explained", "updated_at", "language"]
    meta = type("Meta", (), {"model": model, "fields": fields, "read_only_fields": ["updated_at"],
                             "extra_kwargs": {"source_id": {"required": False}}})
    return type(f"{model.__name__}Serializer", (ValeriaCardSerializer,), {"Meta": meta})


SERIALIZERS = {table: serializer_for(model) for table, model in TABLE_MODELS.items()}


class ValeriaPresetSerializer(serializers.ModelSerializer):
    class Meta:
        model = ValeriaPreset
        fields = ["id", "slug", "label", "short_label", "lobby_selectable", "alias", "settings"]
