"""The former lean core layer (config/channel_layer.py, now the live bench's baseline) against Redis: two layers
stand for two processes."""
import asyncio
import uuid

import pytest
import pytest_asyncio
from channels_redis.core import RedisChannelLayer
from redis import asyncio as aioredis
from redis.exceptions import MaxConnectionsError

from config.channel_layer import LeanRedisChannelLayer

from games.tests.redis_faults import kill_redis_clients, killing_connections, killing_redis_url

pytestmark = [pytest.mark.redis, pytest.mark.asyncio, killing_connections]


@pytest_asyncio.fixture
async def layers():
    prefix = f"test-lean-{uuid.uuid4().hex[:8]}"
    made = [LeanRedisChannelLayer(hosts=[killing_redis_url()], prefix=prefix) for _ in range(2)]
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


async def interrupt_a_waiting_receive(layer, channel):
    """The process's read stops in the middle of its blocking pop (Redis failed, or the layer closes)."""
    waiting = asyncio.ensure_future(layer.receive(channel))
    await asyncio.sleep(0.3)
    layer.reader.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting


async def test_a_socket_closing_loses_no_message_meant_for_another_socket_of_its_process(layers):
    # Channels cancels a closing socket's receive(). In the stock layer the receive holding the process's
    # lock runs the blocking pop for every socket: cancelled in the middle, it dropped whatever Redis had
    # just popped for another socket (a game's update, in the multi-host test). Here it interrupts nothing.
    here, there = layers
    keeper = await here.new_channel()
    for n in range(20):
        closing = await here.new_channel()
        leaving = asyncio.ensure_future(here.receive(closing))   # the first to wait: it would hold the lock
        staying = asyncio.ensure_future(here.receive(keeper))
        await asyncio.sleep(0.02)                                # the pop is blocked in Redis
        await there.send(keeper, {"type": "x", "n": n})          # Redis pops it at once for this process...
        leaving.cancel()                                         # ...as a socket of the process closes
        with pytest.raises(asyncio.CancelledError):
            await leaving
        assert (await asyncio.wait_for(staying, 5))["n"] == n


async def test_each_receive_is_one_round_trip_and_restores_the_backup_only_when_something_may_be_left(layers):
    layer = layers[0]
    trips = record_round_trips(layer)
    channel = await layer.new_channel()
    # A read interrupted at its first round trip: what may be left in the backup is put back.
    await interrupt_a_waiting_receive(layer, channel)
    channel_key = layer.prefix + layer.non_local_name(channel)
    left = layer.serialize({"type": "x", "n": "left in flight", "__asgi_channel__": channel})
    await layer.connection(0).zadd(layer._backup_channel_name(channel_key), {left: 1.0})
    assert (await asyncio.wait_for(layer.receive(channel), 5))["n"] == "left in flight"
    for n in range(3):
        await layer.send(channel, {"type": "x", "n": n})
        assert (await asyncio.wait_for(layer.receive(channel), 5))["n"] == n
    receives = [trip for trip in trips if "BZPOPMIN" in trip]
    # One round trip per message, and the reader may already be blocked in the next one: the first after the
    # interrupted read restores the backup, the others clear the backup of the message handed over before.
    assert receives[1:5] == [["EVAL", "BZPOPMIN"], ["ZPOPMIN", "BZPOPMIN"], ["ZPOPMIN", "BZPOPMIN"],
                             ["ZPOPMIN", "BZPOPMIN"]]
    assert receives[5:] in ([], [["ZPOPMIN", "BZPOPMIN"]])

    # Interrupted after messages were handed over: none of them comes again, the next message does.
    await interrupt_a_waiting_receive(layer, channel)
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


async def test_a_burst_of_sockets_opening_at_once_waits_for_redis_connections_instead_of_failing():
    # Thousands of sockets opening or closing at once (a server restarting, its players reconnecting):
    # redis-py's pool fails past its size; the site's layer waits for a connection to come free, and
    # opens no more than its limit.
    from django.conf import settings

    prefix = f"test-burst-{uuid.uuid4().hex[:8]}"
    configured = {**settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"][0], "max_connections": 20}
    stock = RedisChannelLayer(hosts=[{"address": killing_redis_url(), "max_connections": 20}], prefix=prefix)
    lean = LeanRedisChannelLayer(hosts=[{**configured, "address": killing_redis_url()}], prefix=prefix)
    try:
        channels = [await lean.new_channel() for _ in range(500)]
        with pytest.raises(MaxConnectionsError):
            await asyncio.gather(*(stock.group_add("crowd", c) for c in channels))
        await asyncio.gather(*(lean.group_add("crowd", c) for c in channels))
        pool = lean.connection(0).connection_pool
        assert len(await lean.connection(0).zrange(lean._group_key("crowd"), 0, -1)) == 500
        await asyncio.gather(*(lean.group_discard("crowd", c) for c in channels))
        assert await lean.connection(0).zrange(lean._group_key("crowd"), 0, -1) == []
        opened = len(pool._available_connections) + len(pool._in_use_connections)
        assert 1 < opened <= 20
    finally:
        await lean.flush()
        for layer in (stock, lean):
            await layer.close_pools()


def cancel_as_written(monkeypatch, command_name):
    """Cancel the task set in the returned dict as the write of a command `command_name` completes, once:
    on Python 3.11 that is where redis-py's `asyncio.wait_for` around the write swallows a cancellation
    (python/cpython#86296). The cancel runs in wait_for's inner task, just before it finishes."""
    write = aioredis.Connection._send_packed_command
    target = {"task": None}

    async def write_then_cancel(self, command):
        await write(self, command)
        packed = b"".join(bytes(part) for part in ([command] if isinstance(command, bytes) else command))
        if target.get("task") is not None and command_name in packed:
            task = target.pop("task")
            (task() if callable(task) else task).cancel()   # a callable: the task is found at the write

    monkeypatch.setattr(aioredis.Connection, "_send_packed_command", write_then_cancel)
    return target


async def test_a_command_cancelled_as_it_is_written_is_cancelled_and_its_connection_stays_usable(layers, monkeypatch):
    connection = layers[0].connection(0)
    target = cancel_as_written(monkeypatch, b"ECHO")
    echo = target["task"] = asyncio.ensure_future(connection.echo("first"))
    with pytest.raises(asyncio.CancelledError):
        await echo
    # The reply left unread went with its connection: the next command gets its own reply.
    assert await connection.echo("second") == b"second"


async def test_a_receive_cancelled_as_its_blocking_pop_is_written_ends(layers, monkeypatch):
    # The CI hang of games/tests/test_game_socket.py::test_unknown_game_is_refused: the consumer's receive,
    # cancelled at teardown, kept blocking on its queue 5 s at a time, and the event loop's close waited for it.
    # A receive now waits on its socket's buffer only (the reader pops); the reader's own case is below.
    layer = layers[0]
    channel = await layer.new_channel()
    target = cancel_as_written(monkeypatch, b"BZPOPMIN")
    receiving = target["task"] = asyncio.ensure_future(layer.receive(channel))
    try:
        await asyncio.wait({receiving}, timeout=3)
        assert receiving.cancelled(), "the cancelled receive is still waiting for a message"
    finally:
        receiving.cancel()
        await asyncio.gather(receiving, return_exceptions=True)
    # Nothing is lost or left locked: the next receive gets the next message.
    await layer.send(channel, {"type": "x", "n": 1})
    assert (await asyncio.wait_for(layer.receive(channel), 5))["n"] == 1


async def test_the_reader_cancelled_as_its_blocking_pop_is_written_ends(layers, monkeypatch):
    # The process channel's reader (config/channel_layer.py) runs the blocking pops now: cancelled (the layer
    # closing, a test's loop ending) as its pop is written, it ends, and its waiting receive with it.
    layer = layers[0]
    channel = await layer.new_channel()
    target = cancel_as_written(monkeypatch, b"BZPOPMIN")
    target["task"] = lambda: layer.reader
    receiving = asyncio.ensure_future(layer.receive(channel))
    try:
        await asyncio.wait({receiving}, timeout=3)
        assert layer.reader.done(), "the cancelled reader is still popping"
        assert receiving.done()
    finally:
        receiving.cancel()
        await asyncio.gather(receiving, return_exceptions=True)
    await layer.send(channel, {"type": "x", "n": 2})
    assert (await asyncio.wait_for(layer.receive(channel), 5))["n"] == 2


async def test_a_process_channel_holds_a_busy_moments_updates():
    # One Redis queue carries the messages of every socket of a process. At the stock capacity (100) a
    # process that paused for a few hundred ms with a thousand sockets open lost updates (the bench at
    # 500 games); with `REDIS_CHANNEL_LAYER=lean` the settings give process channels room for far more.
    from django.conf import settings

    config = settings.CHANNEL_LAYERS["default"]["CONFIG"]
    prefix = f"test-capacity-{uuid.uuid4().hex[:8]}"
    hosts = [{**config["hosts"][0], "address": killing_redis_url()}]
    capacity = {"specific.*": settings.CHANNEL_REDIS_PROCESS_CAPACITY}
    sender = LeanRedisChannelLayer(hosts=hosts, prefix=prefix, channel_capacity=capacity)
    busy = LeanRedisChannelLayer(hosts=hosts, prefix=prefix, channel_capacity=capacity)
    try:
        channel = await busy.new_channel()
        await sender.group_add("table", channel)
        for n in range(300):                       # nobody reads meanwhile
            await sender.group_send("table", {"type": "game.frames", "n": n})
        received = [(await asyncio.wait_for(busy.receive(channel), 5))["n"] for _ in range(300)]
        assert received == list(range(300))
    finally:
        await sender.flush()
        for layer in (sender, busy):
            await layer.close_pools()


async def test_the_buffer_of_a_socket_that_closed_as_its_message_came_is_dropped_after_the_expiry():
    layer = LeanRedisChannelLayer(hosts=[killing_redis_url()], prefix=f"test-lean-{uuid.uuid4().hex[:8]}",
                                  expiry=1)
    try:
        alive, closed, busy = await layer.new_channel(), await layer.new_channel(), await layer.new_channel()
        listening = asyncio.create_task(layer.receive(alive))   # keeps the process's reader running
        await asyncio.sleep(0.1)
        await layer.send(closed, {"type": "game.frame", "text": "for a socket that just closed"})
        await layer.send(busy, {"type": "game.frame", "text": "for a socket busy with another message"})
        await asyncio.sleep(0.3)
        assert {closed, busy} <= set(layer.receive_buffer)
        assert (await asyncio.wait_for(layer.receive(busy), 5))["text"].startswith("for a socket busy")
        await asyncio.sleep(1.5)                                 # past the expiry
        await layer.send(alive, {"type": "game.frame", "text": "later"})
        assert (await asyncio.wait_for(listening, 5))["text"] == "later"
        assert closed not in layer.receive_buffer and closed not in layer.unclaimed
        assert not layer.unclaimed
    finally:
        await layer.flush()
        await layer.close_pools()


async def test_killed_redis_connections_are_reopened_without_failing_a_waiting_receive_or_a_group_change(layers):
    # `CLIENT KILL` (a Redis restart, a failover, a proxy) closed every socket with 1011 and failed each next
    # handshake once: the connections are retried now (config/channel_layer.py, RETRY).
    here, there = layers
    channel = await here.new_channel()
    await here.group_add("table", channel)
    await there.group_add("table", await there.new_channel())
    waiting = asyncio.ensure_future(here.receive(channel))
    await wait_until(lambda: here.reader is not None and here.connection(0).connection_pool._in_use_connections)
    assert await asyncio.to_thread(kill_redis_clients, killing_redis_url()) >= 2
    await there.group_send("table", {"type": "x", "n": 1})   # there's pooled connection was killed too
    assert (await asyncio.wait_for(waiting, 10))["n"] == 1
    await asyncio.to_thread(kill_redis_clients, killing_redis_url())
    await here.group_add("table", await here.new_channel())   # a handshake's first command
    assert len(await here.connection(0).zrange(here._group_key("table"), 0, -1)) == 3


async def wait_until(condition, timeout=5):
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "never came to pass"
        await asyncio.sleep(0.01)


def failing_reads(monkeypatch, layer, failures):
    """`layer`'s next `failures` reads fail as with Redis unreachable (all retries of the connection spent)."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    read = layer.receive_single
    left = {"failures": failures}

    async def receive_single(channel):
        if left["failures"]:
            left["failures"] -= 1
            raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        return await read(channel)

    monkeypatch.setattr(layer, "receive_single", receive_single)
    return left


async def test_the_reader_waits_out_a_short_outage_and_its_sockets_receive_on(layers, monkeypatch):
    here, there = layers
    channel = await here.new_channel()
    left = failing_reads(monkeypatch, here, failures=6)
    waiting = asyncio.ensure_future(here.receive(channel))
    await wait_until(lambda: not left["failures"])
    await there.send(channel, {"type": "x", "n": 1})
    assert (await asyncio.wait_for(waiting, 10))["n"] == 1


async def test_past_the_outage_limit_the_waiting_receives_fail(layers, monkeypatch):
    from redis.exceptions import ConnectionError as RedisConnectionError

    from config import channel_layer

    monkeypatch.setattr(channel_layer, "READ_OUTAGE_SECONDS", 0.2)
    here = layers[0]
    failing_reads(monkeypatch, here, failures=10**6)
    with pytest.raises(RedisConnectionError):
        await asyncio.wait_for(here.receive(await here.new_channel()), 10)
