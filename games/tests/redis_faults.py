"""Faults of Redis for the tests: the site's connections killed as `CLIENT KILL` does (a Redis restart, a
failover, a proxy dropping idle connections)."""
import redis


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
