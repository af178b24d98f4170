import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application


@pytest.mark.asyncio
async def test_health_socket_round_trips_through_the_channel_layer():
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=[(b"origin", b"http://localhost")])
    connected, _ = await communicator.connect()
    assert connected
    await communicator.send_json_to({"ping": 42})
    assert await communicator.receive_json_from() == {"pong": 42, "via": "channel-layer"}
    await communicator.send_json_to(["not", "a", "ping"])
    reply = await communicator.receive_json_from()
    assert reply["error"]["code"] == "bad_message"
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_foreign_origin_is_refused():
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=[(b"origin", b"http://evil.example")])
    connected, _ = await communicator.connect()
    assert not connected
