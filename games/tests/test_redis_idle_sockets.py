"""On Redis, sockets that stay idle (spectators, a player waiting for a slow opponent) stay open, and so do
sockets whose Redis connections are killed (a Redis restart, a failover, `CLIENT KILL`).

channels-redis waits for a socket's next message with a 5 s blocking pop; redis-py 8 reads with a 5 s
socket timeout by default, so an idle consumer's receive timed out and the socket closed with 1011
(redis/redis-py#4091). The settings give the layer's connections a longer read timeout.
"""
import asyncio

import pytest
import pytest_asyncio
from channels.layers import get_channel_layer
from django.conf import settings

from games.tests.redis_faults import kill_redis_clients, killing_connections, killing_redis_url
from games.tests.sockets import close_consumer_connections, next_frame, open_socket, sync
from games.tests.test_game_socket import start
from games.tests.test_game_socket import table  # noqa: F401  (fixture)

pytestmark = [pytest.mark.redis, pytest.mark.asyncio, pytest.mark.django_db(transaction=True), killing_connections]


@pytest.fixture(autouse=True)
def layer_of_its_own(settings):
    """The site's layer on the killing tests' database (channels drops its cached layer when this changes)."""
    layers = {**settings.CHANNEL_LAYERS}
    default = {**layers["default"], "CONFIG": {**layers["default"]["CONFIG"]}}
    default["CONFIG"]["hosts"] = [{**host, "address": killing_redis_url()} for host in default["CONFIG"]["hosts"]]
    settings.CHANNEL_LAYERS = {**layers, "default": default}

IDLE_SECONDS = 12  # two blocking pops and then some


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_consumer_connections()


async def test_the_layer_reads_longer_than_it_blocks():
    # The core layers block on a pop (`brpop_timeout`); the pub/sub layer's reader polls every 0.1 s.
    blocks = getattr(get_channel_layer(), "brpop_timeout", 0.1)
    assert all(host["socket_timeout"] > blocks for host in settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"])


async def test_idle_sockets_are_not_closed(table):  # noqa: F811
    game, ids, keys = await sync(table)()
    path = f"/ws/games/{game.code}/"
    sockets = [await open_socket(path, keys["ann"]), await open_socket(path, keys["bob"]),
               await open_socket(path, keys["eve"])] + [await open_socket(path) for _ in range(3)]
    lists = [await open_socket("/ws/games/") for _ in range(2)]
    await asyncio.sleep(IDLE_SECONDS)
    for number, socket in enumerate(sockets):
        await socket.send_json_to({"type": "ping", "ref": number})
        pong = await next_frame(socket, "pong", timeout=5)
        assert pong["ref"] == number
    for socket in lists:
        await socket.send_to(text_data="anything")
        assert (await next_frame(socket, "error", timeout=5))["code"] == "read_only"
    for socket in sockets + lists:
        await socket.disconnect()


async def test_sockets_stay_open_when_redis_drops_the_connections(table):  # noqa: F811
    # They closed with 1011, and the next handshake failed once (config/channel_layer.py retries now).
    game, ids, keys = await sync(table)()
    path = f"/ws/games/{game.code}/"
    ann, bob, eve = [await open_socket(path, keys[name]) for name in ("ann", "bob", "eve")]
    games_list = await open_socket("/ws/games/")
    await next_frame(games_list, "games")
    assert await asyncio.to_thread(kill_redis_clients, killing_redis_url()) >= 1
    await resynced(ann, bob, eve, games_list)
    await start(game, ann, bob)                          # messages through the reopened connections
    await next_frame(eve, "started", timeout=10)
    await next_frame(games_list, "games", timeout=10)
    await asyncio.to_thread(kill_redis_clients, killing_redis_url())
    late = await open_socket(path)                      # the first handshake after the kill
    await resynced(ann, bob, eve, games_list)
    await late.send_json_to({"type": "ping", "ref": 1})
    assert (await next_frame(late, "pong", timeout=5))["ref"] == 1
    await ann.send_json_to({"type": "chat", "text": "still here"})
    for socket in (ann, bob, eve, late):
        assert (await next_frame(socket, "chat", timeout=10))["message"]["text"] == "still here"
    for socket in (ann, bob, eve, late, games_list):
        await socket.disconnect()


async def resynced(*sockets, timeout=5):
    """Each socket told to catch up once the subscription is back (what was published meanwhile is lost: the
    page would ask for it with hello): game pages get `resync`, the games list the whole list again."""
    for socket in sockets:
        await next_frame(socket, "games" if socket.scope["path"] == "/ws/games/" else "resync", timeout=timeout)
