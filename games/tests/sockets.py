"""Helpers for socket tests: connected communicators, waiting for a frame type (sessions for players are
`helpers.session_for`)."""
import asyncio

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from config.asgi import application


# The handshake runs the consumer's database work on the shared sync thread; under a loaded parallel run
# that can take longer than the communicator's default second.
CONNECT_TIMEOUT = 10


def communicator_for(path, session_key=None):
    headers = [(b"origin", b"http://localhost")]
    if session_key:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session_key}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def open_socket(path, session_key=None):
    communicator = communicator_for(path, session_key)
    connected, _ = await communicator.connect(timeout=CONNECT_TIMEOUT)
    assert connected
    return communicator


async def refusal(path, session_key=None):
    """The close code of a socket the server accepts only to close at once, with nothing sent before it
    (so that a real client reads the code, not the HTTP 403 of a handshake closed unaccepted)."""
    communicator = communicator_for(path, session_key)
    connected, _ = await communicator.connect(timeout=CONNECT_TIMEOUT)
    assert connected
    output = await communicator.receive_output(timeout=CONNECT_TIMEOUT)
    assert output["type"] == "websocket.close", output
    return output["code"]


async def next_frame(communicator, *types, timeout=3):
    """The next frame of one of `types`, skipping others (presence and seat frames arrive at any time)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        remaining = deadline - asyncio.get_running_loop().time()
        frame = await communicator.receive_json_from(timeout=max(0.01, remaining))
        if frame["type"] in types:
            return frame


async def no_frame_except(communicator, *ignored, timeout=0.3):
    """True if nothing but frames of `ignored` types arrives within `timeout` (the socket stays open)."""
    while not await communicator.receive_nothing(timeout=timeout):
        frame = await communicator.receive_json_from()
        if frame["type"] not in ignored:
            return False
    return True


def sync(function):
    return database_sync_to_async(function)


async def close_consumer_connections():
    """Close the database connections of the threads consumers used (the shared one and the games pool).

    Django ignores close() on an in-memory SQLite connection (closing would drop the database), so that
    thread's connection is forgotten instead: the test database lives on in the main thread's connection.
    Either way, later tests that must not touch the database find no open connection in that thread."""
    from asgiref.sync import sync_to_async
    from django.db import connections

    from games import db_threads

    def close_all():
        for connection in connections.all(initialized_only=True):
            if connection.vendor == "sqlite" and connection.is_in_memory_db():
                del connections[connection.alias]
            else:
                connection.close()

    await sync_to_async(close_all)()
    pool, db_threads._DB_POOL = db_threads._DB_POOL, None
    if pool is not None:
        pool.shutdown(wait=True)
