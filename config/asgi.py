"""ASGI entry point: HTTP through Django, WebSockets through Channels, and the in-process scheduler."""
import gc
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
from config.asgi_http import get_asgi_application  # noqa: E402  (Django's, keeping its threads)

django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from django.conf import settings  # noqa: E402

from config.collector import PeriodicFullCollection  # noqa: E402
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


def warm_up():
    """What the first requests and moves would otherwise import and build while players wait (the URLconf
    with every view, the channel layer, the Celery app, each game's parsers), done before serving."""
    from channels.layers import get_channel_layer
    from django.urls import get_resolver

    from config.celery import app as celery_app
    from games.rulesets import all_rulesets

    get_resolver().url_patterns
    get_channel_layer()
    celery_app.loader.import_default_modules()
    celery_app.finalize(auto=True)   # else the first move that queues a job builds the app's task registry
    for ruleset in all_rulesets():
        ruleset.warm_up()


warm_up()

# Everything loaded so far (Django, the apps and their modules) lives as long as the process: kept out of the
# cyclic collector's full passes, which otherwise walk it all (tens of milliseconds on a busy host) every few
# hundred moves, stalling every game this process serves.
gc.freeze()

# What it tracks after that (a few hundred sockets' objects) is walked on a clock, not on allocations, and
# mostly only what came since the last pass: each pass holds every socket of the process (config/collector.py).
PeriodicFullCollection(settings.GAMES_GC_FULL_PASS_SECONDS).start()

# A database thread that holds the GIL keeps the event loop (every socket of the process) waiting for up to
# this long each time; CPython's 5 ms default, paid at every round trip of a move, set the latency tail.
sys.setswitchinterval(float(os.environ.get("GAMES_GIL_SWITCH_INTERVAL", "0.001")))
