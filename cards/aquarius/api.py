"""REST endpoints for Aquarius cards: read by anyone, written by designers; filters; the deck export."""
import django_filters
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api import KeepsGamesPlayableMixin
from cards.export import stamped
from cards.models import CardGame, Extension
from cards.aquarius.models import AquariusCard
from cards.serializers import HistoryRecordSerializer, ModelCleanMixin

from cards.aquarius.data import DeckMissing, aquarius_document


class AquariusCardSerializer(ModelCleanMixin, serializers.ModelSerializer):
    deck = serializers.SlugRelatedField(slug_field="slug",
                                        queryset=Extension.objects.filter(game__slug=CardGame.AQUARIUS))

    class Meta:
        model = AquariusCard
        fields = ["id", "deck", "slug", "name", "kind", "panels", "action", "order", "updated_at"]
        read_only_fields = ["updated_at"]


class AquariusCardFilter(django_filters.FilterSet):
    deck = django_filters.CharFilter(field_name="deck__slug", label="Deck slug")
    card = django_filters.CharFilter(field_name="slug", label="Card id (w_a_1 ...)")
    element = django_filters.CharFilter(field_name="panels", lookup_expr="contains",
                                        label="Shows this element (a, e, f, w or v)")

    class Meta:
        model = AquariusCard
        fields = ["deck", "card", "kind", "action", "element"]


class AquariusCardViewSet(KeepsGamesPlayableMixin, viewsets.ModelViewSet):
    queryset = AquariusCard.objects.select_related("deck").order_by("deck__order", "order", "id")
    serializer_class = AquariusCardSerializer
    filterset_class = AquariusCardFilter
    search_fields = ["slug", "name"]
    ordering_fields = ["order", "slug", "name", "kind", "id"]

    @extend_schema(responses=HistoryRecordSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])  # a plain list, as HistoryMixin
    def history(self, request, pk=None, format=None):  # format: the router's `history.json`
        """Every change of this card: who, when and what."""
        card = self.get_object()
        records = card.history.select_related("history_user").order_by("-history_date", "-history_id")
        return Response(HistoryRecordSerializer(records, many=True).data)


class AquariusExportView(APIView):
    """Every Aquarius deck (or `?deck=slug`) in the format of cards/data/aquarius.json, loadable as it is."""

    @extend_schema(responses={200: dict}, operation_id="export_aquarius_document")
    def get(self, request):
        if not CardGame.objects.filter(slug=CardGame.AQUARIUS).exists():
            raise Http404("No Aquarius cards yet.")
        try:
            return Response(stamped(aquarius_document(deck=request.query_params.get("deck") or None)))
        except DeckMissing as exc:
            raise Http404(str(exc)) from None
