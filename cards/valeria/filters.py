"""Query-string filters of the Valeria API (and the admin's sidebar filters): box, banned, each table's own columns."""
import django_filters
from django.db.models import Q

from cards.valeria.models import TABLE_MODELS

# Columns worth filtering on, per table (exact match; numbers also take _min/_max where listed).
EXACT = {
    "citizens": ["roll_match1", "roll_match2", "gold_cost", "special_citizen", "shadow_count", "holy_count",
                 "soldier_count", "worker_count"],
    "starters": ["roll_match1"],
    "domains": ["gold_cost", "vp_reward", "has_activation_effect", "has_passive_effect"],
    "monsters": ["area", "monster_type", "has_special_reward", "has_special_cost", "is_extra"],
    "events": ["roll_match1", "is_monster", "monster_type", "has_roll_effect", "has_activation_effect",
               "has_passive_effect"],
    "dukes": [],  # every column is a multiplier: nothing worth a sidebar filter
    "nobles": ["has_special_duke_payout"],
    "agents": [],
    "relics": ["consumes_action"],
}
RANGES = {"citizens": ["gold_cost"], "domains": ["gold_cost"], "monsters": ["strength_cost", "magic_cost"]}


class ValeriaCardFilter(django_filters.FilterSet):
    extension = django_filters.CharFilter(field_name="extension__slug", label="Extension slug")
    has_effect = django_filters.BooleanFilter(method="filter_has_effect", label="Has at least one effect string")

    def filter_has_effect(self, queryset, name, value):
        has = Q()
        for column in queryset.model.effect_fields():
            has |= ~Q(**{column: ""})
        return queryset.filter(has) if value else queryset.exclude(has)


def filter_for(table):
    model = TABLE_MODELS[table]
    attrs = {}
    for column in RANGES.get(table, []):
        attrs[f"{column}_min"] = django_filters.NumberFilter(field_name=column, lookup_expr="gte")
        attrs[f"{column}_max"] = django_filters.NumberFilter(field_name=column, lookup_expr="lte")
    meta = type("Meta", (), {"model": model, "fields": ["extension", "banned", "has_effect", *EXACT[table],
                                                          *attrs]})
    return type(f"{model.__name__}Filter", (ValeriaCardFilter,), {**attrs, "Meta": meta})


FILTERS = {table: filter_for(table) for table in TABLE_MODELS}
