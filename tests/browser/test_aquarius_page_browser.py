"""The Aquarius game page in headless Chromium, beyond a whole game (test_aquarius_browser.py): a card played
with the keyboard alone, the table zoomed and panned on a phone, and the end-of-game statistics table fitting
its box on a desktop and on a phone.

One game against a random bot, without a turn timer, serves the first two tests: its host plays from a desktop
and from a phone (the same account). Screenshots go to test-artifacts/.
"""
import re
from contextlib import closing
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.browser.aquarius_helpers import (game_against_a_bot, my_turn, no_horizontal_overflow, open_game, play_one_step, seq_of,
                                           statistics_table_fits)
from tests.browser.helpers import ARTIFACTS, SIZES, screenshots_on_failure

pytestmark = pytest.mark.browser

PHONE = {"viewport": SIZES["phone"], "is_mobile": True, "has_touch": True}
TRANSFORM = re.compile(r"translate\(([-\d.e]+),([-\d.e]+)\) scale\(([-\d.e]+)\)")


@pytest.fixture(scope="module")
def game(site, module_browser):
    """An Aquarius game of the host 'kiko' against a random bot, started: (its URL, kiko's signed-in state)."""
    return game_against_a_bot(site, module_browser, "kiko", "random")


def focused(page):
    """What has the keyboard: tag, its card or place, its label."""
    return page.evaluate("""() => { const n = document.activeElement;
      return { tag: n.tagName.toLowerCase(), cls: n.getAttribute("class") || "", card: n.dataset.card || null,
               x: n.dataset.x || null, y: n.dataset.y || null, label: n.getAttribute("aria-label") || "",
               pressed: n.getAttribute("aria-pressed") }; }""")


IN_SIGHT = """() => {
  const node = document.activeElement, r = node.getBoundingClientRect();
  const table = node.closest("svg").getBoundingClientRect();
  const bar = document.querySelector(".play-controls").getBoundingClientRect();  // sticky at the top
  return r.top >= Math.max(table.top, bar.bottom) - 1 && r.bottom <= Math.min(table.bottom, innerHeight) + 1
    && r.left >= table.left - 1 && r.right <= table.right + 1;
}"""


FIRST_DRAWN = """card => {
  window.firstDrawn = null;
  const board = document.getElementById("board");
  const observer = new MutationObserver(() => {
    const node = board.querySelector(`g.aq-layer > g.aq-card[data-card='${card}']`);
    if (!node || window.firstDrawn) return;
    window.firstDrawn = { transform: node.getAttribute("transform"), title: node.querySelector("title").textContent,
                          cards: board.querySelectorAll("g.aq-layer > g.aq-card").length };
    observer.disconnect();
  });
  observer.observe(board, { childList: true, subtree: true, attributes: true });
}"""


def tab_to(page, card, limit=120):
    """Press Tab (only Tab) until the hand's button of `card` has the keyboard."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        if now["tag"] == "button" and now["card"] == card and "aq-hand-card" in now["cls"]:
            return now
    raise AssertionError(f"Tab never reached the card {card} of the hand")


def layer_transform(page):
    match = TRANSFORM.fullmatch(page.get_attribute("#board g.aq-layer", "transform"))
    return tuple(float(value) for value in match.groups())


def test_a_card_is_played_with_the_keyboard_alone(game, module_browser):
    context, page, errors = open_game(module_browser, game, viewport=SIZES["desktop"])
    with closing(context), screenshots_on_failure("aquarius-keyboard", [page]):
        # A card to place (an action card plays differently): until the hand has one, play what it has.
        refusals = []
        while True:
            playable = my_turn(page)
            cards = [card for card in playable if not card.startswith("act_")]
            if cards:
                break
            before = seq_of(page)
            while seq_of(page) == before:
                play_one_step(page, refusals)
        assert not refusals, refusals
        card = cards[0]
        name = page.inner_text(f"#board button.aq-hand-card[data-card='{card}'] .aq-card-name")  # "Water card"
        before = seq_of(page)
        board_cards = page.locator("#board g.aq-layer > g.aq-card").count()

        # Tab reaches the card of the hand; Enter chooses it and takes the keyboard to the first free space.
        page.locator("body").focus()
        tab_to(page, card)
        page.keyboard.press("Enter")
        if not page.locator("#board g.aq-drop").count():
            page.keyboard.press("r")  # no space fits this way up: R turns the card
        spaces = page.locator("#board g.aq-drop")
        assert spaces.count() >= 1
        now = focused(page)
        assert now["tag"] == "g" and "aq-drop" in now["cls"], now
        assert re.fullmatch(rf"Place {re.escape(name)} at -?\d+, -?\d+(, turned)?", now["label"]), now["label"]
        assert page.evaluate(IN_SIGHT), "the space with the keyboard is out of sight"
        assert page.get_attribute(f"#board button.aq-hand-card[data-card='{card}']", "aria-pressed") == "true"
        # Every space has a label of its own that names its place.
        labels = spaces.evaluate_all("cells => cells.map(c => c.getAttribute('aria-label'))")
        assert len(set(labels)) == len(labels) and all(label.startswith(f"Place {name} at ") for label in labels)

        # Escape cancels: no space left, the card no longer chosen, the keyboard back on it.
        page.keyboard.press("Escape")
        assert page.locator("#board g.aq-drop").count() == 0
        now = focused(page)
        assert now["card"] == card and now["pressed"] == "false", now

        # Again, and Tab goes on to the next space when there are several; Enter plays there.
        page.keyboard.press("Enter")
        if not page.locator("#board g.aq-drop").count():
            page.keyboard.press("r")
        if page.locator("#board g.aq-drop").count() > 1:
            first = focused(page)
            page.keyboard.press("Tab")
            assert focused(page)["label"] != first["label"]
        chosen = focused(page)
        assert "aq-drop" in chosen["cls"], chosen
        assert page.evaluate(IN_SIGHT), "the space with the keyboard is out of sight"
        x, y = int(chosen["x"]), int(chosen["y"])
        turned = chosen["label"].endswith(", turned")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "aquarius-keyboard-space.png"))
        # The bot answers 0.05 s later and may move or zap the card: keep the first board drawn with it.
        page.evaluate(FIRST_DRAWN, card)
        page.keyboard.press("Enter")

        # The server took the move: a new event, and the board drawn from it has the card at that place.
        page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}")
        page.wait_for_function("() => window.firstDrawn !== null")
        drawn = page.evaluate("() => window.firstDrawn")
        assert drawn["transform"] == f"translate({x * 66},{y * 90})", drawn
        assert turned == ("(turned)" in drawn["title"]), drawn
        assert drawn["cards"] >= board_cards + 1, drawn
        assert page.locator(f"#board button.aq-hand-card[data-card='{card}']").count() == 0
        assert page.locator("#board g.aq-drop").count() == 0
        # The log names the card and points at its place on the board (data-cells), without coordinates.
        line = page.locator(f"#game-log .line[data-cells='{x},{y}']", has_text="kiko places").last
        assert re.fullmatch(rf"kiko places the {re.escape(name)}(, turned)?\.", line.inner_text()), line.inner_text()
        # The keyboard stays on the table, where the card now lies.
        assert "aq-grid" in focused(page)["cls"]
        page.screenshot(path=str(ARTIFACTS / "aquarius-keyboard-played.png"))
        assert not errors, errors


def test_the_table_zooms_and_pans_on_a_phone(game, module_browser):
    context, page, errors = open_game(module_browser, game, **PHONE)
    with closing(context), screenshots_on_failure("aquarius-phone-zoom", [page]):
        my_turn(page)  # nobody moves until kiko does: the table is not drawn again during the gestures
        grid = page.locator("#board svg.aq-grid")
        grid.scroll_into_view_if_needed()
        box = grid.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES["phone"]["width"]
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        card = page.locator("#board g.aq-layer > g.aq-card").first
        fitted = layer_transform(page)
        scale = fitted[2]
        width = card.bounding_box()["width"]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "aquarius-phone-zoom-before.png"))

        cdp = context.new_cdp_session(page)

        def touch(kind, *points):
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
                {"x": px, "y": py, "id": index, "radiusX": 4, "radiusY": 4, "force": 1} for index, (px, py) in enumerate(points)]})

        # Two fingers move apart: the table zooms in about them.
        touch("touchStart", (cx - 30, cy), (cx + 30, cy))
        for step in range(1, 9):
            touch("touchMove", (cx - 30 - 10 * step, cy), (cx + 30 + 10 * step, cy))
        touch("touchEnd")
        _, _, pinched = layer_transform(page)
        assert scale * 1.2 < pinched <= 3, (scale, pinched)
        assert card.bounding_box()["width"] > width * 1.2

        # One finger drags the table: it follows the finger.
        tx, ty, _ = layer_transform(page)
        touch("touchStart", (cx, cy))
        for step in range(1, 7):
            touch("touchMove", (cx - 15 * step, cy + 10 * step))
        touch("touchEnd")
        panned_x, panned_y, panned_scale = layer_transform(page)
        assert panned_scale == pinched
        assert panned_x == pytest.approx(tx - 90, abs=1) and panned_y == pytest.approx(ty + 60, abs=1)

        # The board's own buttons: zoom out, then fit everything in sight again.
        page.get_by_role("button", name="Zoom out").click()
        assert layer_transform(page)[2] == pytest.approx(pinched * 0.8)
        page.screenshot(path=str(ARTIFACTS / "aquarius-phone-zoom-after.png"))
        assert no_horizontal_overflow(page), "horizontal overflow after zooming and panning"
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"]["width"]
        assert grid.bounding_box()["width"] == box["width"], "the table kept its size"
        page.get_by_role("button", name="Fit").click()
        assert layer_transform(page) == pytest.approx(fitted)
        assert not errors, errors


@pytest.mark.django_db(transaction=True)
def test_the_end_of_game_statistics_table_fits_its_box(live_server, browser):
    """The players' table (a dozen numbers each) on the finished game's page and on its statistics page, at
    1280 and 390 px, in English and in French: every column in sight, inside its box, no page overflow."""
    from django.db import connections

    from stats import services
    from stats.tests.aquarius_factories import SEED_WITH_A_GROUP_OF_SEVEN, play_finished_aquarius

    def store():
        try:
            game, _ = play_finished_aquarius(seed=SEED_WITH_A_GROUP_OF_SEVEN, players=3, chicken=True,
                                             looks=((0, 0), (2, 1)))
            services.compute_and_store(game.pk)
            return game.code
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:  # Playwright keeps an event loop in this thread
        code = pool.submit(store).result()
    ARTIFACTS.mkdir(exist_ok=True)
    for language in ("en", "fr"):
        for size, viewport in SIZES.items():
            context = browser.new_context(viewport=viewport, locale=language)
            page = context.new_page()
            with closing(context), screenshots_on_failure(f"aquarius-statistics-{language}-{size}", [page]):
                for where, path in (("game", f"/games/{code}/"), ("statistics", f"/stats/games/{code}/")):
                    page.goto(live_server.url + path)
                    # In the "Per player" tab, which statistics_table_fits opens.
                    page.wait_for_selector(".stats-body[data-stats-drawn='1'] .stats-players", state="attached")
                    assert page.locator(".stats-players tbody tr").count() == 3
                    assert statistics_table_fits(page), (language, size, where)
                    assert no_horizontal_overflow(page), (language, size, where)
                    if language == "en":
                        page.locator(".stats-players-wrap").screenshot(
                            path=str(ARTIFACTS / f"aquarius-statistics-table-{where}-{size}.png"))
