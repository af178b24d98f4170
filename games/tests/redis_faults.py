"""Faults of Redis for the tests: the site's connections killed as `CLIENT KILL` does (a Redis restart, a
failover, a proxy dropping idle connections)."""
import os
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis

# Tests that kill Redis connections use a database of their own and run one after another on one worker: on
# the pub/sub layer a killed connection loses what was published meanwhile and resyncs every socket, which
# would disturb any other test sharing the database.
KILLING_DATABASE = int(os.environ.get("REDIS_KILLING_DB", "12"))
killing_connections = pytest.mark.xdist_group("redis-killing-connections")


def killing_redis_url():
    """REDIS_URL with the database the connection-killing tests keep to themselves."""
    parts = urlsplit(os.environ["REDIS_URL"])
    return urlunsplit(parts._replace(path=f"/{KILLING_DATABASE}"))


def kill_redis_clients(url):
    """Kill every client connected to `url`'s database, this one excepted; how many were killed.

    Only that database's clients: other test runs sharing the server keep theirs (CI may use
    `CLIENT KILL TYPE normal` on a server of its own)."""
    admin = redis.Redis.from_url(url)
    try:
        database = admin.connection_pool.connection_kwargs.get("db", 0)
        me = admin.client_id()
        ids = [client["id"] for client in admin.client_list()
               if int(client["db"]) == int(database) and int(client["id"]) != me]
        for client_id in ids:
            admin.client_kill_filter(_id=client_id)
        return len(ids)
    finally:
        admin.close()
