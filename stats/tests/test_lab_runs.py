"""The balance lab's runs: chunks add up to one run, cancelling, drafts kept apart from live games, invalid
requests refused, comparing runs."""
import pytest

from cards.drafts import services as drafts
from cards.machikoro.models import Establishment
from games.machikoro import engine
from games.rulesets import get_ruleset
from stats.lab import runner, services, summary
from stats.models import LabChunk, LabRun

from stats.tests.lab_helpers import MACHIKORO_SETTINGS, machikoro_request, start

pytestmark = pytest.mark.django_db


def test_chunks_merge_to_exactly_the_single_process_run():
    card_set = engine.load_card_set()
    whole = engine.lab.play_chunk(card_set, MACHIKORO_SETTINGS, 5, 0, 40)
    parts = [engine.lab.play_chunk(card_set, MACHIKORO_SETTINGS, 5, a, b) for a, b in ((0, 7), (7, 30), (30, 40))]
    assert summary.merge_tallies(parts) == whole
    assert whole["games"] == 40 and sum(whole["wins_by_seat"].values()) == 40 - whole["unfinished"]


def test_a_run_gives_the_same_numbers_whatever_its_chunk_size(official_cards, inline_runs, monkeypatch,
                                                               django_capture_on_commit_callbacks):
    first = start(machikoro_request(games=45), django_capture_on_commit_callbacks)
    monkeypatch.setattr(services, "chunk_size_for", lambda games: 7)
    second = start(machikoro_request(games=45), django_capture_on_commit_callbacks)
    assert first.status == second.status == LabRun.Status.DONE
    assert first.chunk_count != second.chunk_count == 7
    assert first.result == second.result
    assert second.games_done == 45 and LabChunk.objects.filter(run=second).count() == 7


def test_the_result_has_rates_with_intervals_and_every_card(official_cards, inline_runs,
                                                            django_capture_on_commit_callbacks):
    run = start(machikoro_request(games=30), django_capture_on_commit_callbacks)
    result = run.result
    assert result["games"] == 30
    seat = result["wins_by_seat"]["0"]
    assert 0 <= seat["low"] <= seat["rate"] <= seat["high"] <= 1
    names = {c["name"] for c in result["cards"]}
    assert {"Wheat Field", "Ranch", "Bakery"} <= names
    assert all(l["mean_rank"] >= 1 for l in result["landmarks"])
    assert run.software_version and run.rules["cards"]["establishments"]


def test_cancelling_stops_the_chunks_not_yet_played(official_cards, monkeypatch,
                                                      django_capture_on_commit_callbacks):
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)   # nobody plays it yet
    monkeypatch.setattr(services, "chunk_size_for", lambda games: 10)
    run = start(machikoro_request(games=50), django_capture_on_commit_callbacks)
    runner.play_chunk(run.pk, 0)
    services.cancel_run(run.pk)
    runner.play_run_here(run.pk)
    run.refresh_from_db()
    assert run.status == LabRun.Status.CANCELLED
    assert run.games_done == 10 and list(run.chunks.values_list("index", flat=True)) == [0]
    assert run.result["partial"] and run.result["games"] == 10   # what was played is kept (test_lab_cancel_keeps)


def test_cancelling_stops_a_chunk_between_games(official_cards, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)
    run = start(machikoro_request(games=40), django_capture_on_commit_callbacks)
    real_play = engine.lab.play_one

    def play_then_cancel(*args):
        services.cancel_run(run.pk)
        return real_play(*args)

    monkeypatch.setattr(engine.lab, "play_one", play_then_cancel)
    runner.play_chunk(run.pk, 0)
    run.refresh_from_db()
    # It stops at its next look (before its 10th game) and keeps the 9 games it played (test_lab_cancel_keeps).
    assert run.status == LabRun.Status.CANCELLED and run.games_done == 9
    assert list(run.chunks.values_list("games", flat=True)) == [9]


def test_a_draft_never_reaches_live_games(official_cards, designer, inline_runs,
                                          django_capture_on_commit_callbacks):
    draft = drafts.create_draft(name="Cheap ranch", user=designer)
    draft.cards.filter(slug="ranch").update(cost=0)
    ruleset = get_ruleset("machikoro")
    live = ruleset.freeze_rules(ruleset.clean_options({"extensions": ["base"]}))
    assert {c["slug"]: c["cost"] for c in live["cards"]["establishments"]}["ranch"] == 1
    assert Establishment.objects.get(slug="ranch").cost == 1
    run = start(machikoro_request(games=12, draft=draft), django_capture_on_commit_callbacks)
    assert {c["slug"]: c["cost"] for c in run.rules["cards"]["establishments"]}["ranch"] == 0
    assert run.draft_name == "Cheap ranch" and run.status == LabRun.Status.DONE
    assert run.card_set_text == "Draft “Cheap ranch”" and str(run) == "12 games, Draft “Cheap ranch”"


def test_a_draft_without_a_card_plays_without_it(official_cards, designer, inline_runs,
                                                 django_capture_on_commit_callbacks):
    draft = drafts.create_draft(name="No stadium", user=designer)
    draft.cards.filter(slug="stadium").update(included=False)
    run = start(machikoro_request(games=10, draft=draft), django_capture_on_commit_callbacks)
    assert "stadium" not in {c["slug"] for c in run.rules["cards"]["establishments"]}
    assert "stadium" not in {c["slug"] for c in run.result["cards"]}


def test_publishing_a_draft_edits_the_cards_with_history(official_cards, designer):
    draft = drafts.create_draft(name="Pricier bakery", user=designer)
    draft.cards.filter(slug="bakery").update(cost=2, effect="c 2")
    changes = drafts.draft_changes(draft)
    assert changes["changed"] == [("establishment", "bakery", "cost: 1 → 2; effect: c 1 → c 2")]
    drafts.publish_draft(draft, user=designer)
    bakery = Establishment.objects.get(slug="bakery")
    assert (bakery.cost, bakery.effect) == (2, "c 2")
    latest = bakery.history.latest()
    assert latest.history_user == designer and latest.cost == 2
    draft.refresh_from_db()
    assert draft.published_at is not None and drafts.draft_changes(draft)["changed"] == []


def test_invalid_requests_change_nothing(official_cards):
    with pytest.raises(services.LabRunInvalid) as error:
        services.start_run(machikoro_request(games=0, bots=("teleporter",), players=9))
    assert set(error.value.errors) == {"games", "bots", "players"}
    assert not LabRun.objects.exists()


def test_an_unplayable_draft_is_refused_with_the_reason(official_cards, designer):
    draft = drafts.create_draft(name="Broken", user=designer)
    draft.cards.filter(slug="wheat-field").update(included=False)   # a starting card
    with pytest.raises(services.LabRunInvalid) as error:
        services.start_run(machikoro_request(draft=draft))
    assert "cannot be played" in str(error.value) and not LabRun.objects.exists()


def test_comparison_marks_only_real_differences():
    def tally(wins0, games):
        return {"games": games, "unfinished": 0, "turns_sum": games * 30, "turns_squares": games * 900 + games * 9,
                "length_buckets": {"30": games}, "wins_by_seat": {"0": wins0, "1": games - wins0},
                "seats_by_bot": {"income": 2 * games}, "wins_by_bot": {"income": games}, "cards": {}, "landmarks": {}}

    ruleset = get_ruleset("machikoro")
    same = summary.compare(summary.summarise(tally(500, 1000), {}, ruleset),
                           summary.summarise(tally(510, 1000), {}, ruleset), "machikoro")
    assert not any(r["significant"] for r in same)
    moved = summary.compare(summary.summarise(tally(500, 1000), {}, ruleset),
                            summary.summarise(tally(650, 1000), {}, ruleset), "machikoro")
    assert [r["figure"] for r in moved if r["significant"]] == ["Win rate of seat 1", "Win rate of seat 2"]


def test_wilson_interval_is_sensible():
    low, high = summary.wilson(50, 100)
    assert 0.40 < low < 0.5 < high < 0.60
    assert summary.wilson(0, 0) == (0.0, 1.0)
