"""Query-string filters of the Lorenzo il Magnifico card API."""
import django_filters

from cards.lorenzo.models import DevelopmentCard, Excommunication, LeaderCard


class ExcommunicationFilter(django_filters.FilterSet):
    extension = django_filters.CharFilter(field_name="extension__slug")

    class Meta:
        model = Excommunication
        fields = ["period", "extension", "instant_effect", "permanent_effect"]


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
