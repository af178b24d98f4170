"""The balance lab in headless Chromium: a designer starts a run, follows its progress, reads its charts."""
import pytest
from django.test import Client

from stats.tests.test_browser import ARTIFACTS, browser_page, off_loop  # noqa: F401  (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def designer_session():
    from django.contrib.auth.models import Group, User

    from cards.loading import load_official_cards

    load_official_cards()
    user = User.objects.create_user("lab-designer", password="pw-designer-1")
    user.groups.add(Group.objects.get_or_create(name="Designers")[0])   # a transactional test may have flushed it
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def page_width(page):
    return page.evaluate("() => document.documentElement.scrollWidth")


MACHI_KORO_CHARTS = ["Win rate by seat", "Win rate by bot", "Game length (turns)",
                     "Win rate of players who bought the card", "How often each card paid out", "What each card paid",
                     "Landmark build order"]


def charts_drawn(page, count):
    page.wait_for_function(f"() => window.Chart && Object.keys(Chart.instances).length === {count}")
    return page.evaluate("""() => Object.values(Chart.instances).map(c => ({
        title: c.options.plugins.title.text, labels: c.data.labels, datasets: c.data.datasets.length,
        aria: c.canvas.getAttribute("aria-label"), height: c.height, width: c.width, rows: c.options.indexAxis === "y",
        shown: c.options.indexAxis === "y" ? c.scales.y.ticks.length : c.data.labels.length}))""")


def every_row_is_named(charts):
    """A chart with a bar per table row names every row (none skipped for want of room), each at least 20 px high."""
    for chart in charts:
        assert chart["aria"] and chart["aria"].endswith("The table below has the numbers."), chart
        if chart["rows"]:
            assert chart["shown"] == len(chart["labels"]), chart
            assert chart["height"] / len(chart["labels"]) >= 20, chart


def test_a_designer_runs_the_lab_and_sees_progress_then_charts(live_server, browser_page):
    session = off_loop(designer_session)
    page = browser_page
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page.goto(f"{live_server.url}/stats/lab/")
    page.fill("#id_games", "3000")
    page.fill("#id_players", "2")
    page.select_option("#id_bot_1", "random")
    page.select_option("#id_bot_2", "greedy")
    page.click("button[type=submit]:has-text('Run')")

    progress = page.locator("#lab-progress progress")
    assert progress.get_attribute("max") == "3000"
    assert page.locator("#lab-progress").inner_text().count("of 3,000 games played") == 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lab-progress.png"))

    page.wait_for_selector("#lab-result", state="attached", timeout=120_000)   # the page reloads when done
    charts = charts_drawn(page, 7)
    assert [c["title"] for c in charts] == MACHI_KORO_CHARTS
    assert charts[1]["labels"] == ["Greedy", "Random"] and charts[1]["datasets"] == 2   # rate and interval
    assert "Wheat Field" in charts[4]["labels"] and charts[4]["datasets"] == 2
    assert charts[6]["labels"] and charts[6]["datasets"] >= 2          # a part per place in the build order
    every_row_is_named(charts)
    assert "3,000 of 3,000 games played" in page.locator("#lab-progress").inner_text()
    assert page.locator("table.stats-table").count() >= 5
    page.screenshot(path=str(ARTIFACTS / "lab-result-desktop.png"), full_page=True)
    assert page_width(page) <= 1280

    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    charts = charts_drawn(page, 7)
    assert [c["title"] for c in charts] == MACHI_KORO_CHARTS
    every_row_is_named(charts)
    assert all(c["width"] <= 390 for c in charts)
    page.screenshot(path=str(ARTIFACTS / "lab-result-phone.png"), full_page=True)
    assert page_width(page) <= 390
    assert page.problems == []


def test_a_designer_runs_aquarius_in_the_lab_and_sees_its_charts(live_server, browser_page):
    session = off_loop(designer_session)
    page = browser_page
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page.goto(f"{live_server.url}/stats/lab/")
    page.click("nav.lab-games a:has-text('Aquarius')")
    page.fill("#id_games", "40")
    page.fill("#id_players", "3")
    page.select_option("#id_bot_2", "random")
    page.click("button[type=submit]:has-text('Run')")

    page.wait_for_selector("#lab-result", state="attached", timeout=120_000)
    charts = charts_drawn(page, 4)
    assert [c["title"] for c in charts] == ["Win rate by seat", "Win rate by bot", "Game length (turns)",
                                            "Win rate of players who played the card"]
    assert charts[1]["labels"] == ["Random", "Strong"]
    bars = charts[3]["labels"]
    assert bars and set(bars) <= {"Shuffle Goals", "Move a Card", "Zap a Card", "Trade Goals", "Trade Hands"}
    every_row_is_named(charts)
    assert "Action cards" in page.content() and "Goal trades" in page.content()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lab-aquarius-result.png"), full_page=True)
    assert page.problems == []
