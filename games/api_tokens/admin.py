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

    def has_add_permission(self, request):
        return False  # made by their owners on /accounts/tokens/, where the raw token is shown once

    @admin.action(description=_("Revoke the selected tokens"))
    def revoke(self, request, queryset):
        queryset.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())
