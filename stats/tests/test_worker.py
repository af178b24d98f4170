"""The statistics tasks through Redis and a real Celery worker, on PostgreSQL.

Run with `pytest stats -m worker` and DATABASE_URL (PostgreSQL), REDIS_URL and CELERY_TASK_ALWAYS_EAGER=0
(.ci/run does). The worker is started inside the test against the test database itself, which
`transactional_db` commits to, so the worker sees the game the test stored; it consumes a queue of its own,
so no other worker on the same Redis can take the test's tasks. It logs at INFO: the lab's runner says there
what it did with each chunk (stats/lab/runner.py), which the cancel test reads.
"""
import os
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import connection, transaction

from config.celery import app as celery_app
from stats import services, tasks
from stats.models import GameStatistics, SiteStatistics

from stats.tests.factories import play_finished_game

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60

pytestmark = pytest.mark.worker


def database_url():
    db = connection.settings_dict
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


@pytest.fixture
def worker(transactional_db, tmp_path):
    assert connection.vendor == "postgresql", "the worker test needs DATABASE_URL=postgres://..."
    assert settings.REDIS_URL, "the worker test needs REDIS_URL"
    assert not celery_app.conf.task_always_eager, "the worker test needs CELERY_TASK_ALWAYS_EAGER=0"
    queue = f"stats-test-{uuid.uuid4().hex[:12]}"
    default_queue = celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue  # read when each task is sent
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test", "DATABASE_URL": database_url(),
           "REDIS_URL": settings.REDIS_URL, "CELERY_TASK_ALWAYS_EAGER": "0", "DJANGO_LOG_LEVEL": "INFO"}
    log_path = tmp_path / "worker.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-Q", queue,
             "--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "info", "-n", f"{queue}@%h"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    process.log_path = log_path
    yield process
    celery_app.conf.task_default_queue = default_queue
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    # Leave Redis as it was: the queue and kombu's records of its binding.
    redis.Redis.from_url(settings.REDIS_URL).delete(queue, f"_kombu.binding.{queue}",
                                                    f"_kombu.binding_permanent.{queue}")


def wait_for(check, process, what):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if check():
            return
        if process.poll() is not None:
            break
        time.sleep(0.2)
    pytest.fail(f"{what} did not happen within {TIMEOUT}s; worker log:\n{process.log_path.read_text()[-4000:]}")


def test_game_end_is_computed_by_the_worker(worker):
    game, final = play_finished_game(seed=201, players=3, extensions=("base", "harbor"))
    with transaction.atomic():
        services.game_finished(game)  # queued to Redis when this commits

    def done():
        return GameStatistics.objects.filter(game=game, status=GameStatistics.Status.DONE).exists()

    wait_for(done, worker, "the statistics task")
    statistics = GameStatistics.objects.get(game=game)
    assert statistics.result["turns"][-1]["coins"] == [p.coins for p in final.players]
    assert statistics.result["winner"] == final.winner
    first = statistics.result

    # The periodic refresh, through the worker too.
    tasks.refresh_site_statistics.delay()
    wait_for(lambda: SiteStatistics.objects.filter(games=1).exists(), worker, "the site refresh")
    assert SiteStatistics.objects.get().totals["machikoro"]["turns"] == first["turn_count"]

    # Queued again (a retry): same numbers, and the site totals do not count the game twice.
    with transaction.atomic():
        services.request_statistics(game)
    wait_for(lambda: GameStatistics.objects.filter(game=game, attempts=2, status="done").exists(), worker,
             "the second computation")
    assert GameStatistics.objects.get(game=game).result == first
    refreshed = SiteStatistics.objects.get().refreshed_at
    tasks.refresh_site_statistics.delay()
    wait_for(lambda: SiteStatistics.objects.get().refreshed_at != refreshed, worker, "the second refresh")
    assert SiteStatistics.objects.get().games == 1


def test_a_lab_run_is_played_by_the_worker_and_matches_an_in_process_run(worker, monkeypatch):
    from cards.loading import load_official_cards
    from stats.lab import runner
    from stats.lab import services as lab
    from stats.models import LabRun

    load_official_cards()
    monkeypatch.setattr(lab, "chunk_size_for", lambda games: 8)
    request = lab.LabRequest(game="machikoro", players=3, extensions=("base",), market="all",
                             bots=("income", "greedy", "random"), games=30, seed=77)
    run = lab.start_run(request)      # commits at once (transactional_db): the chunks go to the queue
    wait_for(lambda: LabRun.objects.filter(pk=run.pk, status=LabRun.Status.DONE).exists(), worker, "the lab run")
    by_worker = LabRun.objects.get(pk=run.pk)
    assert by_worker.games_done == 30 and by_worker.chunks.count() == 4

    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)
    monkeypatch.setattr(lab, "chunk_size_for", lambda games: 30)
    here = lab.start_run(request)
    runner.play_run_here(here.pk)
    assert LabRun.objects.get(pk=here.pk).result == by_worker.result


CHUNK_LINE = re.compile(r"lab run (\d+) chunk (\d+): (not played|played|stopped)")


def chunk_lines(process, run_id):
    """[(chunk index, "played" | "stopped" | "not played")] of a run, in the order the worker logged them."""
    return [(int(m[2]), m[3]) for m in CHUNK_LINE.finditer(process.log_path.read_text()) if int(m[1]) == run_id]


def test_cancelling_a_lab_run_stops_the_workers_remaining_chunks(worker, monkeypatch):
    from cards.loading import load_official_cards
    from stats.lab import services as lab
    from stats.models import LabRun

    load_official_cards()
    monkeypatch.setattr(lab, "chunk_size_for", lambda games: 10)
    request = lab.LabRequest(game="machikoro", players=2, extensions=("base",), market="all",
                             bots=("income", "income"), games=4000, seed=78)
    run = lab.start_run(request)      # 400 chunk tasks go to the worker's queue at once
    assert run.chunk_count == 400
    wait_for(lambda: LabRun.objects.get(pk=run.pk).games_done >= 20, worker, "the first chunks")
    lab.cancel_run(run.pk)
    before_cancel = len(chunk_lines(worker, run.pk))

    # The worker still takes every task of the group; each one after the cancel returns without playing.
    wait_for(lambda: len(chunk_lines(worker, run.pk)) == run.chunk_count, worker, "every chunk task")
    lines = chunk_lines(worker, run.pk)
    assert sorted(index for index, _ in lines) == list(range(run.chunk_count)), lines
    cancelled = LabRun.objects.get(pk=run.pk)
    # What was played before the cancel is kept: whole chunks, and the one in progress with its real count.
    assert cancelled.status == LabRun.Status.CANCELLED and cancelled.result["partial"] is True
    stored = dict(cancelled.chunks.values_list("index", "games"))
    assert 2 <= len(stored) < run.chunk_count
    assert cancelled.games_done == sum(stored.values()) == cancelled.result["games"] < run.games  # fewer than asked
    assert sum(games < 10 for games in stored.values()) <= 1                 # at most one chunk cut short
    assert set(stored) <= {index for index, outcome in lines if outcome in ("played", "stopped")}
    # No chunk runs once the cancel is seen: after the first chunk that found the run cancelled, none played;
    # after the cancel, at most the one chunk being played then went on (the worker plays one at a time).
    first_skip = next(k for k, (_, outcome) in enumerate(lines) if outcome == "not played")
    assert all(outcome == "not played" for _, outcome in lines[first_skip:]), lines[first_skip:]
    assert sum(outcome != "not played" for _, outcome in lines[before_cancel:]) <= 1, lines[before_cancel:]
    assert sum(outcome == "not played" for _, outcome in lines) >= run.chunk_count - len(stored) - 1
