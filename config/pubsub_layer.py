"""channels-redis' pub/sub layer (the default with REDIS_URL), made safe to lose a message by contract.

What: Redis pub/sub delivers at most once: a message published while a process re-subscribes is lost, and a
socket that reads slower than its game moves would queue without end. Every game event is numbered and a
client resumes from its last number (docs/live-games.md, "Delivery: at most once, then resync"), so this
thin subclass only has to say when a socket may have missed something:
- when its Redis subscription comes back after a lost connection, every channel of the process is sent one
  `layer.resync` message (redis-py re-subscribes; what was published in between is gone);
- when a channel holds `socket_capacity` messages its socket has not taken, they are dropped and replaced by
  one `layer.resync`: a slow socket is resynced, not left to fill the process's memory.
Consumers answer `layer.resync` by making their client catch up (games/consumers.py, games/rpc/consumer.py).
`test_drop_seqs` (settings, tests only) drops, on delivery, the group messages numbered so: the fault tests'
lost messages.
"""
import asyncio
import logging

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer, RedisSingleShardConnection
from channels_redis.utils import _wrap_close
from redis.asyncio.client import PubSub

from config.redis_retry import LOST_CONNECTION

log = logging.getLogger(__name__)

RESYNC = {"type": "layer.resync"}
SOCKET_CAPACITY = 100   # messages a socket may leave untaken before it is resynced instead
LATEST_SEQ_SECONDS = 24 * 3600  # a group's latest event number is kept this long after its last event
# Notes a group's latest event number, never lowering it (two processes may publish a game's events out of order).
RAISE_SEQ = """
if tonumber(redis.call('GET', KEYS[1]) or '-1') < tonumber(ARGV[1]) then
    redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
end
"""


def latest_seq_key(group_channel):
    return f"{group_channel}:latest-seq"


class ResyncingPubSubChannelLayer(RedisPubSubChannelLayer):
    def __init__(self, *args, socket_capacity=SOCKET_CAPACITY, test_drop_seqs=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.socket_capacity = socket_capacity
        self.test_drop_seqs = frozenset(test_drop_seqs)
        self.resync_bytes = self.serialize(RESYNC)

    async def latest_seq(self, group):
        """The latest event number published to `group` (None if none was): what a page that pings with its
        own number is compared with, read from Redis rather than the database."""
        return await self._get_layer().latest_seq(group)

    def _get_layer(self):
        # The stock method with our loop layer: one per event loop, closed with the loop.
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = ResyncingLoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)
        return layer


class ResyncingLoopLayer(RedisPubSubLoopLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._shards = [ResyncingShard(shard.host, self) for shard in self._shards]

    async def group_send(self, group, message):
        """The stock publish; a numbered message (`seq`) also notes the group's latest number, in the same round
        trip, for `latest_seq`."""
        group_channel = self._get_group_channel_name(group)
        shard = self._get_shard(group_channel)
        data = self.channel_layer.serialize(message)
        seq = message.get("seq")
        if seq is None:
            await shard.publish(group_channel, data)
        else:
            await shard.publish_numbered(group_channel, data, seq)

    async def latest_seq(self, group):
        group_channel = self._get_group_channel_name(group)
        return await self._get_shard(group_channel).latest_seq(group_channel)

    def deliver(self, channel, data):
        """Queue `data` for `channel`'s socket; a full queue is emptied and resynced instead."""
        queue = self.channels.get(channel)
        if queue is None:
            return
        if queue.qsize() >= self.channel_layer.socket_capacity:
            while not queue.empty():
                queue.get_nowait()
            log.warning("A socket fell %d messages behind: resynced", self.channel_layer.socket_capacity)
            data = self.channel_layer.resync_bytes
        queue.put_nowait(data)

    def resync_all(self):
        """Every socket of this process may have missed messages: each is told to catch up."""
        for channel in list(self.channels):
            self.deliver(channel, self.channel_layer.resync_bytes)

    def dropped_for_test(self, data):
        drop = self.channel_layer.test_drop_seqs
        return bool(drop) and self.channel_layer.deserialize(data).get("seq") in drop


class ResubscribingPubSub(PubSub):
    """redis-py's PubSub, which re-subscribes on a new connection, calling `resubscribed()` when it did.

    Only the layer's reader (`get_message`) opens a lost connection again: a (un)subscribe that finds it down is
    not sent, and its channels join (leave) `channels`, which the reconnection subscribes. In the stock layer a
    socket opening just after a lost connection reconnected it too, and the two read the one Redis socket at
    once ("read() called while another coroutine is already waiting"): the socket failed to open."""

    def __init__(self, *args, resubscribed, **kwargs):
        super().__init__(*args, **kwargs)
        self.resubscribed = resubscribed

    async def execute_command(self, *args):
        connection = self.connection
        if connection is None:   # the first command connects: the reader waits for a subscription to start
            return await super().execute_command(*args)
        for _ in range(2):   # once more if the reader reconnected while the command failed
            if not connection.is_connected:
                break
            try:
                await connection.send_command(*args, check_health=False)
                return
            except LOST_CONNECTION:
                continue
            except AttributeError:
                # redis-py writes in a task of its own (the socket time-out's wait_for): the reader may drop
                # the connection between the check and the write, leaving no writer. Lost, as above.
                if connection.is_connected:
                    raise
                continue
        if args[0] == "UNSUBSCRIBE":
            gone = self._normalize_keys(dict.fromkeys(args[1:]))
            for name in gone:
                self.channels.pop(name, None)
            self.pending_unsubscribe_channels.difference_update(gone)

    async def on_connect(self, connection):
        again = self.subscribed
        await super().on_connect(connection)
        if again:
            log.warning("The channel layer's Redis subscription was lost and is back: sockets resync")
            self.resubscribed()


class ResyncingShard(RedisSingleShardConnection):
    def _ensure_redis(self):
        fresh = self._redis is None
        super()._ensure_redis()
        if fresh:
            self._pubsub = ResubscribingPubSub(self._redis.connection_pool,
                                               resubscribed=self.channel_layer.resync_all)

    async def publish_numbered(self, channel, data, seq):
        async with self._lock:
            self._ensure_redis()
            async with self._redis.pipeline(transaction=False) as pipe:
                pipe.eval(RAISE_SEQ, 1, latest_seq_key(channel), seq, LATEST_SEQ_SECONDS)
                pipe.publish(channel, data)
                await pipe.execute()

    async def latest_seq(self, channel):
        async with self._lock:
            self._ensure_redis()
            value = await self._redis.get(latest_seq_key(channel))
        return None if value is None else int(value)

    def _receive_message(self, message):
        if message is None:
            return
        name, data = message["channel"], message["data"]
        if isinstance(name, bytes):
            name = name.decode()
        layer = self.channel_layer
        if name in layer.channels:
            layer.deliver(name, data)
        elif name in layer.groups:
            if layer.dropped_for_test(data):
                return
            for channel in list(layer.groups[name]):
                layer.deliver(channel, data)
