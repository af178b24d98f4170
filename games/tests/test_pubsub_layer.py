"""The pub/sub layer's resync (config/pubsub_layer.py) against Redis: two layers stand for two processes."""
import asyncio
import time
import uuid

import pytest
import pytest_asyncio

from config.pubsub_layer import RESYNC, ResyncingPubSubChannelLayer
from config.redis_retry import command_retry

from games.tests.redis_faults import kill_redis_clients, killing_connections, killing_redis_url

pytestmark = [pytest.mark.redis, pytest.mark.asyncio, killing_connections]

RESUME_SECONDS = 1.0   # docs/live-games.md: a socket is told to resync within a second of a lost subscription


def make_layer(prefix, **config):
    """As settings.CHANNEL_LAYERS makes it: a lost connection is opened again and the command retried."""
    hosts = [{"address": killing_redis_url(), "retry": command_retry()}]
    return ResyncingPubSubChannelLayer(hosts=hosts, prefix=prefix, **config)


@pytest_asyncio.fixture
async def prefix():
    return f"test-pubsub-{uuid.uuid4().hex[:8]}"


async def closing(*layers):
    for layer in layers:
        await layer.flush()


async def receive(layer, channel, timeout=2.0):
    return await asyncio.wait_for(layer.receive(channel), timeout)


async def receive_past_resyncs(layer, channel):
    """The next message that is not a resync."""
    got = await receive(layer, channel)
    while got == RESYNC:
        got = await receive(layer, channel)
    return got


class Listener:
    """One receive kept waiting on `channel` across `until_quiet` calls: a receive cancelled by a time-out would
    make channels-redis forget the channel, and later messages would not reach it."""

    def __init__(self, layer, channel):
        self.layer, self.channel = layer, channel
        self.waiting = asyncio.ensure_future(layer.receive(channel))

    async def until_quiet(self, quiet=1.0):
        """What the channel gets until `quiet` seconds pass without a message."""
        got = []
        while (await asyncio.wait({self.waiting}, timeout=quiet))[0]:
            got.append(self.waiting.result())
            self.waiting = asyncio.ensure_future(self.layer.receive(self.channel))
        return got


async def drain(layer, channel):
    """Whatever else is waiting for `channel` (until a 0.2-s silence)."""
    got = []
    while True:
        try:
            got.append(await asyncio.wait_for(layer.receive(channel), 0.2))
        except asyncio.TimeoutError:
            return got


async def nothing_more(layer, channel):
    """No other message for `channel`: no frame twice, none lost then found. A reconnection of the reader on a
    loaded host may still add resyncs, which only make a socket fetch the state again (harmless)."""
    extra = await drain(layer, channel)
    assert all(message == RESYNC for message in extra), extra


async def test_a_group_message_reaches_each_process_once(prefix):
    here, there = make_layer(prefix), make_layer(prefix)
    try:
        a, b = await here.new_channel(), await there.new_channel()
        await here.group_add("table", a)
        await there.group_add("table", b)
        await here.group_send("table", {"type": "game.frames", "seq": 1})
        assert await receive_past_resyncs(here, a) == {"type": "game.frames", "seq": 1}
        assert await receive_past_resyncs(there, b) == {"type": "game.frames", "seq": 1}
        await nothing_more(here, a)
    finally:
        await closing(here, there)


async def test_the_test_hook_drops_the_chosen_event_numbers_on_delivery(prefix):
    sender, dropping = make_layer(prefix), make_layer(prefix, test_drop_seqs=[2, 3])
    try:
        channel = await dropping.new_channel()
        await dropping.group_add("table", channel)
        for seq in (1, 2, 3, 4):
            await sender.group_send("table", {"type": "game.frames", "seq": seq})
        await sender.group_send("table", {"type": "game.frame", "text": "chat"})   # not numbered: delivered
        got = [await receive_past_resyncs(dropping, channel) for _ in range(3)]
        assert [m.get("seq") for m in got] == [1, 4, None]
        await nothing_more(dropping, channel)
    finally:
        await closing(sender, dropping)


async def test_a_socket_too_slow_to_keep_up_gets_one_resync_instead_of_its_backlog(prefix):
    layer = make_layer(prefix, socket_capacity=3)
    try:
        slow, quick = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("table", slow)
        await layer.group_add("table", quick)
        for seq in range(1, 6):
            await layer.group_send("table", {"type": "game.frames", "seq": seq})
            assert await receive_past_resyncs(layer, quick) == {"type": "game.frames", "seq": seq}  # keeps up
        # The slow one had 3 waiting when the 4th came: dropped for a resync, then the 5th: [resync, 5]. A reader
        # reconnecting on a loaded host adds resyncs, which may also move the drop ([1, 2, resync] + 3 overflows:
        # [resync, 4, 5]). Either way: never more than 3 held, and after the last resync the frames up to the 5th
        # in order, none missing, then nothing but resyncs.
        got = await drain(layer, slow)
        assert len(got) <= 3 and {"type": "game.frames", "seq": 5} in got, got
        fifth = got.index({"type": "game.frames", "seq": 5})
        assert RESYNC in got[:fifth] and all(message == RESYNC for message in got[fifth + 1:]), got
        after_resync = got[fifth - got[fifth::-1].index(RESYNC) + 1:fifth + 1]
        assert after_resync == [{"type": "game.frames", "seq": seq} for seq in range(6 - len(after_resync), 6)], got
    finally:
        await closing(layer)


async def test_a_lost_subscription_comes_back_and_tells_every_socket_to_resync(prefix):
    here, there = make_layer(prefix), make_layer(prefix)
    try:
        a, b = await here.new_channel(), await here.new_channel()
        await here.group_add("table", a)
        await there.group_send("table", {"type": "game.frames", "seq": 1})   # connects the sender first
        assert (await receive(here, a))["seq"] == 1
        killed_at = time.monotonic()
        assert await asyncio.to_thread(kill_redis_clients, killing_redis_url()) >= 2
        # Both of this process's sockets, in a group or not, are told within a second.
        assert await receive(here, a, timeout=RESUME_SECONDS) == RESYNC
        assert await receive(here, b, timeout=RESUME_SECONDS) == RESYNC
        assert time.monotonic() - killed_at < RESUME_SECONDS
        # The group subscription is back: a message published now arrives, once. A loaded host may make the reader
        # reconnect again (seen in CI), and what is published meanwhile is lost: then a resync says so, and the
        # next message arrives.
        listener, got = Listener(here, a), []
        for seq in (2, 3, 4):
            await there.group_send("table", {"type": "game.frames", "seq": seq})
            got += await listener.until_quiet()
            if {"type": "game.frames", "seq": seq} in got:
                break
            assert got and got[-1] == RESYNC, got   # lost with a reconnection, and told
        frames = [message for message in got if message != RESYNC]
        assert len(frames) == 1 and frames[0]["seq"] in (2, 3, 4), got   # once, never twice
        listener.waiting.cancel()
    finally:
        await closing(here, there)


async def test_sockets_open_and_close_while_the_subscription_is_lost(prefix):
    here, there = make_layer(prefix), make_layer(prefix)
    try:
        a = await here.new_channel()
        await here.group_add("table", a)
        await here.group_add("other", a)
        await there.group_send("table", {"type": "game.frames", "seq": 1})
        assert (await receive(here, a))["seq"] == 1
        assert await asyncio.to_thread(kill_redis_clients, killing_redis_url()) >= 2
        # At once, before the reader has noticed: a socket opens and joins a group, another leaves one.
        b = await here.new_channel()
        await here.group_add("table", b)
        await here.group_discard("other", a)
        assert await receive(here, a, timeout=RESUME_SECONDS) == RESYNC   # the subscription is back
        await there.group_send("other", {"type": "game.frames", "seq": 0})
        await there.group_send("table", {"type": "game.frames", "seq": 2})
        for channel in (a, b):
            got = [await receive(here, channel)]
            if got[0] == RESYNC:   # b joined before the reconnection: told too
                got = [await receive(here, channel)]
            assert got == [{"type": "game.frames", "seq": 2}]
            await nothing_more(here, channel)
    finally:
        await closing(here, there)


async def test_a_socket_opens_when_the_reader_drops_the_connection_in_the_middle_of_its_subscribe(prefix):
    """redis-py writes a command in a task of its own (its socket time-out): the reader may drop a lost connection
    between the check that it is up and the write, which then finds no writer (CI saw "'NoneType' object has no
    attribute 'writelines'"). The socket still opens, and its channel is subscribed when the reader reconnects."""
    here, there = make_layer(prefix), make_layer(prefix)
    try:
        a = await here.new_channel()
        await here.group_add("table", a)
        connection = here._get_layer()._shards[0]._pubsub.connection
        write = connection._send_packed_command
        dropped = []

        async def reader_drops_it_first(command):
            if not dropped:
                dropped.append(True)
                await connection.disconnect(nowait=True)   # as the reader does on finding the connection lost
            return await write(command)

        connection._send_packed_command = reader_drops_it_first
        b = await here.new_channel()
        await here.group_add("table", b)
        assert dropped
        assert await receive(here, a, timeout=RESUME_SECONDS) == RESYNC   # the reader reconnected
        await there.group_send("table", {"type": "game.frames", "seq": 1})
        for channel in (a, b):
            assert await receive_past_resyncs(here, channel) == {"type": "game.frames", "seq": 1}
            await nothing_more(here, channel)
    finally:
        await closing(here, there)


async def test_a_numbered_message_notes_the_groups_latest_number_for_a_ping(prefix):
    """A page pings with its last number; the layer answers from Redis, never lowering the number when two
    processes publish a game's events out of order."""
    here, there = make_layer(prefix), make_layer(prefix)
    try:
        assert await here.latest_seq("table") is None
        await here.group_send("table", {"type": "game.frames", "seq": 7})
        await there.group_send("table", {"type": "game.frames", "seq": 6})    # late, from another process
        await here.group_send("table", {"type": "chat"})                      # not numbered: no note
        assert await there.latest_seq("table") == 7
        assert await here.latest_seq("other-table") is None
    finally:
        await closing(here, there)
