"""The balance lab's charts: a run's page has a canvas for the common figures (seats, bots, game length) and for
every chart its game's tables describe (games/rulesets/lab.py), each saying what it shows to a screen reader."""
import html
import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.rulesets import get_ruleset, register, unregister
from games.rulesets.lab import GAMES, Chart, Column, Table
from stats.lab import services
from stats.models import LabRun

from stats.tests.lab_helpers import result_island, start
from stats.tests.test_lab_aquarius import CoinRuleset

pytestmark = pytest.mark.django_db
FALLBACK = "See the table below."


def played(request, capture):
    """The run of `request`, played to its end."""
    run = start(request, capture)
    assert run.status == LabRun.Status.DONE, run.error
    return run


def canvases(page):
    """[({data-lab-* attribute: value}, aria-label, fallback text)] of a page's lab charts, in order."""
    found = []
    for attributes, inner in re.findall(r"<canvas([^>]*)>(.*?)</canvas>", page, re.S):
        data = {k: html.unescape(v) for k, v in re.findall(r'data-lab-([a-z]+)="([^"]*)"', attributes)}
        assert 'role="img"' in attributes, attributes
        label = re.search(r'aria-label="([^"]+)"', attributes)
        found.append((data, html.unescape(label.group(1)) if label else None, inner.strip()))
    return found


def test_a_machi_koro_run_draws_bots_payouts_and_build_order_too(client, official_cards, designer, inline_runs,
                                                                 django_capture_on_commit_callbacks):
    request = services.LabRequest(game="machikoro", players=3, extensions=("base",), market="all",
                                  bots=("income", "greedy", "random"), games=20, seed=5)
    run = played(request, django_capture_on_commit_callbacks)
    client.force_login(designer)
    charts = canvases(client.get(reverse("stats:lab-run", args=[run.pk])).content.decode())

    assert [(d["chart"], d.get("table"), d.get("column"), d.get("kind")) for d, _, _ in charts] == [
        ("seats", None, None, None), ("bots", None, None, None), ("length", None, None, None),
        ("table", "cards", "buyer_win_rate", "rate"), ("table", "cards", "activations", "mean"),
        ("table", "cards", "payout", "mean"), ("table", "landmarks", "ranks", "ranks")]
    assert all(label and label.endswith("The table below has the numbers.") and text == FALLBACK
               for _, label, text in charts), charts
    bots, _, _ = charts[1]
    assert json.loads(bots["names"]) == {"greedy": "Greedy", "income": "Income", "random": "Random"}
    payouts, label, _ = charts[4]
    assert payouts["title"] == "How often each card paid out" and payouts["axis"] == "Payouts per game"
    assert payouts["plain"] == "activations_per_game" and payouts["digits"] == "2"   # the table's figures
    assert "how many times per game each card paid out" in label
    order, label, _ = charts[6]
    assert label.startswith("Stacked bar chart:") and order["label"] == "Built as no. %(value)s"
    assert charts[3][0]["axis"] == "%" and charts[3][0]["title"] == "Win rate of players who bought the card"
    # What the charts draw is in the page's JSON island, under the keys the canvases name.
    island = result_island(client.get(reverse("stats:lab-run", args=[run.pk])).content.decode())
    assert set(island["wins_by_bot"]) == {"income", "greedy", "random"}
    assert all("activations" in row and "payout" in row for row in island["cards"])
    assert any(row["ranks"] for row in island["landmarks"])


def test_the_charts_speak_the_readers_language(client, official_cards, designer, inline_runs,
                                               django_capture_on_commit_callbacks):
    request = services.LabRequest(game="machikoro", players=2, extensions=("base",), market="all",
                                  bots=("income", "greedy"), games=10, seed=6)
    run = played(request, django_capture_on_commit_callbacks)
    client.force_login(designer)
    english = canvases(client.get(reverse("stats:lab-run", args=[run.pk])).content.decode())
    client.cookies["django_language"] = "fr"
    french = canvases(client.get(reverse("stats:lab-run", args=[run.pk])).content.decode())
    assert len(french) == len(english) == 7
    for (en, en_label, en_text), (fr, fr_label, fr_text) in zip(english, french):
        assert fr_label != en_label and fr_text != en_text, fr_label
        for key in ("title", "label", "axis"):
            if en.get(key) and en[key] != "%":
                assert fr[key] != en[key], (key, fr[key])
    assert "%(value)s" in french[6][0]["label"]
    with translation.override("fr"):
        assert json.loads(french[1][0]["names"])["income"] == get_ruleset("machikoro").bot_label("income")


class ChartedCoin(CoinRuleset):
    """A game the lab has never heard of, whose table asks for a chart of each kind."""
    slug, name = "coin-charts", "Charted coin"
    lab_tables = (Table("faces", caption="Faces", row_label="Face", columns=(
        Column("seen", "Seen", "count", ("seen",)),
        Column("mean", "Mean per game", "mean", ("seen", "seen_squares", GAMES), digits=3),
        Column("share", "Seen per game", "number", ("seen", GAMES)),
        Column("won", "Win rate", "rate", ("won", "seen"))),
        chart=Chart("won", "Wins by face", "Wins (%)", "Bar chart: wins by face."),
        charts=(Chart("mean", "Faces per game", "Mean", "Bar chart: faces per game.", axis="faces"),
                Chart("share", "Share", "Seen", "Bar chart: faces seen per game."))),)


@pytest.fixture
def charted_coin():
    register(ChartedCoin())
    yield
    unregister("coin-charts")


def test_any_games_table_charts_are_drawn_as_its_ruleset_says(client, designer, charted_coin, inline_runs,
                                                              django_capture_on_commit_callbacks):
    request = services.LabRequest(game="coin-charts", players=2, bots=("heads", "tails"), games=10, seed=1)
    run = played(request, django_capture_on_commit_callbacks)
    client.force_login(designer)
    charts = canvases(client.get(reverse("stats:lab-run", args=[run.pk])).content.decode())
    assert [(d["chart"], d.get("column"), d.get("kind"), d.get("axis"), label) for d, label, _ in charts] == [
        ("seats", None, None, None, "Bar chart: win rate by seat. The table below has the numbers."),
        ("bots", None, None, None, "Bar chart: win rate by bot, with its 95 % interval. The table below has the numbers."),
        ("length", None, None, None, "Bar chart: distribution of game length in turns. The table below has the numbers."),
        ("table", "won", "rate", "%", "Bar chart: wins by face."),
        ("table", "mean", "mean", "faces", "Bar chart: faces per game."),
        ("table", "share", "number", "", "Bar chart: faces seen per game.")]
    assert json.loads(charts[1][0]["names"]) == {"heads": "Heads", "tails": "Tails"}
    assert charts[4][0]["digits"] == "3" and charts[4][0]["table"] == "faces"


@pytest.mark.parametrize("column", ["seen", "nowhere"])
def test_a_chart_draws_a_figure_of_its_table(column):
    """A count has nothing to chart (the table has it), and a chart of a column the table lacks is a mistake:
    both are refused when the ruleset is defined, not when a designer opens a run's page."""
    with pytest.raises(ValueError, match=column):
        Table("faces", caption="Faces", row_label="Face", columns=(Column("seen", "Seen", "count", ("seen",)),),
              charts=(Chart(column, "Seen", "Seen", "Bar chart: seen."),))


def test_a_table_with_one_chart_and_more_draws_each_once():
    chart = Chart("won", "Wins", "Wins", "Bar chart.")
    more = Chart("won", "Wins again", "Wins", "Bar chart.")
    columns = (Column("won", "Win rate", "rate", ("won", "seen")),)
    assert Table("t", "T", "Row", columns, chart=chart).charts == (chart,)
    assert Table("t", "T", "Row", columns, chart=chart, charts=(more,)).charts == (chart, more)
    assert Table("t", "T", "Row", columns, chart=chart, charts=(chart, more)).charts == (chart, more)
    assert Table("t", "T", "Row", columns).charts == ()
