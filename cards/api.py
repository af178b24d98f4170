"""REST endpoints: read by anyone, written by designers (see permissions.IsDesignerOrReadOnly)."""
from django.conf import settings
from django.db import transaction
from django.db.models import ProtectedError, RestrictedError
from django.http import Http404, HttpResponse
from django.utils.text import capfirst
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from cards import caching, filters, serializers
from cards.api_errors import InUse
from cards.api_input import too_large
from cards.export import export_document
from cards.language import current_language
from cards.models import CardGame, Colour, Establishment, Excommunication, Extension, IconType, Landmark


class HistoryMixin:
    @extend_schema(responses=serializers.HistoryRecordSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def history(self, request, slug=None, format=None):  # format: the router's `history.json`
        """Every change of this card: who, when and what, newest first, as one plain list."""
        card = self.get_object()
        records = card.history.select_related("history_user").order_by("-history_date", "-history_id")
        return Response(serializers.HistoryRecordSerializer(records, many=True).data)


class CachedListMixin:
    """List pages built once per card data version, URL and language (the host too: pagination links are absolute).

    JSON answers are cached rendered, so a hit costs one small query and no serializing at all. The page's ETag
    names the version, URL and language, so a client that has it gets 304 Not Modified.
    """

    def list(self, request, *args, **kwargs):
        version, language = caching.current_version(), current_language()
        renderer, url = request.accepted_renderer, request.build_absolute_uri()
        tag = caching.etag(version, "list", renderer.format, url, language)
        if caching.matches(request, tag):
            return _not_modified(tag)

        def page():
            return _plain_data(super(CachedListMixin, self).list(request, *args, **kwargs).data)

        if renderer.format != "json":
            response = Response(caching.cached(f"list:{language}:{url}", version, page))
        else:
            body = caching.cached(f"list-json:{language}:{url}", version, lambda: renderer.render(
                page(), request.accepted_media_type, {"request": request, "view": self}))
            response = HttpResponse(body, content_type=renderer.media_type)
        response["ETag"] = tag
        return response


def _not_modified(tag):
    response = Response(status=status.HTTP_304_NOT_MODIFIED)
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"   # clients keep it but ask again; the answer is then a 304
    return response


def _plain_data(data):
    """Serializer output as plain dicts and lists (what the cache stores)."""
    if isinstance(data, dict):
        return {key: _plain_data(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_plain_data(value) for value in data]
    return data


class ProtectedDeleteMixin:
    """Deleting what cards still use (an extension, colour or icon type) answers 409 naming the cards."""

    def perform_destroy(self, instance):
        try:
            with transaction.atomic():
                instance.delete()
        except (ProtectedError, RestrictedError) as exc:
            blocked = getattr(exc, "protected_objects", None) or exc.restricted_objects
            label = _('%(kind)s "%(name)s"') % {"kind": capfirst(instance._meta.verbose_name), "name": instance}
            raise InUse(label, blocked) from None


class CardGameViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = CardGame.objects.all()
    serializer_class = serializers.CardGameSerializer
    lookup_field = "slug"
    search_fields = ["name", "name_fr"]


class ExtensionViewSet(ProtectedDeleteMixin, viewsets.ModelViewSet):
    queryset = Extension.objects.select_related("game")
    serializer_class = serializers.ExtensionSerializer
    filterset_fields = {"game__slug": ["exact"], "slug": ["exact"]}
    search_fields = ["name", "name_fr"]
    ordering_fields = ["order", "name", "id"]


class ColourViewSet(ProtectedDeleteMixin, viewsets.ModelViewSet):
    queryset = Colour.objects.select_related("game")
    serializer_class = serializers.ColourSerializer
    filterset_fields = {"game__slug": ["exact"], "slug": ["exact"]}
    search_fields = ["name", "name_fr"]
    ordering_fields = ["activation_order", "name", "id"]


class IconTypeViewSet(ProtectedDeleteMixin, viewsets.ModelViewSet):
    queryset = IconType.objects.select_related("game")
    serializer_class = serializers.IconTypeSerializer
    filterset_fields = {"game__slug": ["exact"], "slug": ["exact"]}
    search_fields = ["name", "name_fr"]
    ordering_fields = ["name", "id"]


class EstablishmentViewSet(CachedListMixin, HistoryMixin, ProtectedDeleteMixin, viewsets.ModelViewSet):
    queryset = Establishment.objects.select_related("extension__game", "colour", "icon").order_by(
        "extension__order", "activation_min", "name"
    )
    serializer_class = serializers.EstablishmentSerializer
    filterset_class = filters.EstablishmentFilter
    lookup_field = "slug"
    search_fields = ["name", "name_fr", "description"]
    ordering_fields = ["name", "name_fr", "cost", "activation_min", "activation_max", "extension__order", "id"]


class LandmarkViewSet(CachedListMixin, HistoryMixin, ProtectedDeleteMixin, viewsets.ModelViewSet):
    queryset = Landmark.objects.select_related("extension__game").order_by("extension__order", "cost", "name")
    serializer_class = serializers.LandmarkSerializer
    filterset_class = filters.LandmarkFilter
    lookup_field = "slug"
    search_fields = ["name", "name_fr", "description"]
    ordering_fields = ["name", "name_fr", "cost", "extension__order", "id"]


class ExcommunicationViewSet(HistoryMixin, ProtectedDeleteMixin, viewsets.ModelViewSet):
    queryset = Excommunication.objects.select_related("extension__game")
    serializer_class = serializers.ExcommunicationSerializer
    filterset_class = filters.ExcommunicationFilter
    lookup_field = "slug"
    search_fields = ["name"]
    ordering_fields = ["name", "period", "id"]


def conditional_document(request, name, build):
    """`build()`'s document with an ETag, built once per card data version; 304 when the client has it.

    The export date in a cached document is the moment it was built (the data has not changed since).
    """
    version = caching.current_version()
    language = current_language()  # explanations and names are worded in it: cached and tagged per language
    tag = caching.etag(version, name, language)
    if caching.matches(request, tag):
        return _not_modified(tag)
    response = Response(caching.cached(f"document:{name}:{language}", version, build))
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


class ExportView(APIView):
    """The whole card database in one JSON document, with a format version and the export date."""

    @extend_schema(
        responses={200: dict, 304: None},
        parameters=[],
        description="Optional query parameter `game` (a game slug) restricts the export to one game. The "
        "answer carries an ETag; send it back in If-None-Match to get 304 Not Modified while no card changed.",
    )
    def get(self, request):
        game = request.query_params.get("game")
        if game and not CardGame.objects.filter(slug=game).exists():
            raise Http404(_("No game with slug %(slug)r.") % {"slug": game})
        return conditional_document(request, f"export:{game or ''}", lambda: export_document(game=game))


# --- Lorenzo il Magnifico cards, and card files in and out (cards/lorenzo/) -----------------------------
from rest_framework.permissions import BasePermission  # noqa: E402

from cards.export import machikoro_document  # noqa: E402
from cards.lorenzo import exporter as lorenzo_exporter  # noqa: E402
from cards.lorenzo.importer import import_files  # noqa: E402
from cards.lorenzo.vocabulary import CARD_KINDS, DEVELOPMENT, EXCOMMUNICATION, LEADER  # noqa: E402
from cards.models.lorenzo import DevelopmentCard, LeaderCard  # noqa: E402
from cards.permissions import is_designer  # noqa: E402

LORENZO_EXPORT_SETS = {"development-cards": DEVELOPMENT, "excommunications": EXCOMMUNICATION, "leader-cards": LEADER}


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
    """The import's problems in the API's error shape, fields keyed by file, plus the preview report."""
    fields = {}
    for problem in report.errors:
        entry = {"code": "invalid", **problem.as_dict()}
        entry["message"] = str(problem)
        fields.setdefault(problem.file or "import", []).append(entry)
    message = f"{report.summary()}."
    return Response(
        {"error": {"code": "invalid_cards", "message": message, "fields": fields, "report": report.as_dict()}},
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
            files = [(upload.name, upload.read()) for upload in uploads]
            options = {**request.query_params.dict(), **request.data.dict()}
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
        return Response(lorenzo_exporter.lorenzo_document())


class LorenzoSetExportView(APIView):
    """One Lorenzo card set in seed 000's JSON, byte for byte the format of cards/data/lorenzo/*.json."""

    @extend_schema(responses={200: dict}, operation_id="export_lorenzo_set")
    def get(self, request, card_set):
        if card_set not in LORENZO_EXPORT_SETS:
            raise Http404(_("No card set %(set)r; choose %(sets)s.") % {"set": card_set,
                                                                          "sets": ", ".join(LORENZO_EXPORT_SETS)})
        _lorenzo_or_404()
        kind = LORENZO_EXPORT_SETS[card_set]
        return _json_file(lorenzo_exporter.card_list(kind), lorenzo_exporter.FILE_NAMES[kind])


class MachiKoroExportView(APIView):
    """The Machi Koro cards in the format of cards/data/machikoro.json, importable as it is."""

    @extend_schema(responses={200: dict})
    def get(self, request):
        if not CardGame.objects.filter(slug=CardGame.MACHI_KORO).exists():
            raise Http404(_("No Machi Koro cards yet."))
        return conditional_document(request, "export:machi-koro-file", machikoro_document)


@csrf_exempt  # it only ever answers 404; CSRF's HTML 403 page would hide that
def api_not_found(request, path=""):
    """Any other address under /api/ answers 404 in the API's JSON error shape, not the site's HTML page."""
    from django.http import HttpResponsePermanentRedirect, JsonResponse
    from django.urls import Resolver404, resolve

    if request.method in ("GET", "HEAD") and not request.path_info.endswith("/"):
        try:
            found = resolve(request.path_info + "/").func is not api_not_found
        except Resolver404:
            found = False
        if found:  # what APPEND_SLASH did before this catch-all existed
            return HttpResponsePermanentRedirect(request.path + "/" + (f"?{request.META['QUERY_STRING']}"
                                                                       if request.META.get("QUERY_STRING") else ""))
    message = _("There is no such API endpoint or object; the endpoints are listed at /api/docs/.")
    return JsonResponse({"error": {"code": "not_found", "message": message}}, status=404)
