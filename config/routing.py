"""WebSocket routes of every app, gathered in one place."""
from django.urls import path

from config.consumers import HealthConsumer
from games.routing import websocket_urlpatterns as games_websocket_urlpatterns

websocket_urlpatterns = [
    path("ws/health/", HealthConsumer.as_asgi()),
    *games_websocket_urlpatterns,
]
