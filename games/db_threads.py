"""The database threads of the sockets and the in-process jobs: `db(function)` runs a service off the event loop.

On PostgreSQL, row locks keep the moves of one game in order, so a small pool (GAMES_DB_THREADS) runs moves of
different games in parallel; SQLite allows one writer, so there everything shares asgiref's one thread. What
the call broadcasts is collected and sent from the event loop once it returns.
"""
import asyncio
from concurrent.futures import ThreadPoolExecutor

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import translation

from config.thread_names import DATABASE_THREADS, name_this_thread
from games import broadcast

_DB_POOL = None


def _db_pool():
    """A small thread pool for database work on PostgreSQL, where row locks keep moves of one game in order:
    moves of different games run in parallel. SQLite allows one writer: everything shares one thread."""
    global _DB_POOL
    threads = settings.GAMES_DB_THREADS
    if connection.vendor != "postgresql" or threads < 2:
        return None
    if _DB_POOL is None:
        _DB_POOL = ThreadPoolExecutor(max_workers=threads, thread_name_prefix=DATABASE_THREADS,
                                      initializer=name_this_thread)
    return _DB_POOL


def _run(function, *args, **kwargs):
    with broadcast.collecting() as messages:
        try:
            return function(*args, **kwargs), messages, None
        except Exception as exc:  # what committed before the error is still sent
            return None, messages, exc


def _in_pool_thread(function, args, kwargs, language):
    # What database_sync_to_async does around a call, without asgiref's per-call context copying: connections
    # past CONN_MAX_AGE or broken are dropped before and after, and the socket's language is the thread's.
    close_old_connections()
    try:
        with translation.override(language):
            return _run(function, *args, **kwargs)
    finally:
        close_old_connections()


def db(function):
    """`function` in a database thread; what it broadcasts is sent from the event loop once it returns."""

    async def call(*args, **kwargs):
        pool = _db_pool()
        if pool is None:
            outcome = await database_sync_to_async(_run)(function, *args, **kwargs)
        else:
            outcome = await asyncio.get_running_loop().run_in_executor(
                pool, _in_pool_thread, function, args, kwargs, translation.get_language())
        result, messages, error = outcome
        await broadcast.send_collected(messages)
        if error is not None:
            raise error
        return result

    return call
