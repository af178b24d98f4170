"""The lean core layer (config/channel_layer.py) against Redis: two layers stand for two processes."""
import asyncio
import os
import uuid

import pytest
import pytest_asyncio

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


def count_restores(layer):
    """How often `layer` runs the script that puts in-flight backups back on their queue."""
    calls = []
    connection = layer.connection(0)
    real_eval = connection.eval

    async def eval_(script, *args):
        if script == RESTORE_BACKUP_SCRIPT:
            calls.append(args)
        return await real_eval(script, *args)

    connection.eval = eval_
    return calls


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


async def test_the_backup_is_restored_at_the_first_receive_and_after_an_interrupted_one_only(layers):
    layer = layers[0]
    restores = count_restores(layer)
    channel = await layer.new_channel()
    for n in range(3):
        await layer.send(channel, {"type": "x", "n": n})
        assert (await asyncio.wait_for(layer.receive(channel), 5))["n"] == n
        await asyncio.sleep(0.05)   # the backup's clean-up task finishes
    assert len(restores) == 1

    # A receive cancelled while it waits may have left its message in the backup: the next one restores it.
    waiting = asyncio.ensure_future(layer.receive(channel))
    await asyncio.sleep(0.2)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    channel_key = layer.prefix + layer.non_local_name(channel)
    left = layer.serialize({"type": "x", "n": "left in flight", "__asgi_channel__": channel})
    await layer.connection(0).zadd(layer._backup_channel_name(channel_key), {left: 1.0})
    assert (await asyncio.wait_for(layer.receive(channel), 5))["n"] == "left in flight"
    assert len(restores) == 2
