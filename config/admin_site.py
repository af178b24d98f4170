"""The admin site: staff and members of the Designers group may sign in; its front page lists the models in
sections a designer looks for (config/admin_sections.py), each game's cards under the game's name."""
from django.contrib.admin import AdminSite
from django.utils.translation import gettext_lazy as _

from cards.permissions import is_designer

from config.admin_sections import front_page_sections


class DesignersAdminSite(AdminSite):
    site_header = _("Card database")
    site_title = _("Card database admin")
    index_title = _("Cards and games")

    def has_permission(self, request):
        return request.user.is_active and (request.user.is_staff or is_designer(request.user))

    def get_app_list(self, request, app_label=None):
        """The front page and the side navigation in sections; an application's own page as Django lists it."""
        if app_label is not None:
            return super().get_app_list(request, app_label)
        entries = [entry for app in super().get_app_list(request) for entry in app["models"]]
        return front_page_sections(entries)
