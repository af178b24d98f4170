"""Django, set up for the ASGI application: config/asgi.py imports this first, since Channels' auth middleware
and the socket routing import models, which need the apps loaded."""
import os

from config.asgi_http import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()   # Django's HTTP handler, keeping its threads (config/asgi_http.py)
