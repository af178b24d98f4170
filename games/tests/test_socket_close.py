"""A consumer's sends to a socket the client is closing are dropped quietly (games/socket_close.py).

uvicorn raises into the consumer when it sends between the client's close and the `websocket.disconnect` the
consumer has not read yet: ClientDisconnected (an OSError) while the close is in flight, "Unexpected ASGI
message ... after sending 'websocket.close'" once the server has finished it. The live server's side is
games/tests/test_socket_closing_live.py.
"""
import asyncio

import pytest
from channels.generic.websocket import AsyncWebsocketConsumer
from uvicorn.protocols.utils import ClientDisconnected

from games.socket_close import DropsTrafficAfterClose


class Consumer(DropsTrafficAfterClose, AsyncWebsocketConsumer):
    pass


def consumer_whose_server_raises(error):
    consumer = Consumer()
    calls = []

    async def base_send(message):
        calls.append(message)
        raise error

    consumer.base_send = base_send
    return consumer, calls


@pytest.mark.parametrize("error", [
    ClientDisconnected(),
    RuntimeError("Unexpected ASGI message 'websocket.send', after sending 'websocket.close' or response already "
                 "completed."),
])
def test_a_send_the_server_refuses_as_closing_is_dropped_and_the_socket_taken_as_closed(error):
    consumer, calls = consumer_whose_server_raises(error)
    asyncio.run(consumer.send(text_data="a late reply"))
    assert consumer.closed and len(calls) == 1
    asyncio.run(consumer.send(text_data="and another"))   # not even tried
    assert len(calls) == 1


def test_other_errors_are_not_hidden():
    consumer, _ = consumer_whose_server_raises(RuntimeError("something else"))
    with pytest.raises(RuntimeError, match="something else"):
        asyncio.run(consumer.send(text_data="a reply"))
    assert not consumer.closed
