"""The admin site: staff and members of the Designers group may sign in."""
from django.contrib.admin import AdminSite

from cards.permissions import is_designer


class DesignersAdminSite(AdminSite):
    site_header = "Card database"
    site_title = "Card database admin"
    index_title = "Cards and games"

    def has_permission(self, request):
        return request.user.is_active and (request.user.is_staff or is_designer(request.user))
