"""Running a saved lab run again with its exact cards, and the intervals of the cards' means."""
import functools
import math
import statistics

import pytest
from django.urls import reverse

from cards.drafts import services as drafts
from games.machikoro import engine
from games.rulesets import get_ruleset
from stats.lab import runner, services, summary
from stats.models import LabRun
from stats.templatetags.stats_tags import decimal

from stats.tests.lab_helpers import MACHIKORO_SETTINGS, csv_rows, machikoro_request, start

pytestmark = pytest.mark.django_db
# This module's runs: 24 games from seed 31 unless a test says otherwise.
lab_request = functools.partial(machikoro_request, games=24, seed=31)


def run_again(client, run, capture):
    with capture(execute=True):
        response = client.post(reverse("stats:lab-again", args=[run.pk]))
    again = LabRun.objects.order_by("-pk").first()
    assert response.status_code == 302 and response.url == reverse("stats:lab-run", args=[again.pk])
    return again


def test_running_again_replays_the_stored_cards_not_the_edited_draft(client, official_cards, designer, inline_runs,
                                                                     django_capture_on_commit_callbacks):
    draft = drafts.create_draft(name="Cheap ranch", user=designer)
    draft.cards.filter(slug="ranch").update(cost=0)
    first = start(lab_request(draft=draft, name="Ranch at 0"), django_capture_on_commit_callbacks)
    assert first.status == LabRun.Status.DONE
    # The designer edits the draft after the run: a run started from it now plays other cards.
    draft.cards.filter(slug="ranch").update(cost=4)
    draft.cards.filter(slug="bakery").update(effect="c 3")
    draft.cards.filter(slug="stadium").update(included=False)
    fresh = start(lab_request(draft=draft), django_capture_on_commit_callbacks)
    assert fresh.rules != first.rules and fresh.result != first.result

    client.force_login(designer)
    page = client.get(reverse("stats:lab-run", args=[first.pk])).content.decode()
    assert reverse("stats:lab-again", args=[first.pk]) in page and "Run again with these exact cards" in page
    again = run_again(client, first, django_capture_on_commit_callbacks)
    assert again.pk not in (first.pk, fresh.pk) and again.status == LabRun.Status.DONE
    assert again.result == first.result and again.rules == first.rules
    assert (again.seed, again.games, again.options, again.game) == (first.seed, first.games, first.options, first.game)
    assert (again.name, again.draft_id, again.draft_name, again.created_by) == ("Ranch at 0", draft.pk, "Cheap ranch",
                                                                                designer)
    ranch = {c["slug"]: c["cost"] for c in again.rules["cards"]["establishments"]}["ranch"]
    assert ranch == 0


def test_running_again_a_run_whose_draft_is_gone(client, official_cards, designer, inline_runs,
                                                 django_capture_on_commit_callbacks):
    draft = drafts.create_draft(name="Gone soon", user=designer)
    draft.cards.filter(slug="wheat-field").update(cost=0)
    first = start(lab_request(draft=draft, games=12), django_capture_on_commit_callbacks)
    draft.delete()
    client.force_login(designer)
    again = run_again(client, LabRun.objects.get(pk=first.pk), django_capture_on_commit_callbacks)
    assert again.result == first.result and again.draft_id is None and again.draft_name == "Gone soon"


def test_running_again_an_aquarius_run(client, official_cards, designer, inline_runs,
                                       django_capture_on_commit_callbacks):
    first = start(services.LabRequest(game="aquarius", players=2, bots=("strong", "greedy"), games=12, seed=5,
                                      options={"deck": "first-edition", "chicken": True}),
                  django_capture_on_commit_callbacks)
    client.force_login(designer)
    again = run_again(client, first, django_capture_on_commit_callbacks)
    assert again.result == first.result and again.options == first.options and again.options["chicken"] is True


def test_running_again_is_a_designers_post(client, official_cards, designer, player, monkeypatch,
                                          django_capture_on_commit_callbacks):
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)
    run = start(lab_request(games=10), django_capture_on_commit_callbacks)
    url = reverse("stats:lab-again", args=[run.pk])
    client.force_login(player)
    assert client.post(url).status_code == 403
    client.force_login(designer)
    assert client.get(url).status_code == 405
    assert client.post(reverse("stats:lab-again", args=[run.pk + 100])).status_code == 404
    assert LabRun.objects.count() == 1


def test_running_again_what_cannot_be_played_says_why(client, official_cards, designer, monkeypatch,
                                                      django_capture_on_commit_callbacks):
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)
    run = start(lab_request(games=10), django_capture_on_commit_callbacks)
    LabRun.objects.filter(pk=run.pk).update(options={**run.options, "bots": ["teleporter"]})
    client.force_login(designer)
    response = client.post(reverse("stats:lab-again", args=[run.pk]), follow=True)
    assert "Choose bots among" in response.content.decode() and LabRun.objects.count() == 1


# The cards' means have intervals: first purchase turn, payouts per game, payout

def test_card_means_have_intervals_from_the_games():
    """The tally's sums of squares give the same spread as the values themselves."""
    card_set = engine.load_card_set()
    tally, turns, payouts, per_game = engine.lab.empty_tally(), [], [], []
    for index in range(20):
        seed = engine.lab.game_seed(9, index)
        options = engine.lab.options_for(MACHIKORO_SETTINGS)
        state = engine.new_game(card_set, options, seed, 3)
        bots = engine.lab.seat_bots(MACHIKORO_SETTINGS["bots"], 3, seed)
        # Replay the same game by hand to see each wheat field payout and each first bakery purchase.
        first_bakery, wheat = {}, 0
        from games.machikoro.engine.events import Bought, Transfer
        from games.machikoro.engine.rules import PHASE_HANDLERS
        from games.machikoro.engine.state import BANK, OVER

        events = []
        while state.phase != OVER:
            events.clear()
            PHASE_HANDLERS[state.phase](state, bots[state.active].act(state), events)
            for event in events:
                if type(event) is Transfer and event.card is not None and event.payee is not BANK and event.amount > 0 \
                        and event.card.slug == "wheat-field":
                    payouts.append(event.amount)
                    wheat += 1
                elif type(event) is Bought and event.card.slug == "bakery":
                    first_bakery.setdefault(event.player, state.turn)
        turns += list(first_bakery.values())
        per_game.append(wheat)
        engine.lab.play_one(card_set, options, seed, engine.lab.seat_bots(MACHIKORO_SETTINGS["bots"], 3, seed), tally)
    row = {c["slug"]: c for c in summary.summarise(tally, {}, get_ruleset("machikoro"))["cards"]}
    for figure, values in ((row["bakery"]["first_buy_turn"], turns), (row["wheat-field"]["activations"], per_game),
                           (row["wheat-field"]["payout"], payouts)):
        assert len(values) >= 2 and figure["count"] == len(values)
        assert figure["mean"] == pytest.approx(statistics.mean(values))
        assert figure["sd"] == pytest.approx(statistics.stdev(values))
        margin = summary.Z95 * statistics.stdev(values) / math.sqrt(len(values))
        assert figure["high"] == pytest.approx(statistics.mean(values) + margin)
        assert figure["low"] == pytest.approx(max(0.0, statistics.mean(values) - margin))
    assert row["bakery"]["mean_first_buy_turn"] == row["bakery"]["first_buy_turn"]["mean"]   # kept for old readers


def test_the_page_and_the_csv_show_the_means_intervals(client, official_cards, designer, inline_runs,
                                                       django_capture_on_commit_callbacks):
    run = start(lab_request(games=20), django_capture_on_commit_callbacks)
    client.force_login(designer)
    rows = csv_rows(client, run)
    bakery = {r[0]: r for r in rows if r[1] == "Bakery"}
    for section, key in (("mean turn of first purchase", "first_buy_turn"), ("activations per game", "activations"),
                         ("mean payout per activation", "payout")):
        figure = next(c for c in run.result["cards"] if c["slug"] == "bakery")[key]
        assert [float(v) for v in bakery[section][2:5]] == pytest.approx([figure["mean"], figure["low"], figure["high"]])
        assert int(bakery[section][5]) == figure["count"]
    page = client.get(reverse("stats:lab-run", args=[run.pk])).content.decode()
    header = page[page.index("Copies bought"):page.index("</thead>", page.index("Copies bought"))]
    assert header.count("95 % interval") == 4
    # A result stored before the means had intervals still shows them, with a dash for the interval.
    old = {**run.result, "cards": [{k: v for k, v in c.items() if k not in ("first_buy_turn", "activations", "payout")}
                                   for c in run.result["cards"]]}
    LabRun.objects.filter(pk=run.pk).update(result=old)
    page = client.get(reverse("stats:lab-run", args=[run.pk])).content.decode()
    bakery_row = page[page.index('<th scope="row">Bakery</th>'):]
    bakery_row = bakery_row[:bakery_row.index("</tr>")]
    stored = next(c for c in old["cards"] if c["slug"] == "bakery")
    assert f"<td>{decimal(stored['mean_first_buy_turn'], 1)}</td><td>\u2014</td>" in bakery_row
