"""API tokens in the admin, to look at and revoke: the secret is never stored, so nothing here can show it."""
from django.contrib import admin
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.api_tokens.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["prefix", "name", "user", "guest", "created_at", "last_used_at", "expires_at", "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["key_id", "name", "user__username", "guest__nickname"]
    readonly_fields = ["user", "guest", "name", "key_id", "secret_hash", "created_at", "last_used_at", "expires_at",
                       "revoked_at"]
    actions = ["revoke"]

    # View-only as the other live-games models: made by their owners on /accounts/tokens/ (where the raw token is
    # shown once), and only revoked here.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description=_("Revoke the selected tokens"), permissions=["view"])
    def revoke(self, request, queryset):
        queryset.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())
