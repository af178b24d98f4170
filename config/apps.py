from django.contrib.admin.apps import AdminConfig


class DesignersAdminConfig(AdminConfig):
    default_site = "config.admin_site.DesignersAdminSite"
