"""ASGI entry point: HTTP through Django, WebSockets through Channels, and the in-process scheduler."""
import gc
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
from config.asgi_http import get_asgi_application  # noqa: E402  (Django's, keeping its threads)

django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402
from games import scheduler  # noqa: E402

# The in-process scheduler (games/scheduler.py) starts with the server when no Celery worker runs the jobs.
application = scheduler.WithScheduler(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
))
scheduler.start_with_daphne()

# Everything loaded so far (Django, the apps and their modules) lives as long as the process: kept out of the
# cyclic collector's full passes, which otherwise walk it all (tens of milliseconds on a busy host) every few
# hundred moves, stalling every game this process serves.
gc.freeze()
