"""Starting background jobs (bot moves, turn timers, absent players) once the transaction that needs them
commits.

Services name jobs by their Celery task name, so they never import `games.tasks` (which imports the
services): the dependencies run one way, tasks -> services -> scheduling.

With a broker, jobs are Celery tasks with a countdown. In eager mode (no broker: the embedded default and
tests) a bot move with a countdown (GAMES_BOT_DELAY) inside the site's event loop waits on that loop, then
runs in a database thread like a socket message (games.background.later), so bots keep the same pace with or without a worker.
Without a loop or a countdown it runs at once; moves it triggers queue up behind it in a loop instead of
nesting calls, so a game played by bots alone does not recurse. Timers (countdown jobs) are skipped in
eager mode, since an eager countdown would fire before its time: there the in-process scheduler
(`games.scheduler`) runs the sweeper every second, which ends overdue turns and hands absent players'
seats to bots.

A job that cannot be queued (the broker unreachable) is logged and dropped (`games.broadcast.after_commit`):
the action that needed it stands, and the sweeper restarts stalled bots and ends overdue turns.
"""
import threading
from collections import deque

from celery import current_app

from games.background import later, site_loop
from games.broadcast import after_commit

PLAY_BOT_MOVE = "games.tasks.play_bot_move"
EXPIRE_TURN = "games.tasks.expire_turn"
CHECK_ABSENT_PLAYER = "games.tasks.check_absent_player"

_local = threading.local()


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
    app = current_app
    if app.conf.task_always_eager:
        if timer:
            return
        task = app.tasks[task_name]
        loop = site_loop() if countdown > 0 else None
        if loop is not None:   # waits on the site's loop, then runs in a database thread (games.background)
            later(loop, lambda: task.apply(args=args, throw=True), countdown, name=task_name)
        else:
            _run_eagerly(task, args)
        return
    app.send_task(task_name, args=args, countdown=max(0.0, countdown))


def dispatch_on_commit(task_name, *args, countdown=0.0, timer=False):
    after_commit(lambda: dispatch(task_name, *args, countdown=countdown, timer=timer), task_name)
