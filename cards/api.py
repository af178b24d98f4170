"""REST endpoints: read by anyone, written by designers (see permissions.IsDesignerOrReadOnly).

The generic ones (games, extensions, the whole export) and the mixins every game's endpoints use
(cards/<game>/api.py).
"""
from django.db import transaction
from django.db.models import ProtectedError, RestrictedError
from django.http import Http404, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from cards import caching, serializers
from cards.api_errors import InUse
from cards.api_schema import ERROR_DESCRIPTIONS, WRITE_METHODS, CardAPISchema
from cards.export import export_document
from cards.integrity import api_refusal, keeping_games_playable
from cards.language import current_language
from cards.models import CardGame, Extension


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


IN_USE_409 = ERROR_DESCRIPTIONS[409]
UNPLAYABLE_409 = ("`unplayable`: the write would leave a live game's official cards unable to start (a starting card, "
                  "a card an effect needs, the cards a full table needs); `breaks` lists the game, choice and reason.")


class PlayableWritesSchema(CardAPISchema):
    """Every write of these endpoints may answer 409: `unplayable` (a game could no longer start), or for a
    delete `in_use`."""

    def error_statuses(self):
        return super().error_statuses() | ({409} if self.method in WRITE_METHODS else set())

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if "409" in responses:
            described = f"{IN_USE_409} {UNPLAYABLE_409}" if self.method == "DELETE" else UNPLAYABLE_409
            responses["409"]["description"] = described
        return responses


class KeepsGamesPlayableMixin:
    """A write that would leave a live game unable to start answers 409 naming why, and writes nothing
    (cards/integrity.py: the same check as the admin, the loaders and the draft publish)."""

    schema = PlayableWritesSchema()

    def perform_create(self, serializer):
        values = serializer.validated_data
        what = values.get("name") or values.get("slug") or capfirst(serializer.Meta.model._meta.verbose_name)
        with api_refusal(), keeping_games_playable(_("%(what)s cannot be added") % {"what": what}, values):
            super().perform_create(serializer)

    def perform_update(self, serializer):
        refused = _("This change to %(what)s is refused") % {"what": serializer.instance}
        with api_refusal(), keeping_games_playable(refused, serializer.instance, serializer.validated_data):
            super().perform_update(serializer)

    def perform_destroy(self, instance):
        with api_refusal(), keeping_games_playable(_("%(what)s cannot be deleted") % {"what": instance}, instance):
            super().perform_destroy(instance)


class CardGameViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = CardGame.objects.all()
    serializer_class = serializers.CardGameSerializer
    lookup_field = "slug"
    search_fields = ["name", "name_fr"]


class ExtensionViewSet(KeepsGamesPlayableMixin, ProtectedDeleteMixin, viewsets.ModelViewSet):
    queryset = Extension.objects.select_related("game")
    serializer_class = serializers.ExtensionSerializer
    filterset_fields = {"game__slug": ["exact"], "slug": ["exact"]}
    search_fields = ["name", "name_fr"]
    ordering_fields = ["order", "name", "id"]


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


@csrf_exempt  # it only ever answers 404; CSRF's HTML 403 page would hide that
def api_not_found(request, path=""):
    """Any other address under /api/ answers 404 in the API's JSON error shape, not the site's HTML page."""
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
