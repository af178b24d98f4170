"""REST endpoints of Lorenzo il Magnifico's cards (read-only: written by import), card files in and out
(POST /api/import/, the exports; docs/api.md "Importing and exporting card files") and the score calculator."""
from django.conf import settings
from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api import HistoryMixin, ProtectedDeleteMixin
from cards.api_input import SafeJSONParser, too_large
from cards.export import stamped
from cards.models import CardGame
from cards.permissions import is_designer

from cards.lorenzo import exporter as lorenzo_exporter
from cards.lorenzo import filters, serializers
from cards.lorenzo.importer import MAX_FILES_PER_IMPORT, TOO_MANY_FILES, import_files, too_many_files
from cards.lorenzo.models import DevelopmentCard, Excommunication, LeaderCard
from cards.lorenzo.reading import TOO_MANY_ENTRIES
from cards.lorenzo import score_input
from cards.lorenzo.score_service import COUNTS, ScoreInputError, score
from cards.lorenzo.vocabulary import CARD_KINDS, DEVELOPMENT, EXCOMMUNICATION, LEADER

LIMIT_CODES = (TOO_MANY_FILES, TOO_MANY_ENTRIES)
EXPORT_SETS = {"development-cards": DEVELOPMENT, "excommunications": EXCOMMUNICATION, "leader-cards": LEADER}


class DesignersOnly(BasePermission):
    message = gettext_lazy("Only designers (staff or members of the Designers group) may import cards.")

    def has_permission(self, request, view):
        return is_designer(request.user)


class DevelopmentCardViewSet(HistoryMixin, viewsets.ReadOnlyModelViewSet):
    """Lorenzo's development cards with their effects in English; written through POST /api/import/."""

    queryset = DevelopmentCard.objects.select_related("extension__game").prefetch_related("effects").order_by("id")
    serializer_class = serializers.DevelopmentCardSerializer
    filterset_class = filters.DevelopmentCardFilter
    lookup_field = "slug"
    search_fields = ["name", "source_name"]
    ordering_fields = ["name", "period", "card_type", "id"]


class LeaderCardViewSet(HistoryMixin, viewsets.ReadOnlyModelViewSet):
    """Lorenzo's leader cards with their effects in English; written through POST /api/import/."""

    queryset = LeaderCard.objects.select_related("extension__game").prefetch_related("effects").order_by("id")
    serializer_class = serializers.LeaderCardSerializer
    filterset_class = filters.LeaderCardFilter
    lookup_field = "slug"
    search_fields = ["name", "source_name"]
    ordering_fields = ["name", "id"]


def _yes(value):
    return str(value).lower() in ("1", "true", "yes", "on")


def _refusal(report):
    """The import's problems in the API's error shape, fields keyed by file, plus the preview report. An import over
    a limit (files, entries) answers with the limit's code and names it in its message."""
    fields = {}
    for problem in report.errors:
        entry = {"code": problem.code, **problem.as_dict()}
        entry["message"] = str(problem)
        fields.setdefault(problem.file or "import", []).append(entry)
    over_limit = next((problem for problem in report.errors if problem.code in LIMIT_CODES), None)
    code, message = ("invalid_cards", f"{report.summary()}.") if over_limit is None else (over_limit.code, str(over_limit))
    return Response(
        {"error": {"code": code, "message": message, "fields": fields, "report": report.as_dict()}},
        status=status.HTTP_400_BAD_REQUEST,
    )


class CardImportView(APIView):
    """Import card files, all or nothing (designers only); ``dry_run`` returns the preview without writing."""

    permission_classes = [DesignersOnly]

    @extend_schema(
        request={"multipart/form-data": {"type": "object", "properties": {"files": {"type": "array", "items": {
            "type": "string", "format": "binary"}}, "dry_run": {"type": "boolean"}, "kind": {"type": "string",
            "enum": list(CARD_KINDS)}}}, "application/json": {"type": "object"}},
        responses={200: dict, 400: dict},
        description="Send files as multipart `files` (several allowed), or one JSON document as the request body "
        "(name it with `?name=`). `dry_run=true` previews; `kind=` names the kind of a Lorenzo card list.",
    )  # fmt: skip
    def post(self, request):
        if request.content_type.startswith("multipart/"):
            uploads = request.FILES.getlist("files") + request.FILES.getlist("file")
            if any(upload.size > settings.DATA_UPLOAD_MAX_MEMORY_SIZE for upload in uploads):
                raise too_large()
            options = {**request.query_params.dict(), **request.data.dict()}
            if len(uploads) > MAX_FILES_PER_IMPORT:  # refused before any file is read
                return _refusal(too_many_files(len(uploads), _yes(options.get("dry_run"))))
            files = [(upload.name, upload.read()) for upload in uploads]
        else:
            files = [(request.query_params.get("name", "request body"), request.body)]
            options = request.query_params.dict()
        if not files:
            return Response(
                {"error": {"code": "invalid", "message": _("Send at least one file (multipart field `files`).")}},
                status=status.HTTP_400_BAD_REQUEST,
            )
        kind = options.get("kind") or None
        if kind is not None and kind not in CARD_KINDS:
            return Response(
                {"error": {"code": "invalid", "message": _("kind must be one of %(kinds)s.") % {"kinds": ", ".join(CARD_KINDS)},
                           "fields": {"kind": [{"code": "invalid_choice",
                                                "message": _("Unknown kind %(kind)r.") % {"kind": kind}}]}}},
                status=status.HTTP_400_BAD_REQUEST,
            )  # fmt: skip
        report = import_files(files, kind=kind, user=request.user, dry_run=_yes(options.get("dry_run")), reason="Imported (API)")
        if not report.ok:
            return _refusal(report)
        return Response(report.as_dict())


def _lorenzo_or_404():
    if not CardGame.objects.filter(slug=CardGame.LORENZO).exists():
        raise Http404(_("No Lorenzo il Magnifico cards yet."))


def _json_file(document, file_name):
    response = HttpResponse(lorenzo_exporter.dumps(document), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{file_name}"'
    return response


class LorenzoExportView(APIView):
    """Lorenzo's three card sets in one document (``"format": "lorenzo-cards"``), importable as it is."""

    @extend_schema(responses={200: dict}, operation_id="export_lorenzo_document")
    def get(self, request):
        _lorenzo_or_404()
        return Response(stamped(lorenzo_exporter.lorenzo_document()))


class LorenzoSetExportView(APIView):
    """One Lorenzo card set in seed 000's JSON, byte for byte the format of cards/data/lorenzo/*.json."""

    @extend_schema(responses={200: dict}, operation_id="export_lorenzo_set")
    def get(self, request, card_set):
        if card_set not in EXPORT_SETS:
            raise Http404(_("No card set %(set)r; choose %(sets)s.") % {"set": card_set,
                                                                          "sets": ", ".join(EXPORT_SETS)})
        _lorenzo_or_404()
        kind = EXPORT_SETS[card_set]
        return _json_file(lorenzo_exporter.card_list(kind), lorenzo_exporter.FILE_NAMES[kind])


def _invalid(message, fields):
    return Response({"error": {"code": "invalid", "message": message, "fields": fields}},
                    status=status.HTTP_400_BAD_REQUEST)


class ExcommunicationViewSet(HistoryMixin, ProtectedDeleteMixin, viewsets.ModelViewSet):
    queryset = Excommunication.objects.select_related("extension__game")
    serializer_class = serializers.ExcommunicationSerializer
    filterset_class = filters.ExcommunicationFilter
    lookup_field = "slug"
    search_fields = ["name"]
    ordering_fields = ["name", "period", "id"]


def card_names(most):
    """The OpenAPI schema of a list of card slugs or names."""
    return {"type": "array", "maxItems": most, "uniqueItems": True, "items": {"type": "string", "minLength": 1}}


class LorenzoScoreView(APIView):
    """A player's final score in Lorenzo il Magnifico, with each line of the computation."""

    permission_classes = [AllowAny]  # computes, stores nothing
    throttle_scope = "calculator"  # anonymous callers included: each request looks cards up
    parser_classes = [SafeJSONParser]  # a calculator reads a JSON object; a form is a 415, not a guess

    @extend_schema(
        request={"application/json": {"type": "object", "additionalProperties": False, "properties": {
            "name": {"type": "string", "nullable": True},
            **{field: {"type": "integer", "minimum": 0, "maximum": score_input.MAX_COUNT} for field in COUNTS},
            "cards": {"description": "Development cards (slugs or names): a list, or by type "
                                     "{territories|characters|buildings|ventures: [...]}; at most 6 of each type, "
                                     "each card once.", "oneOf": [
                card_names(score_input.MAX_PER_CARD_TYPE * score_input.CARD_TYPE_COUNT),
                {"type": "object", "additionalProperties": False, "properties": {
                    key: card_names(score_input.MAX_PER_CARD_TYPE) for key in score_input.TYPE_KEYS}}]},
            "excommunications": card_names(score_input.MAX_EXCOMMUNICATIONS),
            "leaders": card_names(score_input.MAX_LEADERS),
            "rivals_military_points": {"type": "array", "maxItems": score_input.MAX_RIVALS, "items": {
                "type": "integer", "minimum": 0, "maximum": score_input.MAX_COUNT},
                "description": "The other players' military points (for the track)."},
        }}},
        responses={200: dict, 400: dict},
        tags=["lorenzo"],
    )  # fmt: skip
    def post(self, request):
        try:
            return Response(score(request.data))
        except ScoreInputError as error:
            fields = {k: [{"code": getattr(m, "code", "invalid"), "message": str(m)} for m in v]
                      for k, v in error.fields.items()}
            return _invalid(str(error), fields)
