"""Progress technologies over REST (read-only: designers edit them in the admin, cost parts inline)."""
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets

from cards.models import Technology

from cards.progress.selectors import technologies


class TechnologySerializer(serializers.ModelSerializer):
    game = serializers.SerializerMethodField()
    extension = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    costs = serializers.SerializerMethodField(help_text="One or two parts: knowledge type, amount, waiving card.")

    class Meta:
        model = Technology
        fields = ["id", "slug", "game", "extension", "name", "age", "knowledge", "costs", "description", "updated_at"]
        read_only_fields = fields

    def get_game(self, card) -> str:
        return "progress"

    def get_costs(self, card) -> list[dict]:
        return [{"knowledge": p.knowledge, "amount": p.amount, "waived_by": p.waived_by.slug if p.waived_by_id else None}
                for p in sorted(card.costs.all(), key=lambda p: p.position)]


@extend_schema(tags=["progress"])
class TechnologyViewSet(viewsets.ReadOnlyModelViewSet):
    """Progress: Evolution of Technology's technology cards (the sample set authored for this project)."""

    queryset = technologies()
    serializer_class = TechnologySerializer
    lookup_field = "slug"
    filterset_fields = ["age", "knowledge"]
    search_fields = ["name", "description"]
    ordering_fields = ["age", "name", "id"]


def progress_document():
    return {"game": "progress", "technologies": TechnologySerializer(technologies(), many=True).data}
