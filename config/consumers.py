"""A health WebSocket: proves the ASGI stack and the channel layer work end to end."""
import uuid

from channels.generic.websocket import AsyncJsonWebsocketConsumer


class HealthConsumer(AsyncJsonWebsocketConsumer):
    """Answers ``{"ping": x}`` with ``{"pong": x, "via": "channel-layer"}``.

    The reply makes a round trip through the channel layer (a group send to a
    private group), so a passing check means the layer itself is reachable.
    """

    async def connect(self):
        self.group = f"health-{uuid.uuid4().hex}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        if not isinstance(content, dict) or "ping" not in content:
            await self.send_json({"error": {"code": "bad_message", "message": 'Send {"ping": <value>}.'}})
            return
        await self.channel_layer.group_send(self.group, {"type": "health.pong", "value": content["ping"]})

    async def health_pong(self, event):
        await self.send_json({"pong": event["value"], "via": "channel-layer"})
