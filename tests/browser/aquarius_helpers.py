"""What the Aquarius browser tests do on a game page: play as a simple player would, wait for a turn with a
card to play, and measure that the page and its statistics table fit their boxes."""

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


def seq_of(page):
    return int(page.locator("#game").get_attribute("data-seq") or 0)


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
