"""REST endpoints of Valeria's tables (/api/valeria/<table>/), the presets, the banned list and a bulk export.

Same conventions as the Machi Koro endpoints (cards/machikoro/api.py): read by anyone, written by designers, slugs in URLs,
filters, search and ordering in the query string, `history/` per card.
"""
from drf_spectacular.utils import extend_schema
from rest_framework import viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api import HistoryMixin, conditional_document
from cards.language import current_language

from cards.valeria.export import banned_list, document
from cards.valeria.filters import FILTERS
from cards.valeria.models import TABLE_MODELS, ValeriaPreset
from cards.valeria.serializers import SERIALIZERS, ValeriaPresetSerializer

ORDERING = ["name", "source_id", "id"]
ORDERING_EXTRA = {"citizens": ["gold_cost", "roll_match1"], "domains": ["gold_cost", "vp_reward"],
                  "monsters": ["area", "monster_order", "strength_cost", "magic_cost", "vp_reward"],
                  "events": ["roll_match1"], "starters": ["roll_match1"]}


def viewset_for(table):
    model = TABLE_MODELS[table]
    attrs = {
        "__doc__": f"Valeria's {table}: every column of the reference table, effects in the unified grammar "
                   f"with their English. Filter with the query string; designers may write.",
        "queryset": model.objects.select_related("extension").order_by("source_id"),
        "serializer_class": SERIALIZERS[table],
        "filterset_class": FILTERS[table],
        "lookup_field": "slug",
        "search_fields": ["name", *model.searchable_fields()],
        "ordering_fields": ORDERING + ORDERING_EXTRA.get(table, []),
    }
    return extend_schema(tags=["valeria"])(
        type(f"{model.__name__}ViewSet", (HistoryMixin, viewsets.ModelViewSet), attrs))


VIEWSETS = {table: viewset_for(table) for table in TABLE_MODELS}


@extend_schema(tags=["valeria"])
class ValeriaPresetViewSet(HistoryMixin, viewsets.ModelViewSet):
    """Valeria's game presets (which cards a lobby deals), as the reference ships them."""

    queryset = ValeriaPreset.objects.all()
    serializer_class = ValeriaPresetSerializer
    lookup_field = "slug"
    search_fields = ["label", "slug"]
    ordering_fields = ["slug", "label"]
    filterset_fields = ["lobby_selectable"]


class ValeriaBannedView(APIView):
    """Cards excluded from the random deal, by table: {"dukes": [22], "relics": [7, 9, 11]} (reference ids)."""

    @extend_schema(responses={200: dict}, tags=["valeria"])
    def get(self, request):
        return Response(banned_list())


class ValeriaExportView(APIView):
    """Bulk export: every Valeria table, preset and the banned list in one document."""

    @extend_schema(
        responses={200: dict, 304: None}, tags=["valeria"], operation_id="export_valeria_document",
        description="The answer carries an ETag; send it back in If-None-Match to get 304 Not Modified while no "
        "card changed.",
    )
    def get(self, request):
        # Built once per card data version, and per language: the effects are explained in the served one.
        return conditional_document(request, f"export:valeria-file:{current_language()}", document)
