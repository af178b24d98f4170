"""A health WebSocket: proves the ASGI stack and the channel layer work end to end."""
import json
import uuid

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games.socket_close import DropsTrafficAfterClose
from games.socket_input import holds_lone_surrogate

MAX_FRAME_CHARS = 1024  # a ping needs little; nothing deeper than the parser's recursion limit fits either


def _not_json(name):
    raise ValueError(f"{name} is not JSON")


class HealthConsumer(DropsTrafficAfterClose, AsyncJsonWebsocketConsumer):
    """Answers ``{"ping": x}`` with ``{"pong": x, "via": "channel-layer"}``.

    The reply makes a round trip through the channel layer (a group send to a
    private group), so a passing check means the layer itself is reachable.
    Anything else gets an error reply; the socket stays open.
    """

    async def connect(self):
        self.group = f"health-{uuid.uuid4().hex}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None:
            return await self._error("bad_message", 'Send {"ping": <value>} as a text frame.')
        if len(text_data) > MAX_FRAME_CHARS:
            return await self._error("too_large", f"Frames are at most {MAX_FRAME_CHARS} characters.")
        try:
            content = json.loads(text_data, parse_constant=_not_json)
        except (ValueError, RecursionError):
            return await self._error("bad_json", "That is not JSON.")
        if not isinstance(content, dict) or "ping" not in content:
            return await self._error("bad_message", 'Send {"ping": <value>}.')
        if holds_lone_surrogate(text_data, content):  # the Redis layer cannot carry it (msgpack encodes UTF-8)
            return await self._error("bad_text", "Text must be valid Unicode: this frame holds a lone UTF-16 surrogate.")
        await self.channel_layer.group_send(self.group, {"type": "health.pong", "value": content["ping"]})

    async def _error(self, code, message):
        await self.send_json({"error": {"code": code, "message": message}})

    async def health_pong(self, event):
        await self.send_json({"pong": event["value"], "via": "channel-layer"})

    async def layer_resync(self, event):
        """The channel layer may have lost a pong (config/pubsub_layer.py): the client pings again."""
