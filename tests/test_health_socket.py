import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application

# Through the channel layer, so through Redis under make test-services: run there too (docs/operations.md, "CI").
pytestmark = pytest.mark.services


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


@pytest.mark.asyncio
@pytest.mark.parametrize("frame, code", [
    ({"text_data": "{oops"}, "bad_json"),
    ({"text_data": '{"ping": NaN}'}, "bad_json"),
    ({"text_data": "[" * 100_000 + "]" * 100_000}, "too_large"),
    ({"text_data": '{"ping": "' + "x" * 2000 + '"}'}, "too_large"),
    ({"bytes_data": b"\x00\x01"}, "bad_message"),
    ({"text_data": '{"ping": "\\ud800"}'}, "bad_text"),  # closed the socket on the Redis layer (msgpack)
])
async def test_garbage_gets_an_error_and_the_socket_stays_open(frame, code):
    """Non-JSON, deep nesting and binary frames closed the socket with 1011 (an exception in the consumer)."""
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=[(b"origin", b"http://localhost")])
    connected, _ = await communicator.connect()
    assert connected
    await communicator.send_to(**frame)
    assert (await communicator.receive_json_from())["error"]["code"] == code
    await communicator.send_json_to({"ping": 1})
    assert await communicator.receive_json_from() == {"pong": 1, "via": "channel-layer"}
    await communicator.disconnect()
