"""Work in the background without a Celery worker, in this process: the one way the apps do it.

- `later(function, countdown)`: inside the ASGI server (`site_loop()` is its event loop), `function()` runs
  after `countdown` seconds in a database thread (games.db_threads.db), its broadcasts sent from the loop,
  like a socket's message: a bot's delayed move (games.scheduling), the in-process scheduler's ticks
  (games.scheduler) run the same way.
- `in_thread(function, *args, name=...)`: `function(*args)` at once in a daemon thread of its own, with fresh
  database connections, closed when it ends: long work, say a balance-lab run (stats.lab.runner).
"""
import asyncio
import contextvars
import logging
import os
import threading

from asgiref.sync import SyncToAsync
from django.db import close_old_connections, connection

from games.db_threads import db

log = logging.getLogger(__name__)


def site_loop():
    """The ASGI server's event loop when called from one of its worker threads, else None."""
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if loop is None or getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    return None if loop.is_closed() or not loop.is_running() else loop


def later(loop, function, countdown, name=""):
    """`function()` after `countdown` seconds, in a database thread of the site's `loop`; a failure is logged."""

    async def run_in_db_thread():
        try:
            await db(function)()
        except Exception:  # the sweeper restarts what stalled; the loop must go on
            log.exception("delayed %s failed", name or function)

    def run():
        asyncio.ensure_future(run_in_db_thread())

    # A fresh context: the caller's (a database thread's) would make asgiref think we are still inside it.
    loop.call_soon_threadsafe(lambda: loop.call_later(countdown, run, context=contextvars.Context()),
                              context=contextvars.Context())


def in_thread(function, *args, name=None):
    """Start `function(*args)` in a daemon thread with its own database connection, closed when it ends."""

    def target():
        close_old_connections()
        try:
            function(*args)
        finally:
            connection.close()

    thread = threading.Thread(target=target, name=name, daemon=True)
    thread.start()
    return thread
