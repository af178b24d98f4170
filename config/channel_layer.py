"""channels-redis' core layer with fewer Redis round trips per group message: the live bench's baseline only
(`REDIS_CHANNEL_LAYER=lean`). The site's layer is Redis pub/sub with resync (config/pubsub_layer.py), which
costs its servers less than half the CPU per echo round (bench/channel_layers.py, docs/live-games.md); this
module stays while bench/live.py compares against "daphne with the project's layer", and goes with that baseline.

What: `group_send` reads the members and pushes in two round trips; each process's receive loop sends its
three commands in one pipeline; one reader task per process runs the blocking pops and hands each message to
its socket's buffer, so a socket closing cancels no Redis command (the stock layer then loses a message,
django/channels#1683); the connections keep a cancellation that Python 3.11's `wait_for` drops; a lost
connection is retried (config/redis_retry.py) and the reader waits out a short outage, so a Redis blip
closes no socket.
Why: each Redis command costs the sending process CPU, and the stock layer spends twelve on one group message
reaching two processes. Messages, keys, expiries, capacities and the backup's guarantee are the stock layer's
(`tests/test_channel_layer.py`). The measurements and the lost-message story: docs/live-bench-runs.md
("Why the channel layer and the hot statements are written so").
"""
import asyncio
import collections
import contextlib
import logging
import random
import time

from channels_redis.core import RedisChannelLayer, logger
from redis import asyncio as aioredis

from config.redis_retry import LOST_CONNECTION, RETRY_BASE_SECONDS, RETRY_CAP_SECONDS, command_retry

log = logging.getLogger(__name__)

POOL_WAIT_SECONDS = 20   # the longest a command waits for one of the pool's connections to come free
# Each command is retried on a lost connection (config/redis_retry.py); the process's reader (`_read`) keeps
# trying for READ_OUTAGE_SECONDS more before its waiting sockets give up and close.
READ_OUTAGE_SECONDS = 15.0

GROUP_SEND_SCRIPT = """
    local over_capacity = 0
    local current_time = ARGV[#ARGV - 1]
    local expiry = ARGV[#ARGV]
    for i=1,#KEYS do
        if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
            redis.call('ZADD', KEYS[i], current_time, ARGV[i])
            redis.call('EXPIRE', KEYS[i], expiry)
        else
            over_capacity = over_capacity + 1
        end
    end
    return over_capacity
"""

RESTORE_BACKUP_SCRIPT = """
    local backed_up = redis.call('ZRANGE', ARGV[2], 0, -1, 'WITHSCORES')
    for i = #backed_up, 1, -2 do
        redis.call('ZADD', ARGV[1], backed_up[i], backed_up[i - 1])
    end
    redis.call('DEL', ARGV[2])
"""


def _cancel_requested_since(task, cancelling):
    """True if `task` was asked to cancel after it counted `cancelling` requests, yet nothing raised."""
    return task is not None and task.cancelling() > cancelling


class CancellationKeepingConnection:
    """A redis-py connection whose command sends do not lose their task's cancellation.

    `send_packed_command` writes under `asyncio.wait_for` when a socket timeout is set; on Python 3.11 a
    cancellation arriving as the write completes is swallowed (python/cpython#86296). The command went
    out but its reply will not be read: the connection is dropped, as redis-py does for a cancelled read,
    and the cancellation raised."""

    async def send_packed_command(self, command, check_health=True):
        task = asyncio.current_task()
        cancelling = task.cancelling() if task is not None else 0
        await super().send_packed_command(command, check_health)
        if _cancel_requested_since(task, cancelling):
            await self.disconnect(nowait=True)
            raise asyncio.CancelledError()


# redis-py's connection classes a URL can choose, each with the cancellation kept.
KEEPING_CANCELLATION = {
    base: type(base.__name__, (CancellationKeepingConnection, base), {"__module__": __name__})
    for base in (aioredis.Connection, aioredis.SSLConnection, aioredis.UnixDomainSocketConnection)
}


class ReadFailed:
    """Handed to a waiting receive() when the reader stopped on `error`."""

    def __init__(self, error):
        self.error = error


class LeanRedisChannelLayer(RedisChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Process channel keys whose in-flight backup holds nothing but (when in `delivered`) the last
        # message this process handed over.
        self.clean_backups = set()
        self.delivered = set()
        self.reader = None                        # the task popping the process channel (see the docstring)
        self.waiting = collections.Counter()      # process-local channel name -> receive() calls waiting on it
        # Channels with buffered messages and no receive() since: when they were first left so. A socket
        # that closed as a message for it was popped never receives again; its buffer goes after `expiry`.
        self.unclaimed = {}
        self.next_sweep = 0.0

    async def receive(self, channel):
        if "!" not in channel:
            return await super().receive(channel)
        assert self.require_valid_channel_name(channel)
        real_channel = self.non_local_name(channel)
        assert real_channel.endswith(self.client_prefix + "!"), "Wrong client prefix"
        buffer = self.receive_buffer[channel]
        self.waiting[channel] += 1
        self.unclaimed.pop(channel, None)
        try:
            if buffer.empty():
                self._start_reader(real_channel)
            # asyncio.Queue.get() loses nothing when cancelled: an item it was woken for stays queued.
            item = await buffer.get()
        finally:
            self.waiting[channel] -= 1
            if not self.waiting[channel]:
                del self.waiting[channel]
                if buffer.empty() and self.receive_buffer.get(channel) is buffer:
                    del self.receive_buffer[channel]   # as the stock layer: no queue kept per idle channel
        if isinstance(item, ReadFailed):
            raise item.error
        return item

    def _start_reader(self, real_channel):
        loop = asyncio.get_running_loop()
        reader = self.reader
        if reader is not None and not reader.done() and not reader.get_loop().is_closed():
            if reader.get_loop() is not loop:
                raise RuntimeError("Two event loops are trying to receive() on one channel layer at once!")
            return
        self.reader = loop.create_task(self._read(real_channel))

    async def _read(self, real_channel):
        """Pop the process channel while some receive() waits; never cancelled by one of them."""
        try:
            outage = None   # since when Redis has been unreachable, and how many tries failed
            while self.waiting:
                try:
                    channel, message = await self.receive_single(real_channel)
                except LOST_CONNECTION as error:
                    outage = await self._wait_out(outage, error)
                    continue
                if outage is not None:
                    log.warning("Redis reachable again after %.1f s: the sockets read on", time.monotonic() - outage[0])
                    outage = None
                now = time.monotonic()
                for name in channel if isinstance(channel, list) else [channel]:
                    self.receive_buffer[name].put_nowait(message)
                    if name not in self.waiting:
                        self.unclaimed.setdefault(name, now)
                if now >= self.next_sweep:
                    self._drop_unclaimed(now)
        except BaseException as error:
            # Redis stayed unreachable past READ_OUTAGE_SECONDS, another error, or the layer is closing: the
            # waiting receives raise the error, as the stock layer's receive does, and their sockets close;
            # pages reconnect and resume from their last event number. The next reader restores what the
            # interrupted one left in the backup.
            for name in list(self.waiting):
                self.receive_buffer[name].put_nowait(ReadFailed(error))
            if not isinstance(error, Exception):
                raise

    async def _wait_out(self, outage, error):
        """A short outage is waited out (the sockets stay open); past READ_OUTAGE_SECONDS `error` is raised."""
        now = time.monotonic()
        if outage is None:
            log.warning("Redis unreachable (%s): the process's sockets wait up to %s s for it", error,
                        READ_OUTAGE_SECONDS)
            outage = (now, 0)
        since, failures = outage
        if now - since > READ_OUTAGE_SECONDS:
            log.error("Redis unreachable for %.1f s: closing the process's sockets", now - since)
            raise error
        await asyncio.sleep(random.uniform(0, min(RETRY_CAP_SECONDS, RETRY_BASE_SECONDS * 2 ** failures)))
        return since, failures + 1

    def _drop_unclaimed(self, now):
        """Forget the buffers nobody has received from for `expiry` seconds (messages as old as that expire
        in Redis too): a live consumer is back in receive() within moments of each message it handles."""
        self.next_sweep = now + self.expiry / 4
        for name, since in list(self.unclaimed.items()):
            if now - since > self.expiry and name not in self.waiting:
                del self.unclaimed[name]
                self.receive_buffer.pop(name, None)

    async def close_pools(self):
        reader, self.reader = self.reader, None
        if reader is not None and not reader.done() and reader.get_loop() is asyncio.get_running_loop():
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
        await super().close_pools()

    def create_pool(self, index):
        host = dict(self.hosts[index])
        address = host.pop("address", None)
        if address is None:   # a Sentinel set-up: channels-redis' own pool
            pool = super().create_pool(index)
        else:
            # Past `max_connections` a command waits for a free connection instead of failing: a burst of
            # sockets opening or closing at once (a server restarting, 2,000 sockets closing in the bench)
            # would otherwise fail their group changes, or open a connection each.
            pool = aioredis.BlockingConnectionPool.from_url(address, timeout=POOL_WAIT_SECONDS, **host)
        pool.connection_class = KEEPING_CANCELLATION.get(pool.connection_class, pool.connection_class)
        if pool.connection_kwargs.get("retry") is None:   # unless the settings chose their own
            pool.connection_kwargs["retry"] = command_retry()
        return pool

    async def group_send(self, group, message):
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        connection = self.connection(self.consistent_hash(group))
        pipe = connection.pipeline(transaction=False)
        pipe.zremrangebyscore(key, min=0, max=int(time.time()) - self.group_expiry)
        pipe.zrange(key, 0, -1)
        _, members = await pipe.execute()
        channel_names = [x.decode("utf8") for x in members]
        by_connection, messages, capacities = self._map_channel_keys_to_connection(channel_names, message)
        for index, channel_keys in by_connection.items():
            connection = self.connection(index)
            pipe = connection.pipeline(transaction=False)
            now = time.time()
            for channel_key in channel_keys:
                pipe.zremrangebyscore(channel_key, min=0, max=int(now) - int(self.expiry))
            args = [messages[k] for k in channel_keys] + [capacities[k] for k in channel_keys] + [now, self.expiry]
            pipe.eval(GROUP_SEND_SCRIPT, len(channel_keys), *channel_keys, *args)
            over_capacity = (await pipe.execute())[-1]
            if over_capacity > 0:
                # Messages dropped: a warning, not the stock layer's info line nobody sees.
                logger.warning("%s of %s channels over capacity in group %s", over_capacity, len(channel_names), group)

    async def _brpop_with_clean(self, index, channel, timeout):
        # channels-redis calls this in a loop until a message comes: a cancellation anything below
        # swallowed would keep the loop (and the cancelled consumer awaiting it) going for ever.
        task = asyncio.current_task()
        cancelling = task.cancelling() if task is not None else 0
        member = await self._lean_brpop_with_clean(index, channel, timeout)
        if _cancel_requested_since(task, cancelling):
            # A message popped here waits in its backup: the next receive puts it back on the queue.
            self.clean_backups.discard(channel)
            raise asyncio.CancelledError()
        return member

    async def _lean_brpop_with_clean(self, index, channel, timeout):
        if not channel.endswith("!"):
            # A named channel other processes may read too: their backups share its key.
            return await super()._brpop_with_clean(index, channel, timeout)
        backup = self._backup_channel_name(channel)
        connection = self.connection(index)
        pipe = connection.pipeline(transaction=False)
        if channel in self.delivered:
            pipe.zpopmin(backup)    # the previous message's backup, cleared on this round trip
        if channel not in self.clean_backups:
            pipe.eval(RESTORE_BACKUP_SCRIPT, 0, channel, backup)
        self.clean_backups.discard(channel)      # until the answer comes, something may be left in it
        pipe.bzpopmin(channel, timeout=timeout)
        result = (await pipe.execute())[-1]
        self.delivered.discard(channel)
        if result is not None:
            _, member, timestamp = result
            await connection.zadd(backup, {member: float(timestamp)})
        self.clean_backups.add(channel)          # empty, or holding just the message being handed over
        return None if result is None else member

    async def _clean_receive_backup(self, index, channel):
        if channel.endswith("!"):
            self.delivered.add(channel)          # cleared with the next receive's round trip
        else:
            await super()._clean_receive_backup(index, channel)
