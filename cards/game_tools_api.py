"""Calculators over the card database: Progress knowledge costs and Lorenzo's final score (POST, read-only)."""
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.lorenzo.score_service import ScoreInputError, score
from cards.models import Technology
from cards.progress.selectors import KnowledgeError, UnknownCards, cost_for


def _invalid(message, fields):
    return Response({"error": {"code": "invalid", "message": message, "fields": fields}},
                    status=status.HTTP_400_BAD_REQUEST)


class ProgressCostView(APIView):
    """The knowledge cost of a technology for a player's situation: waivers, typed tokens, wild discards."""

    permission_classes = [AllowAny]  # computes, stores nothing

    @extend_schema(
        request={"application/json": {"type": "object", "properties": {
            "active": {"type": "array", "items": {"type": "string"}, "description": "Slugs of active cards."},
            "research": {"type": "array", "items": {"type": "string"}, "description": "Slugs of research cards."},
            "tokens": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
                       "description": "{science|engineering|culture: count}, or a list of types."},
            "discards": {"type": "integer", "minimum": 0, "description": "Cards discarded (wild), or their list."},
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
        data = request.data if isinstance(request.data, dict) else None
        if data is None:
            return _invalid("Send a JSON object.", {"body": [{"code": "invalid", "message": "Send a JSON object."}]})
        try:
            result = cost_for(technology, data.get("active", []), data.get("research", []), data.get("tokens", {}),
                              data.get("discards", 0))
        except UnknownCards as error:
            return _invalid(str(error), {error.field: [{"code": "unknown_card", "message": f"Unknown card {s!r}."}
                                                       for s in error.slugs]})
        except KnowledgeError as error:
            return _invalid(str(error), {"situation": [{"code": "invalid", "message": str(error)}]})
        return Response(result)


class LorenzoScoreView(APIView):
    """A player's final score in Lorenzo il Magnifico, with each line of the computation."""

    permission_classes = [AllowAny]  # computes, stores nothing

    @extend_schema(
        request={"application/json": {"type": "object", "properties": {
            "name": {"type": "string"},
            **{field: {"type": "integer", "minimum": 0} for field in
               ("victory_points", "military_points", "faith_points", "coins", "wood", "stone", "servants")},
            "cards": {"description": "Development cards (slugs or names): a list, or by type "
                                     "{territories|characters|buildings|ventures: [...]}."},
            "excommunications": {"type": "array", "items": {"type": "string"}},
            "leaders": {"type": "array", "items": {"type": "string"}},
            "rivals_military_points": {"type": "array", "items": {"type": "integer"},
                                       "description": "The other players' military points (for the track)."},
        }}},
        responses={200: dict, 400: dict},
        tags=["lorenzo"],
    )  # fmt: skip
    def post(self, request):
        try:
            return Response(score(request.data))
        except ScoreInputError as error:
            fields = {k: [{"code": "invalid", "message": m} for m in v] for k, v in error.fields.items()}
            return _invalid(str(error), fields)
