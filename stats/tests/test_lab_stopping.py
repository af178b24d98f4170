"""Early stopping: a run with a stopping rule looks after every chunk (a sequential test, stats.lab.sequential)
and stops once it knows, saying when and why; the rule is stored with the run and replayed by "Run again"; the
form offers it and refuses a rule it cannot test."""
import pytest
from django.urls import reverse

from games.rulesets import get_ruleset
from stats import tasks
from stats.lab import chunks, runner, services
from stats.lab.sequential import HIGHER, LENGTH, LOWER, SAME, WIN_RATE
from stats.lab.services import StopRequest
from stats.models import LabRun

from stats.tests.lab_helpers import machikoro_request, start

pytestmark = pytest.mark.django_db


def two_player_request(bots, games=1000, stopping=None, seed=3):
    return machikoro_request(players=2, bots=bots, games=games, seed=seed, stopping=stopping)


def win_rate_rule(size=10.0, alpha=0.05):
    return StopRequest(measure=WIN_RATE, alpha=alpha, size=size)


@pytest.fixture
def designer_client(client, designer):
    client.force_login(designer)
    return client


def page(client, run):
    response = client.get(reverse("stats:lab-run", args=[run.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_a_stronger_bot_in_seat_1_stops_the_run_early_with_the_reason(official_cards, inline_runs, designer_client,
                                                                    django_capture_on_commit_callbacks):
    run = start(two_player_request(("income", "random"), stopping=win_rate_rule()), django_capture_on_commit_callbacks)
    assert run.chunk_size == services.MIN_STOPPING_CHUNK      # small chunks: the test looks often
    assert run.status == LabRun.Status.DONE and run.games_done == 50 and run.chunks.count() == 1
    look = run.result["stopping"]
    assert look["decision"] == HIGHER and look["games"] == 50 and look["llr"] >= look["upper"]
    assert run.result["games"] == 50 and "partial" not in run.result
    assert run.options["stopping"] == {"measure": WIN_RATE, "alpha": 0.05, "beta": 0.05, "players": 2, "size": 0.1}
    text = page(designer_client, run)
    assert (f"Stopped after 50 games: seat 1 wins more than its fair share "
            f"(LLR {look['llr']:.2f} ≥ {look['upper']:.2f}, α = 5 %).") in text
    assert "Seat 1&#x27;s win rate against its fair share (50 %), difference that matters 10 points, α = 5 %" in text


def test_a_weaker_bot_in_seat_1_stops_it_as_lower(official_cards, inline_runs, django_capture_on_commit_callbacks):
    run = start(two_player_request(("random", "income"), stopping=win_rate_rule()), django_capture_on_commit_callbacks)
    assert run.result["stopping"]["decision"] == LOWER and run.games_done < run.games


def test_a_fair_seat_stops_it_as_no_difference_that_matters(official_cards, inline_runs, designer_client,
                                                           django_capture_on_commit_callbacks):
    run = start(two_player_request(("random", "random"), stopping=win_rate_rule(size=20)),
                django_capture_on_commit_callbacks)
    look = run.result["stopping"]
    assert look["decision"] == SAME and run.games_done < 1000 and run.result["games"] == run.games_done
    assert look["llr_up"] <= look["lower"] and look["llr_down"] <= look["lower"]
    assert "the difference from its fair share is smaller than 20 points" in page(designer_client, run)


def test_a_length_rule_against_a_number_of_turns(official_cards, inline_runs, designer_client,
                                                 django_capture_on_commit_callbacks):
    rule = StopRequest(measure=LENGTH, size=1, reference_turns=200)
    run = start(two_player_request(("random", "random"), stopping=rule), django_capture_on_commit_callbacks)
    assert run.result["stopping"]["decision"] == LOWER and run.games_done == 50
    assert run.options["stopping"]["reference"] == {"run": None, "mean": 200, "sd": None, "count": None}
    assert "Stopped after 50 games: games are shorter than the reference" in page(designer_client, run)


def test_a_length_rule_against_a_run_stores_the_runs_figures(official_cards, inline_runs,
                                                             django_capture_on_commit_callbacks):
    reference = start(two_player_request(("random", "random"), games=40), django_capture_on_commit_callbacks)
    rule = StopRequest(measure=LENGTH, size=30, reference_run=reference)
    run = start(two_player_request(("random", "random"), games=100, seed=4, stopping=rule),
                django_capture_on_commit_callbacks)
    length = reference.result["length"]
    assert run.options["stopping"]["reference"] == {"run": reference.pk, "mean": length["mean"], "sd": length["sd"],
                                                    "count": 40}
    assert run.status == LabRun.Status.DONE and run.result["stopping"]["decision"] == SAME


def test_a_run_the_test_never_decides_plays_every_game_and_says_so(official_cards, inline_runs, designer_client,
                                                                  django_capture_on_commit_callbacks):
    run = start(two_player_request(("random", "random"), games=60, stopping=win_rate_rule(size=2)),
                django_capture_on_commit_callbacks)
    assert run.status == LabRun.Status.DONE and run.games_done == 60 and run.result["stopping"]["decision"] is None
    assert "The test had not decided after 60 games (LLR " in page(designer_client, run)


def test_run_again_replays_the_same_rule_and_stops_at_the_same_game(official_cards, inline_runs,
                                                                   django_capture_on_commit_callbacks):
    first = start(two_player_request(("random", "random"), stopping=win_rate_rule(size=20)),
                  django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        again = services.run_again(first)
    again.refresh_from_db()
    assert again.options == first.options and again.chunk_size == first.chunk_size
    assert again.games_done == first.games_done and again.result == first.result


def test_a_chunk_landing_after_the_rule_stopped_the_run_counts_once(official_cards, monkeypatch,
                                                                    django_capture_on_commit_callbacks):
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)   # workers: the test plays the chunks
    run = start(two_player_request(("income", "random"), stopping=win_rate_rule()), django_capture_on_commit_callbacks)
    tasks.play_lab_chunk(run.pk, 4)
    run.refresh_from_db()
    decided = run.result["stopping"]
    assert decided["decision"] == HIGHER and decided["games"] == 50
    tasks.play_lab_chunk(run.pk, 5)          # not started before the stop: skipped
    late = get_ruleset("machikoro").lab_play(run.rules, run.game_settings, run.seed, 0, 20)
    chunks.record_chunk(run.pk, 0, late)     # chunk 0 was being played: it stopped after 20 games
    chunks.record_chunk(run.pk, 0, late)
    run.refresh_from_db()
    assert run.status == LabRun.Status.DONE and run.games_done == 70 and run.result["games"] == 70
    assert run.result["stopping"] == decided and list(run.chunks.order_by("index").values_list("index", flat=True)) == [0, 4]


def test_an_aquarius_run_stops_early_too(official_cards, inline_runs, django_capture_on_commit_callbacks):
    request = services.LabRequest(game="aquarius", players=3, bots=("random",) * 3, games=500, seed=2,
                                  options={"deck": "first-edition", "chicken": False},
                                  stopping=StopRequest(measure=LENGTH, size=1, reference_turns=500))
    run = start(request, django_capture_on_commit_callbacks)
    assert run.result["stopping"]["decision"] == LOWER and run.games_done == 50


def post_form(client, **stop):
    form = {"game": "machikoro", "card_set": "published", "players": 2, "market": "all", "games": 100, "seed": 3,
            **{f"bot_{seat}": "random" for seat in range(1, 7)}, **stop}
    return client.post(reverse("stats:lab"), form)


def test_the_form_starts_a_run_with_a_stopping_rule(official_cards, inline_runs, designer_client,
                                                    django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = post_form(designer_client, stop_measure=WIN_RATE, stop_alpha="0.01", stop_size="20")
    run = LabRun.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("stats:lab-run", args=[run.pk])
    assert run.options["stopping"] == {"measure": WIN_RATE, "alpha": 0.01, "beta": 0.01, "players": 2, "size": 0.2}
    assert run.chunk_size == 50


@pytest.mark.parametrize("stop, field, message", [
    ({"stop_measure": LENGTH}, "stop_reference_run", "Choose a finished run or a number of turns"),
    ({"stop_measure": WIN_RATE, "stop_size": "60"}, "stop_size", "at most 49 points"),
    ({"stop_measure": "t-test"}, "stop_measure", "Select a valid choice"),
    ({"stop_measure": LENGTH, "stop_reference_turns": "-3"}, "stop_reference_turns", "greater than or equal to 0.1"),
])
def test_the_form_refuses_a_rule_it_cannot_test(official_cards, designer_client, stop, field, message):
    response = post_form(designer_client, **stop)
    assert response.status_code == 200 and not LabRun.objects.exists()
    assert message in " ".join(str(e) for e in response.context["form"].errors.get(field, []))
    assert "<details class=\"lab-stopping\" open>" in response.content.decode()
