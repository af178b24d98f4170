"""Valeria's cards as one document (the bulk export, GET /api/export/valeria/ and the whole database's export), and
the banned-card list."""
from cards.export import stamped

from cards.valeria.models import VALERIA_TABLES, ValeriaPreset
from cards.valeria.serializers import SERIALIZERS, ValeriaPresetSerializer


def banned_list():
    """The banned-card list in the reference's shape: {table: [source ids]} for every table with a banned card."""
    banned = {}
    for model in VALERIA_TABLES:
        ids = list(model.objects.filter(banned=True).order_by("source_id").values_list("source_id", flat=True))
        if ids:
            banned[model.table] = ids
    return banned


def document():
    """Every Valeria card, the presets and the banned list, in one JSON document (the bulk export)."""
    tables = {}
    for model in VALERIA_TABLES:
        serializer = SERIALIZERS[model.table]
        cards = model.objects.select_related("extension").order_by("source_id")
        tables[model.table] = serializer(cards, many=True).data
    presets = ValeriaPresetSerializer(ValeriaPreset.objects.all(), many=True).data
    return stamped({"game": "valeria", "tables": tables, "presets": presets, "banned": banned_list()})
