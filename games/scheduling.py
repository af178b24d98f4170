"""Starting background jobs (bot moves, turn timers) once the transaction that needs them commits.

With a broker, jobs are Celery tasks with a countdown. In eager mode (no broker: development and tests)
a bot move runs at once; moves it triggers queue up behind it in a loop instead of nesting calls, so a
game played by bots alone does not recurse; timers are left to the page's nudge and the sweeper, since an
eager countdown would fire before the deadline.
"""
import threading
from collections import deque

from django.db import transaction

_local = threading.local()


def _is_eager(task):
    return bool(task.app.conf.task_always_eager)


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


def dispatch(task, *args, countdown=0.0, timer=False):
    if _is_eager(task):
        if not timer:
            _run_eagerly(task, args)
        return
    task.apply_async(args=args, countdown=max(0.0, countdown))


def dispatch_on_commit(task, *args, countdown=0.0, timer=False):
    transaction.on_commit(lambda: dispatch(task, *args, countdown=countdown, timer=timer))
