"""WebSocket routes of live games (included in config/routing.py)."""
from django.urls import path

from games.consumers import GameConsumer, OpenGamesConsumer
from games.echo import EchoConsumer
from games.notifications.consumers import NotificationsConsumer
from games.rpc.consumer import RpcConsumer

websocket_urlpatterns = [
    path("ws/games/", OpenGamesConsumer.as_asgi()),
    path("ws/games/<slug:code>/", GameConsumer.as_asgi()),
    path("ws/games/<slug:code>/rpc/", RpcConsumer.as_asgi()),
    path("ws/echo/<slug:room>/", EchoConsumer.as_asgi()),
    path("ws/notifications/", NotificationsConsumer.as_asgi()),
]
