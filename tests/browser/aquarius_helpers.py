"""What the Aquarius browser tests do on a game page: play as a simple player would, wait for a turn with a
card to play, and measure that the page and its statistics table fit their boxes; a game against a bot to start
them from, and the game opened in a new browser context."""
from tests.browser.helpers import SIZES, seq_of, sign_up, wait_until_live

# What a simple player does with the board: the first playable card of the hand, then a target for it.
# Returns the next thing to click (a CSS selector), or null when there is nothing to do.
NEXT_CLICK = """() => {
  const board = document.querySelector("#board .aq-board");
  if (!board) return null;
  const drop = board.querySelector("g.aq-drop");
  if (drop) return `#board g.aq-drop[data-x="${drop.dataset.x}"][data-y="${drop.dataset.y}"]`;
  const pick = board.querySelector("g.aq-card.pickable");
  if (pick) return `#board g.aq-card.pickable[data-card="${pick.dataset.card}"]`;
  const seat = board.querySelector("button.aq-seat-choice");
  if (seat) return `#board button.aq-seat-choice[data-seat="${seat.dataset.seat}"]`;
  const play = board.querySelector(".aq-controls button.primary");
  if (play) return "#board .aq-controls button.primary";
  const selected = board.querySelector("button.aq-hand-card.selected");
  if (selected) return "#board button.aq-rotate";  // nothing fits this way up: turn the card
  const card = board.querySelector("button.aq-hand-card:not([disabled])");
  if (card) return `#board button.aq-hand-card[data-card="${card.dataset.card}"]`;
  const pass = [...document.querySelectorAll("#actions button:not([disabled])")].find((b) => /pass/i.test(b.textContent));
  if (pass) return "#actions button:not([disabled]) >> text=/pass/i";
  return null;
}"""


def finished(page):
    return page.locator("#after").is_visible()


def play_one_step(page, refusals):
    """Click the next thing a simple player would; True if it clicked. A move the server refused (its
    message shown instead of a new event) goes into `refusals`: the board offers only legal moves."""
    selector = page.evaluate(NEXT_CLICK)
    if selector is None:
        return False
    before = seq_of(page)
    page.evaluate("document.getElementById('toast').hidden = true")  # only a new message counts below
    target = page.locator(selector).first
    # Centred first: a board cell at the edge of the view can sit under the phone's sticky action bar.
    target.evaluate("el => el.scrollIntoView({block: 'center', inline: 'center'})")
    target.click()
    if page.locator("#board button.aq-hand-card.selected").count():
        return True  # a choice on the way to a move (a card, its orientation, the card to move): no event yet
    page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}"
                           " || !document.getElementById('toast').hidden", timeout=15000)
    if seq_of(page) == before:
        refusals.append(f"{selector}: {page.inner_text('#toast')}")
    return True


WIDER_THAN = """(width) => [...document.querySelectorAll('body *')]
  .filter((n) => n.getBoundingClientRect().right > width + 1 && !n.closest('.table-wrap, .aq-table'))
  .slice(0, 5).map((n) => n.tagName + '.' + n.className + ' ' + Math.round(n.getBoundingClientRect().right))"""


def no_horizontal_overflow(page):
    """Nothing sticks out of the viewport's width (wide tables and the table of cards scroll inside their box)."""
    width = page.viewport_size["width"]
    wider = page.evaluate(WIDER_THAN, width)
    return page.evaluate("document.documentElement.scrollWidth") <= width + 1 or print("too wide:", wider)


# The players' statistics table (the end of the game, the statistics page): its right edge, and that of its last
# column's cells, against the box it sits in, and that box against the statistics panel.
TABLE_EDGES = """() => {
  const table = document.querySelector(".stats-players");
  const box = table.closest(".table-wrap"), panel = table.closest(".stats-panel");
  const right = (node) => node.getBoundingClientRect().right;
  const cells = [...table.querySelectorAll("tbody tr")].map((row) => row.lastElementChild);
  return { table: right(table), box: right(box), panel: right(panel), scrolls: box.scrollWidth - box.clientWidth,
           lastCells: Math.max(...cells.map(right)), shuffles: Math.max(...[...table.querySelectorAll("td")]
             .filter((cell, i) => cell.cellIndex === 8).map(right)), rows: cells.length };
}"""


def statistics_table_fits(page):
    """The players' statistics table fits its box, all its columns in sight (none cut off, none scrolled out of
    view), and its box fits the statistics panel. Returns the measures, or prints them and returns False."""
    tab = page.locator("[role=tab][data-name=players]")  # the table is in the "Per player" tab
    if tab.count():
        tab.click()
    edges = page.evaluate(TABLE_EDGES)
    fits = (edges["rows"] > 0 and edges["table"] <= edges["box"] + 0.5 and edges["box"] <= edges["panel"] + 0.5
            and edges["lastCells"] <= edges["box"] + 0.5 and edges["shuffles"] <= edges["box"] + 0.5
            and edges["scrolls"] <= 0)
    return fits or print("the statistics table does not fit:", edges)


MAY_ACT = """() => !!document.querySelector("#board button.aq-hand-card:not([disabled])")
  || [...document.querySelectorAll("#actions button:not([disabled])")].some((b) => /pass/i.test(b.textContent))"""


def my_turn(page):
    """Wait until the page's player may place or play a card of the hand, and return those cards. A turn whose
    only legal move is to pass (no card of the hand fits anywhere) is passed on the way."""
    for _ in range(20):
        page.wait_for_function(MAY_ACT, timeout=20000)
        playable = page.eval_on_selector_all("#board button.aq-hand-card:not([disabled])",
                                             "cards => cards.map(c => c.dataset.card)")
        if playable:
            return playable
        before = seq_of(page)
        page.click("#actions button:not([disabled]) >> text=/pass/i")
        page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}", timeout=15000)
    raise AssertionError("the player had only passes to make for 20 turns")


def game_against_a_bot(site, browser, host, bot_kind):
    """An Aquarius game of `host` (signed up here) against a `bot_kind` bot, without a turn timer (no bot stands
    in while a test takes its time), started: (its URL, the host's signed-in state)."""
    context = browser.new_context(viewport=SIZES["desktop"])
    page = context.new_page()
    sign_up(page, site, host)
    page.goto(site.url() + "/games/new/")
    page.click(".game-choice a[data-ruleset='aquarius']")
    page.wait_for_selector("h1:has-text('New Aquarius game')")
    page.fill("#id_game-max_players", "2")
    page.select_option("#id_game-turn_seconds", "0")
    page.click("form button.primary")
    page.wait_for_selector("#lobby:not([hidden])")
    wait_until_live(page)
    page.select_option("#bot-kind", bot_kind)
    page.click("#add-bot")
    page.wait_for_selector("#seats li .tag:has-text('bot')")
    page.click("#ready-button")
    page.wait_for_selector("#play:not([hidden]) .aq-board svg.aq-grid")
    url, state = page.url.split("#")[0], context.storage_state()
    context.close()
    return url, state


def open_game(browser, game, **options):
    """The game (from `game_against_a_bot`) in a new context with `options`: (context, page, page errors)."""
    url, state = game
    context = browser.new_context(storage_state=state, **options)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_selector("#board .aq-board svg.aq-grid")
    wait_until_live(page)
    return context, page, errors
