from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig

from config import checks  # noqa: F401  (registers the game registry's system checks)


class DesignersAdminConfig(AdminConfig):
    default_site = "config.admin_site.DesignersAdminSite"


class SiteConfig(AppConfig):
    """The project itself as an app: its system checks (config/checks.py)."""

    name = "config"
    label = "site"
    verbose_name = "Site"
