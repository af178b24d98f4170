"""Starting background jobs (bot moves, turn timers, absent players) once the transaction that needs them
commits.

Services name jobs by their Celery task name, so they never import `games.tasks` (which imports the
services): the dependencies run one way, tasks -> services -> scheduling.

With a broker, jobs are Celery tasks with a countdown. In eager mode (no broker: the embedded default and
tests) a bot move with a countdown (GAMES_BOT_DELAY) inside the site's event loop waits on that loop, then
runs in a database thread like a socket message, so bots keep the same pace with or without a worker.
Without a loop or a countdown it runs at once; moves it triggers queue up behind it in a loop instead of
nesting calls, so a game played by bots alone does not recurse. Timers (countdown jobs) are skipped in
eager mode, since an eager countdown would fire before its time: there the in-process scheduler
(`games.scheduler`) runs the sweeper every second, which ends overdue turns and hands absent players'
seats to bots.
"""
import asyncio
import contextvars
import logging
import os
import threading
from collections import deque

from asgiref.sync import SyncToAsync
from django.db import transaction

PLAY_BOT_MOVE = "games.tasks.play_bot_move"
EXPIRE_TURN = "games.tasks.expire_turn"
CHECK_ABSENT_PLAYER = "games.tasks.check_absent_player"

log = logging.getLogger(__name__)
_local = threading.local()


def _celery():
    from config.celery import app

    return app


def _run_eagerly(task, args):
    queue = getattr(_local, "queue", None)
    if queue is not None:
        queue.append((task, args))
        return
    _local.queue = deque([(task, args)])
    try:
        while _local.queue:
            queued_task, queued_args = _local.queue.popleft()
            queued_task.apply(args=queued_args, throw=True)
    finally:
        _local.queue = None


def _site_loop():
    """The ASGI server's event loop when called from one of its worker threads, else None."""
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if loop is None or getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    return None if loop.is_closed() or not loop.is_running() else loop


def _later_on_loop(loop, task, args, countdown):
    from games.consumers import db  # the socket's database thread, and its broadcasts sent from the loop

    async def run_in_db_thread():
        try:
            await db(lambda: task.apply(args=args, throw=True))()
        except Exception:  # the sweeper restarts a stalled bot; the loop must go on
            log.exception("delayed %s failed", task.name)

    def run():
        asyncio.ensure_future(run_in_db_thread())

    # A fresh context: the caller's (a database thread's) would make asgiref think we are still inside it.
    loop.call_soon_threadsafe(lambda: loop.call_later(countdown, run, context=contextvars.Context()),
                              context=contextvars.Context())


def dispatch(task_name, *args, countdown=0.0, timer=False):
    app = _celery()
    if app.conf.task_always_eager:
        if timer:
            return
        task = app.tasks[task_name]
        loop = _site_loop() if countdown > 0 else None
        if loop is not None:
            _later_on_loop(loop, task, args, countdown)
        else:
            _run_eagerly(task, args)
        return
    app.send_task(task_name, args=args, countdown=max(0.0, countdown))


def dispatch_on_commit(task_name, *args, countdown=0.0, timer=False):
    transaction.on_commit(lambda: dispatch(task_name, *args, countdown=countdown, timer=timer))
