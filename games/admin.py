"""The live games in the admin, to look at: tables played on the site, who sits where. Only the games' services
change a game (games/services/), so nothing here adds, edits or deletes one."""
from django.contrib import admin

from games.api_tokens import admin as api_tokens_admin  # noqa: F401  (registers the API tokens' admin)
from games.models import Game, Seat


class ViewOnlyMixin:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(ViewOnlyMixin, admin.TabularInline):
    model = Seat
    fields = ["position", "name", "user", "guest", "bot_kind", "autopilot", "left"]
    extra = 0


@admin.register(Game)
class LiveGameAdmin(ViewOnlyMixin, admin.ModelAdmin):
    list_display = ["code", "ruleset", "status", "public", "turn", "created_at", "finished_at"]
    list_filter = ["status", "ruleset", "public"]
    search_fields = ["code", "seats__name"]
    date_hierarchy = "created_at"
    fields = ["code", "ruleset", "status", "public", ("min_players", "max_players"), "turn_seconds",
              ("host_user", "host_guest"), "turn", "created_at", "started_at", "finished_at"]
    inlines = [SeatInline]
