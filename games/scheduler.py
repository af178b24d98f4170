"""The in-process scheduler: with no Celery worker (the embedded default, `make start`), every ASGI process
runs the due work itself, so games never wait for a page to be open.

Each tick (GAMES_SCHEDULER_TICK seconds) ends overdue turns and hands absent players' seats to bots;
every GAMES_SWEEP_SECONDS it also runs the rest of the sweeper (lobbies, stalled bots, dead presence
rows). It is an asyncio task on the server's event loop, and it calls the sweeper in a database
thread (games.db_threads.db, as games.background does), so what the services broadcast is sent from the loop like any socket's. Several
processes may each run one: every action goes through a service that locks the game row and re-checks,
so a second scheduler finds nothing left to do.

Started by the ASGI application (`config/asgi.py`) at the server's lifespan startup (uvicorn, config/serve.py),
and stopped at its shutdown; a server that sends no lifespan events starts it with its first connection.
On by default when Celery is eager (GAMES_SCHEDULER), since then no countdown job ever fires.
"""
import asyncio
import logging

from django.conf import settings

from games.db_threads import db
from games.services.housekeeping import sweep

log = logging.getLogger(__name__)

_tasks = {}  # event loop -> its scheduler task


def enabled():
    return bool(getattr(settings, "GAMES_SCHEDULER", False))


async def run_forever(tick=None, sweep_every=None):
    tick = tick or settings.GAMES_SCHEDULER_TICK
    sweep_every = sweep_every or settings.GAMES_SWEEP_SECONDS
    loop = asyncio.get_running_loop()
    next_full = loop.time()
    while True:
        full = loop.time() >= next_full
        if full:
            next_full = loop.time() + sweep_every
        try:
            await db(sweep)(due_only=not full)
        except Exception:  # a failed tick (database restarting...) must not end the scheduler
            log.exception("in-process scheduler tick failed")
        await asyncio.sleep(tick)


def ensure_running():
    """Start the scheduler on the running loop unless it runs there already (or is turned off)."""
    if not enabled():
        return None
    loop = asyncio.get_running_loop()
    task = _tasks.get(loop)
    if task is None or task.done():
        task = _tasks[loop] = loop.create_task(run_forever(), name="games-scheduler")
    return task


def stop(loop=None):
    task = _tasks.pop(loop or asyncio.get_running_loop(), None)
    if task is not None:
        task.cancel()
    return task


class WithScheduler:
    """ASGI wrapper: answers the lifespan protocol and makes sure the scheduler runs on this loop."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        ensure_running()
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    task = stop()
                    if task is not None:
                        await asyncio.gather(task, return_exceptions=True)
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        return await self.application(scope, receive, send)
