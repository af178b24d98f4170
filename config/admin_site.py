"""The admin site: staff and members of the Designers group may sign in."""
from django.contrib.admin import AdminSite
from django.utils.translation import gettext_lazy as _

from cards.permissions import is_designer


class DesignersAdminSite(AdminSite):
    site_header = _("Card database")
    site_title = _("Card database admin")
    index_title = _("Cards and games")

    def has_permission(self, request):
        return request.user.is_active and (request.user.is_staff or is_designer(request.user))
