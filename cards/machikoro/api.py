"""REST endpoints of the Machi Koro cards: colours, icon types, establishments, landmarks and their card file."""
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import viewsets
from rest_framework.views import APIView

from cards.api import (CachedListMixin, HistoryMixin, KeepsGamesPlayableMixin, ProtectedDeleteMixin,
                       conditional_document)
from cards.export import stamped
from cards.models import CardGame

from cards.machikoro import filters, serializers
from cards.machikoro.export import document
from cards.machikoro.models import Colour, Establishment, IconType, Landmark


class ColourViewSet(KeepsGamesPlayableMixin, ProtectedDeleteMixin, viewsets.ModelViewSet):
    queryset = Colour.objects.select_related("game")
    serializer_class = serializers.ColourSerializer
    filterset_fields = {"game__slug": ["exact"], "slug": ["exact"]}
    search_fields = ["name", "name_fr"]
    ordering_fields = ["activation_order", "name", "id"]


class IconTypeViewSet(KeepsGamesPlayableMixin, ProtectedDeleteMixin, viewsets.ModelViewSet):
    queryset = IconType.objects.select_related("game")
    serializer_class = serializers.IconTypeSerializer
    filterset_fields = {"game__slug": ["exact"], "slug": ["exact"]}
    search_fields = ["name", "name_fr"]
    ordering_fields = ["name", "id"]


class EstablishmentViewSet(CachedListMixin, HistoryMixin, KeepsGamesPlayableMixin, ProtectedDeleteMixin,
                          viewsets.ModelViewSet):
    queryset = Establishment.objects.select_related("extension__game", "colour", "icon").order_by(
        "extension__order", "activation_min", "name"
    )
    serializer_class = serializers.EstablishmentSerializer
    filterset_class = filters.EstablishmentFilter
    lookup_field = "slug"
    search_fields = ["name", "name_fr", "description"]
    ordering_fields = ["name", "name_fr", "cost", "activation_min", "activation_max", "extension__order", "id"]


class LandmarkViewSet(CachedListMixin, HistoryMixin, KeepsGamesPlayableMixin, ProtectedDeleteMixin,
                      viewsets.ModelViewSet):
    queryset = Landmark.objects.select_related("extension__game").order_by("extension__order", "cost", "name")
    serializer_class = serializers.LandmarkSerializer
    filterset_class = filters.LandmarkFilter
    lookup_field = "slug"
    search_fields = ["name", "name_fr", "description"]
    ordering_fields = ["name", "name_fr", "cost", "extension__order", "id"]


class MachiKoroExportView(APIView):
    """The Machi Koro cards in the format of cards/data/machikoro.json, importable as it is."""

    @extend_schema(responses={200: dict})
    def get(self, request):
        if not CardGame.objects.filter(slug=CardGame.MACHI_KORO).exists():
            raise Http404(_("No Machi Koro cards yet."))
        return conditional_document(request, "export:machi-koro-file", lambda: stamped(document()))
