"""Cancelling a lab run keeps the games it played: the stored chunks and what the chunks being played had
played, merged into a result marked partial, whether the chunks were played one after the other (the thread
without a worker) or by workers in any order; a chunk landing after the cancel is counted once."""
import pytest
from django.urls import reverse

from games.machikoro import engine
from stats import tasks
from stats.lab import chunks, runner, services, summary
from stats.models import LabRun

from stats.tests.lab_helpers import MACHIKORO_SETTINGS, machikoro_request, start

pytestmark = pytest.mark.django_db
SEED = 11


@pytest.fixture
def queued_run(official_cards, monkeypatch, django_capture_on_commit_callbacks):
    """A 50-game run in chunks of 10 that nobody plays until the test does."""
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)
    monkeypatch.setattr(services, "chunk_size_for", lambda games: 10)
    return start(machikoro_request(games=50, seed=SEED), django_capture_on_commit_callbacks)


def games_tally(*ranges):
    """The tally of the run's games in `ranges` ((start, stop), ...), played straight by the engine."""
    card_set = engine.load_card_set()
    return summary.merge_tallies(engine.lab.play_chunk(card_set, MACHIKORO_SETTINGS, SEED, a, b) for a, b in ranges)


def cancel_during_game(monkeypatch, run, game_index):
    """Cancel `run` as its game `game_index` starts (as a designer's click would, mid-chunk)."""
    real_play = engine.lab.play_one
    seeds = {engine.lab.game_seed(SEED, game_index)}

    def play(card_set, options, seed, bots, tally):
        if seed in seeds:
            services.cancel_run(run.pk)
        return real_play(card_set, options, seed, bots, tally)

    monkeypatch.setattr(engine.lab, "play_one", play)


def test_cancelling_between_chunks_keeps_the_stored_games_as_a_partial_result(queued_run):
    runner.play_chunk(queued_run.pk, 0)
    runner.play_chunk(queued_run.pk, 1)
    services.cancel_run(queued_run.pk)
    runner.play_run_here(queued_run.pk)     # what is left is skipped
    queued_run.refresh_from_db()
    assert queued_run.status == LabRun.Status.CANCELLED and queued_run.games_done == 20
    assert queued_run.result["partial"] is True and queued_run.result["games"] == 20
    assert "stopping" not in queued_run.result


def test_a_chunk_being_played_in_the_thread_stops_and_keeps_its_games(queued_run, monkeypatch):
    cancel_during_game(monkeypatch, queued_run, 25)
    runner.play_run_here(queued_run.pk)
    queued_run.refresh_from_db()
    # Chunk 2 looks at the run before its 10th game and stops there: 9 of its games are kept.
    assert queued_run.status == LabRun.Status.CANCELLED and queued_run.games_done == 29
    assert sorted(queued_run.chunks.values_list("index", "games")) == [(0, 10), (1, 10), (2, 9)]
    expected = games_tally((0, 29))
    assert queued_run.result["games"] == 29 and queued_run.result["partial"]
    assert queued_run.result["wins_by_seat"]["0"]["successes"] == expected["wins_by_seat"]["0"]
    assert queued_run.result["length"]["count"] == 29
    assert queued_run.result["length"]["mean"] == pytest.approx(expected["turns_sum"] / 29)


def test_workers_chunks_out_of_order_and_late_are_merged_once(queued_run, monkeypatch):
    tasks.play_lab_chunk(queued_run.pk, 3)      # workers finish chunks in any order
    tasks.play_lab_chunk(queued_run.pk, 0)
    cancel_during_game(monkeypatch, queued_run, 15)
    tasks.play_lab_chunk(queued_run.pk, 1)      # being played when the designer cancels: lands after it
    queued_run.refresh_from_db()
    assert queued_run.status == LabRun.Status.CANCELLED
    assert queued_run.result["games"] == queued_run.games_done == 29 and queued_run.result["partial"]
    tasks.play_lab_chunk(queued_run.pk, 4)      # not started before the cancel: skipped
    chunks.record_chunk(queued_run.pk, 1, games_tally((10, 19)))   # the late chunk delivered twice
    queued_run.refresh_from_db()
    assert queued_run.games_done == 29 and queued_run.result["games"] == 29
    expected = games_tally((0, 10), (10, 19), (30, 40))
    assert queued_run.result["wins_by_seat"]["0"]["successes"] == expected["wins_by_seat"]["0"]
    assert queued_run.result["length"]["mean"] == pytest.approx(expected["turns_sum"] / 29)


def test_a_late_chunk_of_a_run_cancelled_before_any_was_stored_makes_a_partial_result(queued_run):
    services.cancel_run(queued_run.pk)
    queued_run.refresh_from_db()
    assert queued_run.result is None and queued_run.games_done == 0
    chunks.record_chunk(queued_run.pk, 2, games_tally((20, 24)))
    queued_run.refresh_from_db()
    assert queued_run.games_done == 4 and queued_run.result["games"] == 4 and queued_run.result["partial"]


def test_a_failed_run_takes_no_late_chunk(queued_run):
    runner.play_chunk(queued_run.pk, 0)
    chunks.fail_run(queued_run.pk, "Chunk 1 failed")
    chunks.record_chunk(queued_run.pk, 2, games_tally((20, 25)))
    queued_run.refresh_from_db()
    assert queued_run.status == LabRun.Status.FAILED and queued_run.games_done == 10 and queued_run.result is None


def test_a_finished_run_cannot_be_cancelled_into_a_partial_one(official_cards, inline_runs,
                                                               django_capture_on_commit_callbacks):
    run = start(machikoro_request(games=20), django_capture_on_commit_callbacks)
    services.cancel_run(run.pk)
    run.refresh_from_db()
    assert run.status == LabRun.Status.DONE and "partial" not in run.result


@pytest.fixture
def designer_client(client, designer):
    client.force_login(designer)
    return client


def page(client, run):
    response = client.get(reverse("stats:lab-run", args=[run.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_run_page_says_it_was_cancelled_and_shows_the_partial_results(queued_run, designer_client):
    runner.play_chunk(queued_run.pk, 0)
    runner.play_chunk(queued_run.pk, 1)
    services.cancel_run(queued_run.pk)
    text = page(designer_client, queued_run)
    assert "Cancelled after 20 of 50 games: partial results." in text
    assert 'id="lab-result"' in text and "Who wins" in text


def test_a_run_cancelled_before_any_game_says_so(queued_run, designer_client):
    services.cancel_run(queued_run.pk)
    text = page(designer_client, queued_run)
    assert "Cancelled after 0 of 50 games: no results." in text and 'id="lab-result"' not in text


def test_the_banner_groups_the_counts_in_the_readers_language(queued_run, designer_client):
    runner.play_chunk(queued_run.pk, 0)
    services.cancel_run(queued_run.pk)
    LabRun.objects.filter(pk=queued_run.pk).update(games=3000, games_done=1230)   # as a big run would stand
    assert "Cancelled after 1,230 of 3,000 games: partial results." in page(designer_client, queued_run)
    designer_client.cookies["django_language"] = "fr"
    french = page(designer_client, queued_run)
    assert 'lang="fr"' in french and "1\u00a0230" in french and "3\u00a0000" in french
