"""Playing a lab run's chunks: a group of Celery tasks with a worker, a background thread without one.

Either way each chunk is played by `play_chunk` and stored by `record_chunk`; the chunk that completes
the run merges the tallies, so the result is the same whatever the number of workers. A run that stops sooner
(cancelled, or by its stopping rule) keeps what its chunks played: see stats.lab.chunks.
"""
import logging
import time

from celery import group
from django.conf import settings
from django.db import OperationalError

from config.celery import app as celery_app
from games.background import in_thread
from games.rulesets import get_ruleset
from stats.lab import chunks
from stats.models import LabRun

log = logging.getLogger(__name__)
# The task playing one chunk, started by its name: stats.tasks imports this module, not the reverse.
PLAY_LAB_CHUNK = "stats.tasks.play_lab_chunk"
CANCEL_CHECK_EVERY = 10     # games between two looks at the run's status (cancelled, or stopped by its rule)
STORE_ATTEMPTS = 5          # a chunk's tally is stored again after a transient database error (SQLite's locks)


def play_chunk(run_id, index):
    """Play chunk `index` of run `run_id` and store its tally; nothing if the run was already stopped. A chunk
    that sees the run stop (cancelled, or by its stopping rule) stops too and stores the games it played."""
    run = LabRun.objects.filter(pk=run_id).first()
    if run is None or run.is_final:
        log.info("lab run %s chunk %s: not played, the run is %s", run_id, index, run.status if run else "gone")
        return
    chunks.mark_running(run_id)
    start = index * run.chunk_size
    stop = min(run.games, start + run.chunk_size)
    played = [0]

    def should_stop():
        played[0] += 1
        return played[0] % CANCEL_CHECK_EVERY == 0 and chunks.is_final(run_id)

    try:
        tally = get_ruleset(run.game).lab_play(run.rules, run.game_settings, run.seed, start, stop, should_stop)
    except Exception as exc:  # a card set that breaks mid-game: the run fails with the reason, not silently
        log.exception("lab run %s chunk %s failed", run_id, index)
        chunks.fail_run(run_id, f"Chunk {index} failed: {exc!r}")
        return
    if tally["games"] < stop - start:   # the run stopped: what was played still counts (record_chunk merges it)
        log.info("lab run %s chunk %s: stopped after %s games, the run stopped", run_id, index, tally["games"])
    else:
        log.info("lab run %s chunk %s: played %s games", run_id, index, tally["games"])
    store_chunk(run_id, index, tally)


def store_chunk(run_id, index, tally):
    """`record_chunk`, again after a transient database error (SQLite answers a write that meets a reader's
    table lock at once); a chunk that still cannot be stored fails the run rather than leaving it running."""
    for attempt in range(1, STORE_ATTEMPTS + 1):
        try:
            return chunks.record_chunk(run_id, index, tally)
        except OperationalError as exc:
            if attempt == STORE_ATTEMPTS:
                log.exception("lab run %s chunk %s could not be stored", run_id, index)
                chunks.fail_run(run_id, f"Chunk {index} could not be stored: {exc}")
                return None
            log.warning("lab run %s chunk %s: storing failed (%s), trying again", run_id, index, exc)
            time.sleep(0.1 * attempt)


def play_run_here(run_id):
    """Every chunk, one after the other, in this thread (the embedded default's worker: a thread of its own,
    whose database connection games.background.in_thread closes when the run ends)."""
    try:
        run = LabRun.objects.get(pk=run_id)
        for index in range(run.chunk_count):
            if chunks.is_final(run_id):
                return
            play_chunk(run_id, index)
    except Exception as exc:  # noqa: BLE001: the run says it failed; it must never stay "running" with no thread
        log.exception("lab run %s failed", run_id)
        chunks.fail_run(run_id, f"The run stopped: {exc!r}")


def in_process():
    """Runs are played in the server process when there is no worker (Celery eager: the embedded default)."""
    return bool(celery_app.conf.task_always_eager) or getattr(settings, "LAB_IN_PROCESS", False)


def dispatch_run(run_id):
    """Have a stored run played: chunks to the workers, or a thread of this process without a broker."""
    if in_process():
        if getattr(settings, "LAB_IN_PROCESS_THREAD", True):
            in_thread(play_run_here, run_id, name=f"lab-run-{run_id}")
        else:
            play_run_here(run_id)
        return
    run = LabRun.objects.get(pk=run_id)
    play = celery_app.tasks[PLAY_LAB_CHUNK]
    group(play.si(run_id, index) for index in range(run.chunk_count)).apply_async()
