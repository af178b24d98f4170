"""channels-redis' core layer with fewer Redis round trips per group message (the default with REDIS_URL).

Each Redis command costs the sending process about 0.2 ms of CPU in redis-py's asyncio client on the
busy two-core development host (measured: 218 µs per ZRANGE, 270 µs for a pipeline of two), and the stock layer
spends twelve of them on one group message reaching two processes: four to send it (drop expired members,
read the members, drop expired messages, the push script) and four per receiving process (restore the
in-flight backup, BZPOPMIN, back the message up, clear the backup). Here:

- `group_send` reads the members in one pipeline with their expiry, and drops expired messages in the same
  pipeline as the push script: two round trips, the same commands in the same order;
- a process's receive loop sends its three commands (clear the backup of the message it handed over last,
  restore what an interrupted receive may have left there, block on the queue) in one pipeline, and the
  restore only when something may be left: at its first receive and after one that did not finish.
  The message handed over stays backed up until the next receive's round trip clears it (the stock layer
  clears it in a round trip of its own); the process's channel dies with the process, so the only reader
  of that backup is this loop. Per message and process: two round trips instead of four.

Messages, keys, expiries, capacities and the backup's guarantee are the stock layer's
(`tests/test_channel_layer.py` runs two layers against Redis).
"""
import time

from channels_redis.core import RedisChannelLayer, logger

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


class LeanRedisChannelLayer(RedisChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Process channel keys whose in-flight backup holds nothing but (when in `delivered`) the last
        # message this process handed over.
        self.clean_backups = set()
        self.delivered = set()

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
                logger.info("%s of %s channels over capacity in group %s", over_capacity, len(channel_names), group)

    async def _brpop_with_clean(self, index, channel, timeout):
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
