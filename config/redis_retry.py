"""How the site's Redis connections survive a blip: redis-py's `Retry` with backoff on a lost connection.

A connection Redis dropped (a restart, a failover, `CLIENT KILL`, a proxy closing idle connections) is opened
again and the command sent again, up to COMMAND_RETRIES times, waiting a random part of base * 2**attempt (at
most the cap) between tries: about 1.5 s in all before the error reaches the caller. The channel layers'
connections use it (settings.CHANNEL_LAYERS): the pub/sub layer's publishes and its reader, which subscribes
again on the new connection and has the process's sockets resync (config/pubsub_layer.py); the core layers'
commands, each of which may be sent twice (ZADD of one serialized message, ZREM, reads and pops that took
nothing).
"""
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

COMMAND_RETRIES = 4
RETRY_BASE_SECONDS = 0.05
RETRY_CAP_SECONDS = 1.0
LOST_CONNECTION = (RedisConnectionError, RedisTimeoutError)


def command_retry():
    """A fresh retry policy (each connection copies it) for ConnectionError and TimeoutError."""
    return Retry(ExponentialWithJitterBackoff(base=RETRY_BASE_SECONDS, cap=RETRY_CAP_SECONDS), COMMAND_RETRIES,
                 supported_errors=LOST_CONNECTION)
