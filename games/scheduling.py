"""Starting background jobs (bot moves, turn timers, absent players) once the transaction that needs them
commits.

Services name jobs by their Celery task name, so they never import `games.tasks` (which imports the
services): the dependencies run one way, tasks -> services -> scheduling.

With a broker, jobs are Celery tasks with a countdown. In eager mode (no broker: the embedded default and
tests) a bot move runs at once; moves it triggers queue up behind it in a loop instead of nesting calls,
so a game played by bots alone does not recurse. Timers (countdown jobs) are skipped in eager mode, since
an eager countdown would fire before its time: there the in-process scheduler (`games.scheduler`) runs
the sweeper every second, which ends overdue turns and hands absent players' seats to bots.
"""
import threading
from collections import deque

from django.db import transaction

PLAY_BOT_MOVE = "games.tasks.play_bot_move"
EXPIRE_TURN = "games.tasks.expire_turn"
CHECK_ABSENT_PLAYER = "games.tasks.check_absent_player"

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


def dispatch(task_name, *args, countdown=0.0, timer=False):
    app = _celery()
    if app.conf.task_always_eager:
        if not timer:
            _run_eagerly(app.tasks[task_name], args)
        return
    app.send_task(task_name, args=args, countdown=max(0.0, countdown))


def dispatch_on_commit(task_name, *args, countdown=0.0, timer=False):
    transaction.on_commit(lambda: dispatch(task_name, *args, countdown=countdown, timer=timer))
