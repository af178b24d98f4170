"""Progress technologies over REST (read-only: designers edit them in the admin, cost parts inline), and the
knowledge-cost calculator (POST, read-only)."""
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api_errors import invalid_fields_response
from cards.api_input import SafeJSONParser

from cards.progress.cost_input import MAX_COUNT, CostInput
from cards.progress.costs import KNOWLEDGE_TYPES
from cards.progress.models import Technology
from cards.progress.selectors import KnowledgeError, UnknownCards, cost_for, technologies


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


SLUGS = {"type": "array", "uniqueItems": True, "items": {"type": "string", "minLength": 1}}


def _invalid(message, fields):
    return Response({"error": {"code": "invalid", "message": message, "fields": fields}},
                    status=status.HTTP_400_BAD_REQUEST)


class ProgressCostView(APIView):
    """The knowledge cost of a technology for a player's situation: waivers, typed tokens, wild discards."""

    permission_classes = [AllowAny]  # computes, stores nothing
    throttle_scope = "calculator"  # anonymous callers included: each request may compute
    parser_classes = [SafeJSONParser]  # a calculator reads a JSON object; a form is a 415, not a guess

    @extend_schema(
        request={"application/json": {"type": "object", "additionalProperties": False, "properties": {
            "active": {**SLUGS, "description": "Slugs of active cards, each once."},
            "research": {**SLUGS, "description": "Slugs of research cards, each once and none also active."},
            "tokens": {"description": "{science|engineering|culture: count}, or a list of types.", "oneOf": [
                {"type": "object", "additionalProperties": False, "properties": {
                    kind: {"type": "integer", "minimum": 0, "maximum": MAX_COUNT} for kind in KNOWLEDGE_TYPES}},
                {"type": "array", "items": {"type": "string", "enum": list(KNOWLEDGE_TYPES)}}]},
            "discards": {"description": "Cards discarded (wild), or their list.", "oneOf": [
                {"type": "integer", "minimum": 0, "maximum": MAX_COUNT}, {"type": "array", "maxItems": MAX_COUNT}]},
        }}},
        responses={200: dict, 400: dict, 404: dict},
        examples=[OpenApiExample("Medicine without Burial", value={
            "active": ["mathematics"], "research": [], "tokens": {"culture": 1}, "discards": 1})],
        tags=["progress"],
    )  # fmt: skip
    def post(self, request, slug):
        technology = Technology.objects.prefetch_related("costs__waived_by").filter(slug=slug).first()
        if technology is None:  # name the slug, as the export does for a game (not Django's generic message)
            raise Http404(_("No technology with slug %(slug)r.") % {"slug": slug})
        if not isinstance(request.data, dict):
            message = _("Send a JSON object.")
            return _invalid(message, {"body": [{"code": "invalid", "message": message}]})
        given = CostInput(data=request.data)
        if not given.is_valid():
            return invalid_fields_response(given.errors)
        situation = given.validated_data
        try:
            result = cost_for(technology, situation["active"], situation["research"], situation["tokens"],
                              situation["discards"])
        except UnknownCards as error:
            return _invalid(str(error), {error.field: [{"code": "unknown_card", "message": f"Unknown card {s!r}."}
                                                       for s in error.slugs]})
        except KnowledgeError as error:
            return _invalid(str(error), {"situation": [{"code": "invalid", "message": str(error)}]})
        return Response(result)
