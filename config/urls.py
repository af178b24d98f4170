import re

from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.generic import RedirectView
from django.templatetags.static import static as static_url

from config.docs import guide
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from django.views.i18n import JavaScriptCatalog
from django.views.static import serve as serve_file

from games.language import set_language
from games.notifications.views import settings_page as notification_settings
from games.webpush.views import service_worker

from config import health
from cards.api import api_not_found

urlpatterns = [
    path("", include("cards.urls")),
    path("health/live/", health.live, name="health-live"),
    path("health/ready/", health.ready, name="health-ready"),
    path("games/", include("games.urls")),
    path("accounts/notifications/", notification_settings, name="notification-settings"),
    path("accounts/", include("games.account_urls")),
    path("notifications/", include("games.notifications.urls")),
    path("stats/", include("stats.urls")),
    path("players/", include("games.ratings.urls")),
    path("players/", include("stats.players.urls")),
    path("admin/", admin.site.urls),
    path("i18n/setlang/", set_language, name="set_language"),
    path("i18n/catalog.js", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("api/", include("stats.api_urls")),
    path("api/", include("games.ratings.api_urls")),
    path("api/", include("cards.api_urls")),
    path("api/", include("games.api.urls")),  # programs: tokens, games, seats, events (docs/api.md "Programs")
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
    path("docs/", guide, name="docs-home"),
    path("docs/<slug:name>/", guide, name="docs"),
    path("sw.js", service_worker, name="service-worker"),  # the whole site's scope: Web Push (games/webpush/)
    path("favicon.ico", RedirectView.as_view(url=static_url("favicon.svg"), permanent=True,
                                             http_method_names=["get", "head"])),
    re_path(r"^api/(?P<path>[\s\S]*)\Z", api_not_found),  # last under /api/: a JSON 404, never the HTML page
]

if settings.SERVE_MEDIA:   # uploaded pictures, debugging or not (`make start`); a web server may take this over
    urlpatterns.append(re_path(rf"^{re.escape(settings.MEDIA_URL.lstrip('/'))}(?P<path>.*)$", serve_file,
                               {"document_root": settings.MEDIA_ROOT}))
