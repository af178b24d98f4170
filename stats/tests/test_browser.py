"""A finished game's statistics page in headless Chromium: real charts drawn offline, progress, screenshots."""
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.db import connections

from stats import services
from stats.models import GameStatistics

from stats.tests.factories import play_finished_game

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def off_loop(function, *args, **kwargs):
    """Run database code in a thread of its own: Playwright's sync API keeps an event loop in this one."""

    def run():
        try:
            return function(*args, **kwargs)
        finally:
            connections.close_all()  # the thread's connection would keep the test database busy

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()


def computed_game(**kwargs):
    game, final = play_finished_game(**kwargs)
    services.compute_and_store(game.pk)
    return game, final, GameStatistics.objects.get(game=game).result


@pytest.fixture
def browser_page(live_server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        problems = []
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        page.on("console", lambda message: message.type == "error" and problems.append(f"console: {message.text}"))

        def offline(route):
            # Everything must come from the site itself: a CDN request would fail offline.
            if route.request.url.startswith(live_server.url):
                route.continue_()
            else:
                problems.append(f"external request: {route.request.url}")
                route.abort()

        page.route("**/*", offline)
        # pytest-django's live server speaks no WebSocket: a signed-in page's unread count socket is answered here.
        page.route_web_socket("**/ws/notifications/", lambda socket: socket.send('{"type": "count", "unread": 0}'))
        page.problems = problems
        yield page
        browser.close()


def charts_summary(page):
    return page.evaluate("""() => Object.values(Chart.instances).map(chart => ({
        title: chart.options.plugins.title.text,
        legend: chart.options.plugins.legend.display,
        xTitle: chart.options.scales.x.title.text,
        yTitle: chart.options.scales.y.title.text,
        datasets: chart.data.datasets.map(d => d.label),
        points: chart.data.datasets.reduce((n, d) => n + d.data.length, 0),
        drawn: chart.canvas.width > 0 && chart.canvas.height > 0,
    }))""")


def show_every_chart(page):
    """Charts are drawn when in sight: open every tab, and every player's time-line in theirs."""
    for tab in page.locator("[role=tab]").all():
        tab.click()
        page.evaluate("() => document.querySelectorAll('.tab-panel:not(.tab-hidden) details').forEach(d => { d.open = true; })")
        # Each chart in sight has the size of its box (a chart hidden in a tab is 0 px wide until shown).
        page.wait_for_function("""() => [...document.querySelectorAll('.tab-panel:not(.tab-hidden) canvas[data-chart]')]
          .every(c => c.width > 0 && c.height > 0)""")
    page.wait_for_function("() => [...document.querySelectorAll('canvas[data-chart]')].every(c => Chart.getChart(c))")


def test_finished_game_statistics_page_draws_its_charts(live_server, browser_page):
    game, final, result = off_loop(computed_game, seed=101, players=3, extensions=("base", "harbor"))
    names = [p["name"] for p in result["players"]]

    page = browser_page
    page.goto(f"{live_server.url}/stats/games/{game.code}/")
    page.wait_for_selector(".stats-body[data-stats-drawn='1']")
    show_every_chart(page)
    charts = charts_summary(page)

    titles = [c["title"] for c in charts]
    assert titles[0] == "Coins after each turn"
    assert [t for t in titles if t.endswith("coins gained and given per turn")] == [
        f"{name}: coins gained and given per turn" for name in names]
    assert "Totals with 1 die" in titles and "Totals with 2 dice" in titles and "Income by card" in titles
    coins = charts[0]
    assert coins["datasets"] == names and coins["points"] == 3 * (result["turn_count"] + 1)
    assert all(c["legend"] and c["xTitle"] and c["yTitle"] for c in charts)  # drawn: show_every_chart
    # The table fallback is there for every chart, and the canvases describe themselves.
    assert page.locator("canvas[role=img][aria-label]").count() == len(charts)
    assert page.locator("table.stats-timeline-table").count() == 3

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "stats-game.png"), full_page=True)
    assert (ARTIFACTS / "stats-game.png").stat().st_size > 20_000
    assert page.problems == []


def test_progress_state_turns_into_charts_when_the_task_finishes(live_server, browser_page):
    game, _ = off_loop(play_finished_game, seed=102, players=2)
    off_loop(GameStatistics.objects.create, game=game, status=GameStatistics.Status.PENDING)

    page = browser_page
    page.goto(f"{live_server.url}/stats/games/{game.code}/")
    assert page.locator("[data-stats-panel][data-stats-state='pending'] [role=status]").is_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "stats-game-pending.png"))

    off_loop(services.compute_and_store, game.pk)  # what the worker does; the page polls the panel meanwhile
    page.wait_for_selector("[data-stats-panel][data-stats-state='done'] .stats-body[data-stats-drawn='1']",
                           timeout=15_000)
    assert charts_summary(page)[0]["title"] == "Coins after each turn"
    assert page.problems == []


def test_site_statistics_page_draws_dice_charts(live_server, browser_page):
    for seed in (103, 104):
        off_loop(computed_game, seed=seed, players=2)
    page = browser_page
    page.goto(f"{live_server.url}/stats/")
    page.wait_for_selector(".stats-body[data-stats-drawn='1']")
    assert [c["title"] for c in charts_summary(page)] == ["Totals with 1 die", "Totals with 2 dice"]
    page.screenshot(path=str(ARTIFACTS / "stats-site.png"), full_page=True)
    assert page.problems == []


def card_rows_with_faces(page):
    """(card name, accessible name of its face) for every card row of the statistics' card tables."""
    return page.evaluate("""() => [...document.querySelectorAll('.stats-table tbody th .card-with-face')].map(cell => {
        const face = cell.querySelector('svg[role=img]');
        const title = face && document.getElementById(face.getAttribute('aria-labelledby'));
        return [cell.querySelector(':scope > span').textContent, title ? title.textContent : null];
    })""")


def test_the_statistics_card_tables_show_card_faces_with_their_text(live_server, browser_page):
    """The income and losses tables name each card by its face (as the market and the card pages do), on the
    page and after the panel is fetched again when the computation ends."""
    from cards.loading import load_official_cards

    off_loop(load_official_cards)  # faces are drawn from the card database, as on a site after `make start`
    game, _ = off_loop(play_finished_game, seed=105, players=3)
    off_loop(GameStatistics.objects.create, game=game, status=GameStatistics.Status.PENDING)
    page = browser_page
    page.goto(f"{live_server.url}/stats/games/{game.code}/")
    off_loop(services.compute_and_store, game.pk)  # the page polls and replaces the panel
    page.wait_for_selector("[data-stats-panel][data-stats-state='done'] .stats-body[data-stats-drawn='1']",
                           timeout=15_000)
    rows = card_rows_with_faces(page)
    assert rows, "no card rows"
    for name, face in rows:
        assert face is not None, f"{name}: no drawn face"
        assert face.startswith(name), (name, face)  # the face's accessible text names the card
    assert page.locator(".stats-table .card-face-slot").count() == 0  # every slot was drawn
    for viewport in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page.set_viewport_size(viewport)
        page.reload()
        page.wait_for_selector(".stats-body[data-stats-drawn='1']")
        assert len(card_rows_with_faces(page)) == len(rows)
        assert all(face for _, face in card_rows_with_faces(page))
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{viewport}: {overflow}px of horizontal overflow"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"stats-card-faces-{viewport['width']}.png"), full_page=True)
    assert page.problems == []
