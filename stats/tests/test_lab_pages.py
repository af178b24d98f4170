"""The balance lab's pages: only designers use them; a run is started, read, downloaded, compared and cancelled
from them."""
import pytest
from django.urls import reverse

from cards.drafts import services as drafts
from stats.lab import runner
from stats.models import LabRun

from stats.tests.lab_helpers import csv_rows, json_document, machikoro_request, start

pytestmark = pytest.mark.django_db


def test_only_designers_use_the_lab(client, official_cards, player, designer):
    url = reverse("stats:lab")
    assert client.get(url).status_code == 302
    client.force_login(player)
    assert client.get(url).status_code == 403
    assert client.post(url, {"games": 5}).status_code == 403
    client.force_login(designer)
    assert client.get(url).status_code == 200


def test_a_designer_runs_reads_downloads_and_compares(client, official_cards, designer, inline_runs,
                                                     django_capture_on_commit_callbacks):
    client.force_login(designer)
    form = {"card_set": "published", "players": 2, "market": "all", "games": 20, "seed": 3, "name": "",
            **{f"bot_{seat}": "income" for seat in range(1, 7)}}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("stats:lab"), form)
    run = LabRun.objects.get()
    assert response.status_code == 302 and response.url == reverse("stats:lab-run", args=[run.pk])
    page = client.get(response.url).content.decode()
    assert "Win rate by seat" in page and 'id="lab-result"' in page
    progress = client.get(reverse("stats:lab-progress", args=[run.pk])).json()
    assert progress == {**progress, "status": "done", "games_done": 20, "games": 20, "final": True}
    rows = csv_rows(client, run)
    assert rows[0][:3] == ["section", "name", "value"] and any(r[0] == "win rate by seat" for r in rows)
    exported = json_document(client, run)
    assert exported["seed"] == 3 and exported["result"] == run.result
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("stats:lab"), {**form, "seed": 4})
    other = LabRun.objects.exclude(pk=run.pk).get()
    compared = client.get(reverse("stats:lab-compare"), {"a": run.pk, "b": other.pk})
    assert compared.status_code == 200 and "Holm" in compared.content.decode()


@pytest.mark.parametrize("a", ["abc", "1.5", "-1", "99999999999999999999", ""])
def test_compare_with_a_run_number_that_is_not_one_is_not_found(client, designer, a):
    """`?a=abc` raised ValueError in the lookup: a 500."""
    client.force_login(designer)
    assert client.get(reverse("stats:lab-compare"), {"a": a, "b": "1"}).status_code == 404


def test_the_form_shows_every_error_at_once(client, official_cards, designer):
    client.force_login(designer)
    response = client.post(reverse("stats:lab"), {"card_set": "published", "players": 9, "games": 0})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert {"players", "games"} <= set(errors)
    assert not LabRun.objects.exists()


def test_cancel_view(client, official_cards, designer, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)
    run = start(machikoro_request(games=10), django_capture_on_commit_callbacks)
    client.force_login(designer)
    response = client.post(reverse("stats:lab-cancel", args=[run.pk]))
    assert response.status_code == 302
    run.refresh_from_db()
    assert run.status == LabRun.Status.CANCELLED


def test_a_designer_can_seat_the_search_bot(client, official_cards, designer, inline_runs,
                                            django_capture_on_commit_callbacks):
    client.force_login(designer)
    page = client.get(reverse("stats:lab")).content.decode()
    assert '<option value="search">Search</option>' in page
    form = {"card_set": "published", "players": 2, "market": "all", "games": 6, "seed": 8, "name": "",
            "bot_1": "search", **{f"bot_{seat}": "income" for seat in range(2, 7)}}
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("stats:lab"), form)
    run = LabRun.objects.get()
    assert run.status == LabRun.Status.DONE and run.options["bots"] == ["search", "income"]
    wins = run.result["wins_by_bot"]
    assert wins["search"]["trials"] == wins["income"]["trials"] == 6
    assert wins["search"]["successes"] + wins["income"]["successes"] == 6 - run.result["unfinished"]



def test_try_in_the_lab_opens_the_form_with_the_draft_chosen(client, official_cards, designer):
    """The draft page's "Try in the lab" links to ?card_set=<draft id>: that draft is the chosen card set."""
    draft = drafts.create_draft(name="Cheap ranch", user=designer)
    client.force_login(designer)
    page = client.get(reverse("stats:lab"), {"game": "machikoro", "card_set": draft.pk}).content.decode()
    assert f'<option value="{draft.pk}" selected>' in page
    unknown = client.get(reverse("stats:lab"), {"game": "machikoro", "card_set": "nonsense"})
    assert unknown.status_code == 200 and "selected>Draft" not in unknown.content.decode()
