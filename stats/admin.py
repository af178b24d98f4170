from django.contrib import admin, messages
from django.utils.translation import gettext_lazy, ngettext

from stats.models import GameStatistics, PlayerResult, SiteStatistics
from stats.services import StatisticsUnavailable, request_statistics


@admin.register(GameStatistics)
class GameStatisticsAdmin(admin.ModelAdmin):
    list_display = ("game", "status", "version", "attempts", "computed_at", "aggregated")
    list_filter = ("status", "aggregated", "version")
    search_fields = ("game__code",)
    readonly_fields = ("game", "status", "result", "error", "version", "attempts", "queued_at", "computed_at",
                       "site_contribution", "aggregated")
    actions = ["compute_again"]

    @admin.action(description=gettext_lazy("Compute the statistics again"))
    def compute_again(self, request, queryset):
        queued = 0
        for statistics in queryset.select_related("game"):
            try:
                request_statistics(statistics.game)
            except StatisticsUnavailable as exc:
                self.message_user(request, f"{statistics.game.code}: {exc}", messages.WARNING)
            else:
                queued += 1
        self.message_user(request, ngettext("%(count)d computation queued.", "%(count)d computations queued.", queued)
                          % {"count": queued})

    def has_add_permission(self, request):
        return False


class ComputedMixin:
    """Computed from finished games (stats/services.py), never typed in: looked at, not added or edited."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(PlayerResult)
class PlayerResultAdmin(ComputedMixin, admin.ModelAdmin):
    list_display = ("game", "seat", "name", "order", "players", "won", "turns")
    list_filter = ("won", "players")
    search_fields = ("name", "game__code")
    raw_id_fields = ("game", "user", "guest")


@admin.register(SiteStatistics)
class SiteStatisticsAdmin(ComputedMixin, admin.ModelAdmin):
    list_display = ("__str__", "refreshed_at")
    readonly_fields = ("totals", "games", "refreshed_at")
