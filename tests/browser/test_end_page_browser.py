"""A finished game's page at 1280×800 and 390×844 (and once in French): the result first, in sight without
scrolling, then tabs (Time-line, Dice, Per player, Log, Final board) that switch panels from the mouse and the
keyboard and keep the chosen tab in the address; no table wider than its box unless its box scrolls; a
player's time-line shows their own turns until "All turns" is ticked. Screenshots go to test-artifacts/.
"""

import pytest

from tests.browser.helpers import ARTIFACTS, SIZES, enter_as_guest, screenshots_on_failure, watch_errors

pytestmark = pytest.mark.browser

DONE = "#after-stats [data-stats-panel][data-stats-state='done'] .tab-list"
SELECTED = "() => document.querySelector('.tab-list [role=tab][aria-selected=true]').dataset.name"
SHOWN = "() => [...document.querySelectorAll('[role=tabpanel]:not([data-pane])')].filter(p => p.getClientRects().length).map(p => p.id)"

# Tables wider than their box: allowed only inside a box that scrolls sideways (.table-wrap, overflow-x auto).
CLIPPED = """() => [...document.querySelectorAll('table')].filter(t => t.getClientRects().length).flatMap(table => {
  const box = table.parentElement;
  if (table.getBoundingClientRect().width <= box.clientWidth + 1) return [];
  const scrolls = box.matches('.table-wrap') && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
  return scrolls ? [] : [(table.querySelector('caption') || table).textContent.trim().slice(0, 60)];
})"""
ROWS = """() => { const rows = [...document.querySelectorAll('details.stats-timeline[open] table tbody tr')];
  return {shown: rows.filter(r => r.getClientRects().length).length, own: rows.filter(r => r.matches('.own-turn')).length,
          all: rows.length}; }"""


def new_context(browser, size, **options):
    phone = size == "phone"
    return browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone, **options)


@pytest.fixture(scope="module")
def browser(module_browser):
    return module_browser  # one Chromium and one finished game for the module


@pytest.fixture(scope="module")
def finished(site, browser):
    """A game of a guest and two bots played to its end by bots, watched on a phone scrolled to the bottom: the
    result comes into view when the game ends. (code, the guest's cookies)."""
    context = new_context(browser, "phone")
    page = context.new_page()
    enter_as_guest(page, site, "Endra")
    page.goto(site.url() + "/games/new/")
    page.fill("#id_game-max_players", "3")
    page.click("form button.primary")
    page.wait_for_selector("#lobby:not([hidden])")
    for count in range(2):
        page.click("#add-bot")
        page.wait_for_selector(f"#seats li:nth-child({count + 2})")
    page.click("#ready-button")
    page.wait_for_selector("#play:not([hidden])")
    page.click("#leave-play")
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_selector("#after:not([hidden])", timeout=180_000)
    page.wait_for_function("""() => { const top = document.getElementById("after").getBoundingClientRect().top;
                                      return top >= 0 && top < innerHeight / 2; }""")
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    state = context.storage_state()
    context.close()
    return code, state


def open_end_page(browser, site, finished, size, **options):
    code, state = finished
    context = new_context(browser, size, storage_state=state, **options)
    page = context.new_page()
    errors = []
    watch_errors(page, errors)
    # A request cut short by the test's own reload (ERR_ABORTED) is no failure of the page.
    page.on("requestfailed", lambda request: request.failure != "net::ERR_ABORTED"
            and errors.append(f"failed: {request.url} {request.failure}"))
    with screenshots_on_failure(f"end-page-open-{size}", [page]):
        page.goto(f"{site.url()}/games/{code}/")
        page.wait_for_selector(DONE, timeout=60_000)
        page.wait_for_selector("#final-table tr")
        assert not errors, errors
    return page, errors


@pytest.mark.parametrize("size", SIZES)
def test_the_end_page_shows_the_result_first_then_tabs(site, browser, finished, size):
    page, errors = open_end_page(browser, site, finished, size)
    with screenshots_on_failure(f"end-page-{size}", [page]):
        # The result in sight without scrolling: winner, final table, rematch.
        height = page.viewport_size["height"]
        assert page.inner_text("#winner").endswith("won!")
        assert page.locator("#final-table tr").count() == 3
        for selector in ("#winner", "#final-table", "#rematch-button"):
            box = page.locator(selector).bounding_box()
            assert box["y"] + box["height"] <= height, f"{selector} is below the fold"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"end-page-{size}.png"))

        tabs = page.locator(".tab-list [role=tab]")
        assert tabs.all_inner_texts() == ["Time-line", "Dice", "Per player", "Log", "Final board"]
        assert page.evaluate(SELECTED) == "timeline" and page.evaluate(SHOWN) == ["tab-timeline"]
        assert not page.locator("#board").is_visible() and not page.locator("#game-log").is_visible()

        # A click shows its panel, puts its name in the address, and the panel's chart fits the panel.
        page.click("[role=tab][data-name=dice]")
        assert page.evaluate(SHOWN) == ["tab-dice"] and page.evaluate("location.hash") == "#dice"
        page.wait_for_function("() => document.querySelector('#tab-dice canvas').width > 0")
        widths = page.evaluate("""() => { const c = document.querySelector('#tab-dice canvas');
          return [c.getBoundingClientRect().width, c.parentElement.getBoundingClientRect().width]; }""")
        assert widths[0] > 200 and abs(widths[0] - widths[1]) < 2, widths

        # Arrow keys, Home and End move between tabs, the focus with them.
        page.keyboard.press("ArrowRight")
        assert page.evaluate(SELECTED) == "players" and page.evaluate("location.hash") == "#players"
        assert page.evaluate("document.activeElement.dataset.name") == "players"
        page.keyboard.press("End")
        assert page.evaluate(SHOWN) == ["play"] and page.locator("#board").is_visible()
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(SHOWN) == ["end-log"] and page.locator("#game-log li").first.is_visible()
        page.keyboard.press("Home")
        assert page.evaluate(SELECTED) == "timeline"

        # A linked tab opens by itself, and its chart is drawn at the panel's width.
        page.goto(page.url.split("#")[0] + "#players")
        page.reload()
        page.wait_for_selector(DONE)
        assert page.evaluate(SELECTED) == "players" and page.evaluate(SHOWN) == ["tab-players"]
        page.wait_for_function("() => document.querySelector('#tab-players canvas[data-chart=flow]').width > 0")

        # No table wider than its box outside a box that scrolls, in any tab; the players' table fits on a desktop.
        for name in ("timeline", "dice", "players", "log", "final-board"):
            page.click(f"[role=tab][data-name='{name}']")
            assert page.evaluate(CLIPPED) == [], name
            assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, name
        if size == "desktop":
            page.click("[role=tab][data-name=players]")
            assert page.evaluate("""() => { const w = document.querySelector('.stats-mk-players').parentElement;
              return w.scrollWidth <= w.clientWidth; }"""), "the players' table (best turn, debts) is cut"

        # A player's time-line: their own turns, then every turn.
        page.click("[role=tab][data-name=players]")
        rows = page.evaluate(ROWS)
        assert 0 < rows["own"] < rows["all"] and rows["shown"] == rows["own"], rows
        page.locator("details.stats-timeline[open] .all-turns-label").click()
        rows = page.evaluate(ROWS)
        assert rows["shown"] == rows["all"], rows
        page.screenshot(path=str(ARTIFACTS / f"end-page-players-{size}.png"), full_page=True)
        assert not errors, errors
    page.context.close()


def test_the_end_page_in_french_keeps_its_tabs(site, browser, finished):
    page, errors = open_end_page(browser, site, finished, "phone", locale="fr-FR")
    with screenshots_on_failure("end-page-fr", [page]):
        assert page.get_attribute("html", "lang") == "fr"
        assert page.locator("[role=tab][data-name=timeline]").inner_text() == "Chronologie"
        page.locator("[role=tab][data-name=dice]").click()
        assert page.locator("[role=tab][data-name=dice]").inner_text() == "Dés"
        assert page.evaluate("location.hash") == "#dice" and page.evaluate(SHOWN) == ["tab-dice"]
        page.click("[role=tab][data-name=players]")
        assert page.locator("details.stats-timeline[open] .all-turns-label").inner_text() == "Tous les tours"
        assert page.evaluate(CLIPPED) == []
        page.screenshot(path=str(ARTIFACTS / "end-page-fr-phone.png"), full_page=True)
        assert not errors, errors
    page.context.close()


def test_without_script_the_statistics_page_shows_every_section(site, browser, finished):
    code, _ = finished
    context = new_context(browser, "desktop", java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{site.url()}/stats/games/{code}/")
    assert page.locator("[role=tablist]").count() == 0
    for name in ("timeline", "dice", "players"):
        assert page.locator(f"#tab-{name} .tab-heading").is_visible()
    rows = page.evaluate(ROWS)
    assert rows["shown"] == rows["own"] < rows["all"]  # the own-turns view needs no script either
    page.locator("details.stats-timeline[open] .all-turns-label").click()
    assert page.evaluate(ROWS)["shown"] == rows["all"]
    context.close()
