"""Query-string filters of the card API."""
import django_filters

from cards.models import Establishment, Excommunication, Landmark


class EstablishmentFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="extension__game__slug", label="Game slug")
    extension = django_filters.CharFilter(field_name="extension__slug", label="Extension slug")
    colour = django_filters.CharFilter(field_name="colour__slug", label="Colour slug")
    icon = django_filters.CharFilter(field_name="icon__slug", label="Icon type slug")
    activation = django_filters.NumberFilter(method="filter_activation", label="Fires on this dice total")
    cost_min = django_filters.NumberFilter(field_name="cost", lookup_expr="gte")
    cost_max = django_filters.NumberFilter(field_name="cost", lookup_expr="lte")

    class Meta:
        model = Establishment
        fields = ["game", "extension", "colour", "icon", "activation", "cost_min", "cost_max", "major", "cost"]

    def filter_activation(self, queryset, name, value):
        return queryset.filter(activation_min__lte=value, activation_max__gte=value)


class LandmarkFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="extension__game__slug")
    extension = django_filters.CharFilter(field_name="extension__slug")
    cost_min = django_filters.NumberFilter(field_name="cost", lookup_expr="gte")
    cost_max = django_filters.NumberFilter(field_name="cost", lookup_expr="lte")

    class Meta:
        model = Landmark
        fields = ["game", "extension", "cost_min", "cost_max", "starts_built", "counts_toward_win", "cost"]


class ExcommunicationFilter(django_filters.FilterSet):
    extension = django_filters.CharFilter(field_name="extension__slug")

    class Meta:
        model = Excommunication
        fields = ["period", "extension", "instant_effect", "permanent_effect"]


# --- Lorenzo il Magnifico: development and leader cards ---------------------------------------------
from cards.models.lorenzo import DevelopmentCard, LeaderCard  # noqa: E402


class LorenzoCardFilter(django_filters.FilterSet):
    extension = django_filters.CharFilter(field_name="extension__slug", label="Extension slug")
    effect = django_filters.CharFilter(method="filter_effect", label="Has an effect of this type (ADD, CHANGE ...)")

    def filter_effect(self, queryset, name, value):
        return queryset.filter(effects__effect_type=value.upper()).distinct()


class DevelopmentCardFilter(LorenzoCardFilter):
    class Meta:
        model = DevelopmentCard
        fields = ["card_type", "period", "extension", "effect"]


class LeaderCardFilter(LorenzoCardFilter):
    class Meta:
        model = LeaderCard
        fields = ["extension", "effect"]
