"""Comparing two lab runs in headless Chromium: every chart draws A and B, named in its legend, on a desktop and
on a phone, and the page never grows wider than the screen (the tables scroll in their own box)."""
import random

import pytest

from stats.tests.test_browser import ARTIFACTS, browser_page, off_loop  # noqa: F401  (fixture)
from stats.tests.test_lab_browser import designer_session, page_width
from stats.tests.test_lab_compare import aquarius_tally, card_counts, finished_run, machikoro_tally

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BASE_CARDS = ["wheat-field", "ranch", "bakery", "cafe", "convenience-store", "forest", "stadium", "tv-station",
              "business-center", "cheese-factory", "furniture-factory", "mine", "family-restaurant", "apple-orchard",
              "fruit-and-vegetable-market"]
LANDMARKS = ["train-station", "shopping-mall", "amusement-park", "radio-tower"]
MACHI_KORO_CHARTS = ["Win rate by seat", "Win rate by bot", "Game length (turns)", "Copies bought per game",
                     "Win rate of players who bought the card", "How often each card paid out", "What each card paid",
                     "Built per game", "Landmark build order"]


def varied_tally(seed, mean_turns, games=500):
    """A Machi Koro tally of every base card and landmark, with counts drawn from `seed` (known, not played)."""
    draw = random.Random(seed)
    tally = machikoro_tally(games, mean_turns, games // 2 + draw.randint(-40, 40))
    tally["length_buckets"] = {str(turns): draw.randint(5, 60) for turns in range(20, 80, 5)}
    tally["cards"] = {slug: card_counts(draw.randint(1, 4), draw.randint(1, 6), games) for slug in BASE_CARDS}
    tally["landmarks"] = {slug: {"built": games, "rank_sum": games * (place + 1),
                                 "ranks": {str(place + 1): games - 50, str(place + 2): 50}}
                          for place, slug in enumerate(LANDMARKS)}
    return tally


def runs():
    draft = finished_run(varied_tally(1, 42.3), draft_name="Cheap ranch")
    published = finished_run(varied_tally(2, 51.1))
    names = {"zap_card": "Zap a Card"}
    aquarius = [finished_run(aquarius_tally(400, shared), game="aquarius", names=names) for shared in (200, 20)]
    return draft.pk, published.pk, aquarius[0].pk, aquarius[1].pk


def charts_drawn(page, count):
    page.wait_for_function(f"() => window.Chart && Object.keys(Chart.instances).length === {count}")
    return page.evaluate("""() => Object.values(Chart.instances).map(c => ({
        title: c.options.plugins.title.text, legend: c.data.datasets.map(d => d.label), width: c.width,
        aria: c.canvas.getAttribute("aria-label"), bars: c.data.labels.length}))""")


def assert_a_and_b(charts, a, b):
    """Every chart draws bars of both runs, its legend naming them ("A: Draft …", or "A · Built as no. 1" in the
    parts of a stacked bar)."""
    for chart in charts:
        assert chart["aria"].startswith("A and B side by side."), chart
        assert chart["bars"] > 0, chart
        for name in (a, b):
            assert any(label.startswith((name, f"{name[0]} · ")) for label in chart["legend"]), chart


def test_a_comparison_draws_both_runs_on_a_desktop_and_a_phone(live_server, browser_page):
    session = off_loop(designer_session)
    draft, published, _aquarius_a, _aquarius_b = off_loop(runs)
    page = browser_page
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/stats/lab/compare/?a={published}&b={draft}")   # the draft is A all the same

    charts = charts_drawn(page, len(MACHI_KORO_CHARTS))
    assert [c["title"] for c in charts] == MACHI_KORO_CHARTS
    assert_a_and_b(charts, "A: Draft “Cheap ranch”", "B: Published cards")
    assert page.locator("canvas[data-lab-chart]").count() == len(MACHI_KORO_CHARTS)
    assert page_width(page) <= 1280
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lab-compare-desktop.png"), full_page=True)

    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    charts = charts_drawn(page, len(MACHI_KORO_CHARTS))
    assert all(c["width"] <= 390 for c in charts)
    assert page_width(page) <= 390      # the wide tables scroll in their own box
    wide = page.evaluate("""() => [...document.querySelectorAll(".table-wrap")].some(
        box => box.scrollWidth > box.clientWidth)""")
    assert wide
    page.screenshot(path=str(ARTIFACTS / "lab-compare-phone.png"), full_page=True)
    assert page.problems == []


def test_an_aquarius_comparison_draws_only_what_its_results_have(live_server, browser_page):
    session = off_loop(designer_session)
    _draft, _published, a, b = off_loop(runs)
    page = browser_page
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page.goto(f"{live_server.url}/stats/lab/compare/?a={a}&b={b}")
    charts = charts_drawn(page, 5)
    assert [c["title"] for c in charts] == ["Win rate by seat", "Win rate by bot", "Game length (turns)",
                                            "Players who played it per game", "Win rate of players who played the card"]
    assert_a_and_b(charts, "A: 400 games, Published cards", "B: 400 games, Published cards")
    page.screenshot(path=str(ARTIFACTS / "lab-compare-aquarius.png"), full_page=True)
    assert page.problems == []
