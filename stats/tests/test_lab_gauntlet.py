"""Gauntlets in the balance lab: started from their page as ordinary runs, read as win-rate matrices, and played
by `manage.py lab_gauntlet`."""
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from stats.lab.gauntlet import start_gauntlet
from stats.lab.gauntlet_selectors import matrices, run_matrices, shade
from stats.lab.services import LabRunInvalid
from stats.models import LabRun

pytestmark = pytest.mark.django_db
BOTS = ["cheese-factory", "bakery", "income"]


def _form(**changes):
    return {"bots": BOTS, "players": ["2", "3"], "games_per_pairing": 6, "seed": 5, "name": "", "market": "all",
            **changes}


def test_only_designers_open_the_gauntlet(client, official_cards, player, designer):
    url = reverse("stats:lab-gauntlet")
    assert client.get(url).status_code == 302
    client.force_login(player)
    assert client.get(url).status_code == 403
    assert client.post(url, _form()).status_code == 403
    client.force_login(designer)
    page = client.get(url).content.decode()
    assert "Cheese Factory strategy" in page and 'name="games_per_pairing"' in page
    assert reverse("stats:lab-gauntlet") in client.get(reverse("stats:lab")).content.decode()   # linked


def test_a_designer_starts_a_gauntlet_and_reads_its_matrices(client, official_cards, designer, inline_runs,
                                                            django_capture_on_commit_callbacks):
    client.force_login(designer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("stats:lab-gauntlet"), _form())
    run = LabRun.objects.get()
    assert response.status_code == 302 and response.url == f"{reverse('stats:lab-gauntlet')}?run={run.pk}"
    assert run.status == LabRun.Status.DONE and run.games == 2 * 6 * 6          # 6 pairings at 2 and at 3 players
    assert run.options["gauntlet"] == {"players": [2, 3], "games_per_pairing": 6}
    assert run.result["games"] == 72 and set(run.result["wins_by_bot"]) == set(BOTS)
    page = client.get(response.url)
    matrices_shown = page.context["matrices"]
    assert [m["players"] for m in matrices_shown] == [2, 3]
    for matrix in matrices_shown:
        for row in matrix["rows"]:
            for cell in row["cells"]:
                assert (cell["rate"] is None) == (cell["bot"] == row["bot"])
                if cell["rate"]:
                    assert cell["rate"]["trials"] == 6 and cell["rate"]["low"] <= cell["rate"]["rate"] <= cell["rate"]["high"]
            assert row["overall"]["trials"] == 12
    text = page.content.decode()
    assert "Win rate of the row’s bot" in text or "Win rate of the row's bot" in text
    assert "gauntlet-p" in text or "gauntlet-m" in text
    # The run is an ordinary run: its page reads, and it runs again to the same matrices.
    assert client.get(reverse("stats:lab-run", args=[run.pk])).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("stats:lab-again", args=[run.pk]))
    again = LabRun.objects.exclude(pk=run.pk).get()
    assert run_matrices(again) == run_matrices(run)


def test_the_form_refuses_bad_gauntlets_with_their_reasons(client, official_cards, designer):
    client.force_login(designer)
    response = client.post(reverse("stats:lab-gauntlet"), _form(bots=["bakery"], players=[], games_per_pairing=0))
    assert response.status_code == 200
    assert {"bots", "players", "games_per_pairing"} <= set(response.context["form"].errors)
    too_many = client.post(reverse("stats:lab-gauntlet"), _form(games_per_pairing=10_000))
    assert "games_per_pairing" in too_many.context["form"].errors and not LabRun.objects.exists()
    five = client.post(reverse("stats:lab-gauntlet"), _form(players=["2", "5"]))   # the base game seats 2 to 4
    assert five.context["form"].errors and not LabRun.objects.exists()


@pytest.mark.parametrize("number", ["abc", "-1", "99999999999999999999", "12345"])
def test_a_run_that_is_not_a_gauntlet_is_not_found(client, designer, number):
    client.force_login(designer)
    assert client.get(reverse("stats:lab-gauntlet"), {"run": number}).status_code == 404


def test_the_service_checks_bots_and_counts(official_cards):
    with pytest.raises(LabRunInvalid) as refused:
        start_gauntlet(game="machikoro", bots=["bakery", "nobody"], player_counts=[2], games_per_pairing=4)
    assert set(refused.value.errors) == {"bots"}


def test_matrices_compare_with_the_fair_share():
    pairings = {"2": {"a": {"b": {"games": 10, "wins": 10, "unfinished": 0, "turns": 300}},
                      "b": {"a": {"games": 10, "wins": 5, "unfinished": 0, "turns": 300}}}}
    [matrix] = matrices(pairings, ["a", "b"], [2])
    a, b = matrix["rows"]
    assert a["cells"][1]["rate"]["rate"] == 1.0 and a["cells"][1]["tone"] == "p4" and a["cells"][1]["turns"] == 30
    assert b["cells"][0]["tone"] == "p0" and b["overall"]["trials"] == 10
    assert shade(0.25, 0.5) == -4 and shade(0.0, 0.25) == -4 and shade(0.3, 0.25) == 1


def test_the_command_prints_and_writes_the_matrices(official_cards, tmp_path, capsys):
    out = tmp_path / "gauntlet.json"
    call_command("lab_gauntlet", "--games-per-pairing", "4", "--players", "2", "--bots", "bakery", "income",
                 "--seed", "3", "--json", str(out))
    printed = capsys.readouterr().out
    assert "2 players (fair share 50.0%)" in printed and "8 games" in printed
    document = json.loads(out.read_text())
    assert document["games"] == 8 and document["matrices"][0]["rows"][0]["overall"]["trials"] == 4
    with pytest.raises(CommandError):
        call_command("lab_gauntlet", "--bots", "bakery")
