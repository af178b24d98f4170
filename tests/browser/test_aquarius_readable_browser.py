"""An Aquarius board people can read (issue 34), in headless Chromium at 1280x800 and at 390x844: cards named for
people in the hand, on the table and in the log (never "l_aw", "q_evfa", "act_f_1"), the log's places shown on the
board when a line is pointed at or focused (no coordinates in its text), every space offered for a card in sight
on a phone (none under the sticky bar of moves), no JSON-RPC panel in the sidebar but "Play with a program" in the
game's menu, and the final table in the reader's language.

One game of the host 'rita' against a greedy bot, without a turn timer. Screenshots go to
test-artifacts/aquarius-readable-*.png.
"""
import re
from contextlib import closing

import pytest

from tests.browser.aquarius_helpers import (finished, game_against_a_bot, my_turn, no_horizontal_overflow, open_game, play_one_step,
                                           seq_of)
from tests.browser.helpers import ARTIFACTS, SIZES, screenshots_on_failure

pytestmark = pytest.mark.browser

PHONE = {"viewport": SIZES["phone"], "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": SIZES["desktop"]}
IDENTIFIER = re.compile(r"\b[a-z]_[a-z]{1,4}(_\d)?\b|\bq_\w+|\bact_\w+")
COORDINATES = re.compile(r"\(-?\d+, ?-?\d+\)")

# What people read of the board and the log: their text, the hand's names and tooltips, the cards' titles.
READ = """() => {
  const board = document.getElementById("board"), log = document.getElementById("game-log");
  return [board.innerText, log.innerText,
    ...[...board.querySelectorAll("[title]")].map((n) => n.getAttribute("title")),
    ...[...board.querySelectorAll("title")].map((n) => n.textContent),
    ...[...board.querySelectorAll("[aria-label]")].map((n) => n.getAttribute("aria-label"))].join("\\n");
}"""

# Each space offered for the chosen card: its centre inside the window, below the sticky bar of moves, and the
# space itself the topmost thing there (nothing covers it: not the bar, not the table's zoom buttons).
SPACES_IN_SIGHT = """() => {
  const bar = document.querySelector("#play .play-controls").getBoundingClientRect();
  return [...document.querySelectorAll("#board g.aq-drop")].map((drop) => {
    const r = drop.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    return { x: drop.dataset.x, y: drop.dataset.y, top: Math.round(r.top), barBottom: Math.round(bar.bottom),
             inside: x >= 0 && x <= innerWidth && y >= bar.bottom && y <= innerHeight,
             reachable: !!hit && hit.closest("g.aq-drop") === drop };
  });
}"""


@pytest.fixture(scope="module")
def game(site, module_browser):
    """An Aquarius game of 'rita' against a greedy bot, started: (its URL, rita's signed-in state)."""
    return game_against_a_bot(site, module_browser, "rita", "greedy")


def play_until_the_log_points_at(page, lines):
    """rita plays (as a simple player would) until the log has `lines` lines about board cells."""
    refusals = []
    while page.locator("#game-log .line[data-cells]").count() < lines:
        my_turn(page)
        before = seq_of(page)
        while seq_of(page) == before:
            play_one_step(page, refusals)
    assert not refusals, refusals


def pointed(page):
    return page.eval_on_selector_all("#board rect.aq-mark", "marks => marks.map(m => m.dataset.x + ',' + m.dataset.y)")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_cards_by_name_places_on_the_board_spaces_in_sight(game, module_browser, size):
    context, page, errors = open_game(module_browser, game, **(PHONE if size == "phone" else DESKTOP))
    with closing(context), screenshots_on_failure(f"aquarius-readable-{size}", [page]):
        play_until_the_log_points_at(page, 4)

        # A card of the hand is chosen: the whole table comes into sight, and every space offered is in sight,
        # below the sticky bar of moves and covered by nothing.
        cards = [card for card in my_turn(page) if not card.startswith("act_")]
        if size == "desktop":  # the hand sits beside the table: the hand and most of the table in the first screen
            page.evaluate("() => window.scrollTo(0, 0)")
            hand = page.evaluate("""() => [...document.querySelectorAll('#board .aq-hand-card')]
                .map(node => node.getBoundingClientRect()).map(box => box.top >= 0 && box.bottom <= innerHeight)""")
            assert hand and all(hand), hand
            table = page.evaluate("""() => { const box = document.querySelector('#board svg.aq-grid').getBoundingClientRect();
                return (Math.min(box.bottom, innerHeight) - box.top) / box.height; }""")
            assert table >= 0.75, table
        if cards:
            page.click(f"#board button.aq-hand-card[data-card='{cards[0]}']")
            if not page.locator("#board g.aq-drop").count():
                page.click("#board button.aq-rotate")
            spaces = page.evaluate(SPACES_IN_SIGHT)
            assert spaces and all(s["inside"] and s["reachable"] for s in spaces), spaces
            page.screenshot(path=str(ARTIFACTS / f"aquarius-readable-{size}_spaces.png"))

        # Nothing people read names a card by its identifier, nor a place by its coordinates.
        read = page.evaluate(READ)
        assert not IDENTIFIER.search(read), IDENTIFIER.search(read).group(0)
        log = page.inner_text("#game-log")
        assert not COORDINATES.search(log), log
        names = page.eval_on_selector_all("#board .aq-card-name", "names => names.map(n => n.textContent)")
        assert names and all(re.fullmatch(r"[A-Z][A-Za-z/ ]+", name) for name in names), names
        assert re.search(r"places the (Air|Earth|Fire|Water|Void)[A-Za-z/]* (half |quartered )?card", log), log

        # A log line about cells shows them on the board while it is pointed at (or has the keyboard).
        line = page.locator("#game-log .line[data-cells]").last
        cells = line.get_attribute("data-cells").split(";")
        if size == "desktop":
            line.hover()
            assert sorted(pointed(page)) == sorted(cells)
            page.screenshot(path=str(ARTIFACTS / f"aquarius-readable-{size}_pointed.png"))
            page.mouse.move(5, 5)
            assert pointed(page) == []
        if size == "phone":
            page.click("#tab-log")  # the log is a tab on a phone
            line.tap()  # a finger taps the line: it takes the focus, and the board's tab opens showing its cells
            assert page.locator("#board").is_visible() and not line.is_visible()
        else:
            line.focus()
        assert sorted(pointed(page)) == sorted(cells)
        x, y = cells[0].split(",")
        card = page.locator(f"#board g.aq-layer > g.aq-card[data-x='{x}'][data-y='{y}']")
        if card.count():  # the card still lies where the line says: it is outlined
            assert "pointed" in card.get_attribute("class")
        if size == "phone":
            page.screenshot(path=str(ARTIFACTS / f"aquarius-readable-{size}_pointed.png"), full_page=True)
        if size == "phone":
            page.click("#tab-log")  # the log again: the board shows no line's cells
            assert pointed(page) == []
            page.click("#tab-board")
        page.locator("#board svg.aq-grid").focus()
        assert pointed(page) == []
        assert no_horizontal_overflow(page), "horizontal overflow"

        # No JSON-RPC panel in the sidebar; the game's menu leads to the page with this table's socket address.
        assert page.locator("#rpc-access, .rpc-access").count() == 0
        assert "JSON-RPC" not in page.inner_text(".game-side")
        code = page.get_attribute("#game", "data-code")
        page.click("#program-link")
        page.wait_for_selector("#rpc-url")
        assert page.inner_text("#rpc-url").endswith(f"/ws/games/{code}/rpc/")
        assert re.fullmatch(r"\d+-[0-9a-f]+", page.input_value("#rpc-token"))
        assert no_horizontal_overflow(page), "horizontal overflow on the program page"
        page.screenshot(path=str(ARTIFACTS / f"aquarius-readable-{size}_program.png"), full_page=True)
        assert not errors, errors


def test_the_final_table_in_the_readers_language(game, module_browser):
    """rita leaves her seat to a bot, which plays the game to its end; a French reader reads the end in French."""
    context, page, errors = open_game(module_browser, game, **DESKTOP)
    with closing(context), screenshots_on_failure("aquarius-readable-end", [page]):
        page.click("#leave-play")
        page.wait_for_function("() => !document.getElementById('after').hidden", timeout=120000)
        english = page.inner_text("#final-table")
        assert re.search(r"Goal: (Air|Earth|Fire|Water|Void), largest group \d+", english), english
        french_context = module_browser.new_context(locale="fr-FR", **PHONE)
        with closing(french_context):
            french = french_context.new_page()
            french.on("pageerror", lambda error: errors.append(str(error)))
            french.goto(game[0])
            french.wait_for_selector("#after:not([hidden]) #final-table tr")
            table = french.inner_text("#final-table")
            assert re.search(r"Objectif : (Air|Terre|Feu|Eau|Vide), plus grand groupe : \d+", table), table
            assert "goal " not in table and "largest" not in table
            log = french.inner_text("#game-log")
            assert not IDENTIFIER.search(log) and not COORDINATES.search(log), log
            assert " pose la " in log, log
            french.locator("#after").scroll_into_view_if_needed()
            french.screenshot(path=str(ARTIFACTS / "aquarius-readable-phone-end-fr.png"), full_page=True)
        assert finished(page) and not errors, errors
