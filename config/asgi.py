"""ASGI entry point: HTTP through Django, WebSockets through Channels, and the in-process scheduler."""
import gc
import os
import sys

from config.asgi_setup import django_asgi_app  # first: it sets Django up, which the imports below need
from celery import current_app
from channels.auth import AuthMiddlewareStack
from channels.layers import get_channel_layer
from channels.routing import ProtocolTypeRouter, URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.conf import settings
from django.urls import get_resolver

from config.collector import PeriodicFullCollection
from config.routing import websocket_urlpatterns
from games import scheduler
from games.rulesets import all_rulesets

# Channels' router knows "http" and "websocket" only: the wrapper answers the ASGI lifespan (uvicorn's
# `lifespan="on"`, config/serve.py), starting the in-process scheduler (games/scheduler.py) as the server boots,
# when no Celery worker runs the jobs, and stopping it when the server stops.
application = scheduler.WithScheduler(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
))


def warm_up():
    """What the first requests and moves would otherwise import and build while players wait (the URLconf
    with every view, the channel layer, the Celery app, each game's parsers), done before serving."""
    get_resolver().url_patterns
    get_channel_layer()
    current_app.loader.import_default_modules()
    current_app.finalize(auto=True)   # else the first move that queues a job builds the app's task registry
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
