"""A lab run never stays "running" with nobody playing it: a transient database error while a chunk's tally is
stored is tried again (SQLite answers a write that meets a reader's lock at once), and a run whose chunks cannot
be stored, or whose thread stops on an error, ends failed with the reason."""
import pytest
from django.db import OperationalError

from stats.lab import chunks, runner, services
from stats.models import LabRun

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued_run(official_cards, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)   # the test plays it
    monkeypatch.setattr(runner.time, "sleep", lambda seconds: None)
    monkeypatch.setattr(services, "chunk_size_for", lambda games: 10)
    request = services.LabRequest(game="machikoro", players=2, extensions=("base",), market="all",
                                  bots=("random", "income"), games=30, seed=5)
    with django_capture_on_commit_callbacks(execute=True):
        run = services.start_run(request)
    return run


def failing_first(monkeypatch, failures):
    """record_chunk fails with a locked database `failures` times, then stores as usual."""
    real, calls = chunks.record_chunk, []

    def record(*args):
        calls.append(args[1])
        if len(calls) <= failures:
            raise OperationalError("database table is locked: stats_labrun")
        return real(*args)

    monkeypatch.setattr(chunks, "record_chunk", record)
    return calls


def test_a_chunk_stored_after_a_transient_lock_completes_the_run(queued_run, monkeypatch):
    calls = failing_first(monkeypatch, failures=2)
    runner.play_run_here(queued_run.pk)
    queued_run.refresh_from_db()
    assert queued_run.status == LabRun.Status.DONE and queued_run.games_done == 30
    assert calls[:3] == [0, 0, 0] and queued_run.result["games"] == 30


def test_a_chunk_that_cannot_be_stored_fails_the_run_with_the_reason(queued_run, monkeypatch):
    failing_first(monkeypatch, failures=runner.STORE_ATTEMPTS)
    runner.play_run_here(queued_run.pk)
    queued_run.refresh_from_db()
    assert queued_run.status == LabRun.Status.FAILED and "could not be stored" in queued_run.error
    assert queued_run.games_done == 0 and not queued_run.chunks.exists()


def test_a_run_whose_thread_stops_on_an_error_fails(queued_run, monkeypatch):
    def broken(run_id, index):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(runner, "play_chunk", broken)
    runner.play_run_here(queued_run.pk)
    queued_run.refresh_from_db()
    assert queued_run.status == LabRun.Status.FAILED and "the database went away" in queued_run.error
