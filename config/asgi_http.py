"""Django's ASGI handler, with the threads that run sync views kept between requests.

Django's own handler gives every HTTP request a new thread for its sync code (a fresh
`ThreadSensitiveContext`), and Django's database connections belong to a thread: every request that touched
the database opened a new PostgreSQL connection, whatever `DATABASE_CONN_MAX_AGE` said (44 new sessions
for 50 card-list requests, measured with `pg_stat_database.sessions`), and that connection cost more CPU
than the rest of a cached API answer. Here a request borrows an idle one-thread executor, or makes one, and
gives it back when done: its thread keeps its connection for `DATABASE_CONN_MAX_AGE` like any other
(`tests/test_asgi_threads.py`). The sync code of one request still runs in one thread, as Django expects.

A request cancelled while its view runs (the client went away, the server gave up on it) leaves the thread
working: the executor goes back to the pool only once that work is over, else the next request would queue
behind it (20 s and 100 s hangs were measured while other requests took 0.04 s).
"""
import asyncio
import inspect
import threading
from concurrent.futures import ThreadPoolExecutor

import django
from asgiref.sync import ThreadSensitiveContext
from django.core.handlers.asgi import ASGIHandler
from django.db import connections

from config.thread_names import name_this_thread

IDLE_THREADS_KEPT = 8   # more requests at once get threads of their own that end with them


def _supports_executor():
    return "executor" in inspect.signature(ThreadSensitiveContext.__init__).parameters


def _nothing():
    pass


class ReusedThreadsASGIHandler(ASGIHandler):
    def __init__(self):
        super().__init__()
        self.idle = []
        self._idle_lock = threading.Lock()   # executors come back from their own threads

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        executor = self._borrow()
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            # Queued behind whatever the request left running: done only once its thread is free again.
            free_again = executor.submit(_nothing)
            free_again.add_done_callback(lambda _: self._give_back(executor))
        await asyncio.wrap_future(free_again)   # finished normally: pooled before the next request comes

    def _borrow(self):
        with self._idle_lock:
            if self.idle:
                return self.idle.pop()
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="http", initializer=name_this_thread)

    def _give_back(self, executor):
        with self._idle_lock:
            if len(self.idle) < IDLE_THREADS_KEPT:
                self.idle.append(executor)
                return
        executor.submit(connections.close_all)
        executor.shutdown(wait=False)


def get_asgi_application():
    """What `django.core.asgi.get_asgi_application` returns, with threads kept when asgiref's
    ThreadSensitiveContext takes an executor (asgiref 3.13 does)."""
    django.setup(set_prefix=False)
    return ReusedThreadsASGIHandler() if _supports_executor() else ASGIHandler()
