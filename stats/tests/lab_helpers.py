"""What the balance lab's tests share: a Machi Koro run's settings and request, starting a run, and reading a
run's downloads and the JSON island of its page."""
import csv
import io
import json
import re

from django.urls import reverse

from stats.lab import services

# Three bots playing Machi Koro's base cards, as the engine's lab functions take their settings.
MACHIKORO_SETTINGS = {"players": 3, "extensions": ["base"], "market": "all", "bots": ["income", "greedy", "random"]}


def machikoro_request(games=60, seed=11, **changes):
    """A lab request of MACHIKORO_SETTINGS' game, with `changes` (draft, name, bots...)."""
    values = dict(game="machikoro", players=3, bots=("income", "greedy", "random"), games=games, seed=seed,
                  options={"extensions": ["base"], "market": "all"})
    values.update(changes)
    return services.LabRequest(**values)


def start(request, capture, user=None):
    """The run of `request`, as stored once started; `capture` is django_capture_on_commit_callbacks (with the
    inline_runs fixture the run is played by then)."""
    with capture(execute=True):
        run = services.start_run(request, user=user)
    run.refresh_from_db()
    return run


def download(client, run, kind):
    return client.get(reverse("stats:lab-download", args=[run.pk, kind]))


def csv_rows(client, run):
    """The rows of a run's CSV download."""
    return list(csv.reader(io.StringIO(download(client, run, "csv").content.decode())))


def json_document(client, run):
    """A run's JSON download."""
    return json.loads(download(client, run, "json").content)


def result_island(page):
    """The result a run's page hands its charts and scripts (its JSON island)."""
    return json.loads(re.search(r'id="lab-result" type="application/json">(.*?)</script>', page, re.S).group(1))
