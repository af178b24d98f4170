"""The lean core layer (config/channel_layer.py) against Redis: two layers stand for two processes."""
import asyncio
import os
import uuid

import pytest
import pytest_asyncio
from channels_redis.core import RedisChannelLayer
from redis.exceptions import MaxConnectionsError

from config.channel_layer import RESTORE_BACKUP_SCRIPT, LeanRedisChannelLayer

pytestmark = [pytest.mark.redis, pytest.mark.asyncio]


@pytest_asyncio.fixture
async def layers():
    prefix = f"test-lean-{uuid.uuid4().hex[:8]}"
    made = [LeanRedisChannelLayer(hosts=[os.environ["REDIS_URL"]], prefix=prefix) for _ in range(2)]
    yield made
    await made[0].flush()
    for layer in made:
        await layer.close_pools()


def record_round_trips(layer):
    """The commands of each pipeline `layer` sends to Redis, one list per round trip."""
    trips = []
    connection = layer.connection(0)
    make_pipeline = connection.pipeline

    def pipeline(*args, **kwargs):
        pipe = make_pipeline(*args, **kwargs)
        execute = pipe.execute

        async def recorded(*a, **k):
            trips.append([args[0].decode() if isinstance(args[0], bytes) else args[0] for args, _ in pipe.command_stack])
            return await execute(*a, **k)

        pipe.execute = recorded
        return pipe

    connection.pipeline = pipeline
    return trips


def restores(trips):
    return sum(1 for trip in trips if "EVALSHA" in trip or "EVAL" in trip)


async def test_a_group_message_reaches_every_member_in_both_processes_once(layers):
    here, there = layers
    a1, a2, b1 = await here.new_channel(), await here.new_channel(), await there.new_channel()
    for channel, layer in ((a1, here), (a2, here), (b1, there)):
        await layer.group_add("table", channel)
    await here.group_send("table", {"type": "game.frames", "text": "é" * 3000, "n": 1})
    await there.group_send("table", {"type": "game.frames", "text": "second", "n": 2})
    for channel, layer in ((a1, here), (a2, here), (b1, there)):
        first = await asyncio.wait_for(layer.receive(channel), 5)
        second = await asyncio.wait_for(layer.receive(channel), 5)
        assert (first["n"], first["text"], second["n"], second["text"]) == (1, "é" * 3000, 2, "second")
    await here.group_discard("table", a2)
    await here.group_send("table", {"type": "game.frames", "n": 3})
    assert (await asyncio.wait_for(here.receive(a1), 5))["n"] == 3
    assert (await asyncio.wait_for(there.receive(b1), 5))["n"] == 3
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(here.receive(a2), 0.5)


async def cancel_a_waiting_receive(layer, channel):
    waiting = asyncio.ensure_future(layer.receive(channel))
    await asyncio.sleep(0.3)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting


async def test_each_receive_is_one_round_trip_and_restores_the_backup_only_when_something_may_be_left(layers):
    layer = layers[0]
    trips = record_round_trips(layer)
    channel = await layer.new_channel()
    # A receive interrupted at its first round trip: what may be left in the backup is put back.
    await cancel_a_waiting_receive(layer, channel)
    channel_key = layer.prefix + layer.non_local_name(channel)
    left = layer.serialize({"type": "x", "n": "left in flight", "__asgi_channel__": channel})
    await layer.connection(0).zadd(layer._backup_channel_name(channel_key), {left: 1.0})
    assert (await asyncio.wait_for(layer.receive(channel), 5))["n"] == "left in flight"
    for n in range(3):
        await layer.send(channel, {"type": "x", "n": n})
        assert (await asyncio.wait_for(layer.receive(channel), 5))["n"] == n
    receives = [trip for trip in trips if "BZPOPMIN" in trip]
    assert receives[1:] == [["EVAL", "BZPOPMIN"], ["ZPOPMIN", "BZPOPMIN"], ["ZPOPMIN", "BZPOPMIN"],
                            ["ZPOPMIN", "BZPOPMIN"]]

    # Interrupted after messages were handed over: none of them comes again, the next message does.
    await cancel_a_waiting_receive(layer, channel)
    await layer.send(channel, {"type": "x", "n": "last"})
    assert (await asyncio.wait_for(layer.receive(channel), 5))["n"] == "last"
    assert restores(trips) == 3
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layer.receive(channel), 0.5)


async def test_group_send_is_two_round_trips(layers):
    here, there = layers
    trips = record_round_trips(here)
    for layer in layers:
        await layer.group_add("table", await layer.new_channel())
    await here.group_send("table", {"type": "x"})
    assert trips == [["ZREMRANGEBYSCORE", "ZRANGE"], ["ZREMRANGEBYSCORE", "ZREMRANGEBYSCORE", "EVAL"]]


async def test_a_burst_of_sockets_opening_at_once_does_not_run_out_of_redis_connections():
    # Hundreds of sockets opening or closing at once (a server restarting, its players reconnecting):
    # redis-py's pool fails past its size, 100 unless told; the site's layer is given more.
    from django.conf import settings

    prefix = f"test-burst-{uuid.uuid4().hex[:8]}"
    configured = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"][0]
    assert configured["max_connections"] >= 1000
    stock = RedisChannelLayer(hosts=[os.environ["REDIS_URL"]], prefix=prefix)
    lean = LeanRedisChannelLayer(hosts=[{**configured, "address": os.environ["REDIS_URL"]}], prefix=prefix)
    try:
        channels = [await lean.new_channel() for _ in range(300)]
        with pytest.raises(MaxConnectionsError):
            await asyncio.gather(*(stock.group_add("crowd", c) for c in channels))
        await asyncio.gather(*(lean.group_add("crowd", c) for c in channels))
        assert len(await lean.connection(0).zrange(lean._group_key("crowd"), 0, -1)) == 300
        await asyncio.gather(*(lean.group_discard("crowd", c) for c in channels))
        assert await lean.connection(0).zrange(lean._group_key("crowd"), 0, -1) == []
    finally:
        await lean.flush()
        for layer in (stock, lean):
            await layer.close_pools()
