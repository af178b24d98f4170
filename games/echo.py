"""The echo socket: the benchmark's baseline (bench/live.py), a plain Channels echo with no game behind it."""
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games.socket_close import DropsTrafficAfterClose
from games.socket_input import MAX_MESSAGE_CHARS


class EchoConsumer(DropsTrafficAfterClose, AsyncWebsocketConsumer):
    """/ws/echo/<room>/: a plain Channels echo through the layer to everyone in a room (bench baseline)."""

    async def connect(self):
        if not settings.DEBUG and not getattr(settings, "GAMES_ECHO_SOCKET", False):
            await self.close(code=4404)
            return
        self.group = f"echo-{self.scope['url_route']['kwargs']['room']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None or len(text_data) > MAX_MESSAGE_CHARS:
            return
        await self.channel_layer.group_send(self.group, {"type": "echo.message", "text": text_data})

    async def echo_message(self, event):
        await self.send(text_data=event["text"])

    async def layer_resync(self, event):
        """The channel layer may have lost echoes (config/pubsub_layer.py): an echo has no state to restore."""
