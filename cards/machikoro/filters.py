"""Query-string filters of the Machi Koro card API."""
import django_filters

from cards.machikoro.models import Establishment, Landmark


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
