"""The Machi Koro board's layout. On a 1280×800 desktop, on the player's own turn in a game against three bots,
the market, the player's coins and city, and every opponent's coins and landmarks are all in the first screen
(nothing scrolled), no text on the board is under 11 px, and the board carries the DOM contract's attributes
(data-seat, data-coins, data-card, data-market-card, data-landmark, data-dice). On a 390×844 phone the board,
the chat and the log are tabs (a message arriving on another tab counts on Chat), and the site header keeps one
row, signed in and out. Screenshots go to test-artifacts/board-layout-*.png."""
import re

import pytest

from tests.browser.helpers import (ARTIFACTS, SIZES, enter_as_guest, host_and_guest_start_a_game,
                                   screenshots_on_failure, watch_errors)

pytestmark = pytest.mark.browser

MY_BUY_PHASE = """() => document.querySelector('#board button.mk-buy')
  || document.querySelector('#actions button:not([disabled])')"""

# Every drawn text node of the play area with its size on screen (an SVG text's font size times its scale);
# tooltips (<title>) and text for screen readers only are not drawn.
SMALL_TEXT = """() => {
  const small = [];
  const walker = document.createTreeWalker(document.getElementById("play"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim() || parent.closest("title, .visually-hidden")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (![...range.getClientRects()].some((r) => r.width > 0 && r.height > 0)) continue;
    let size = parseFloat(getComputedStyle(parent).fontSize);
    if (parent instanceof SVGElement) { const m = parent.getScreenCTM(); size *= Math.hypot(m.a, m.b); }
    if (size < 11) small.push([node.textContent.trim(), size]);
  }
  return small;
}"""

CONTRACT = """() => {
  const board = document.getElementById("board");
  const seats = [...board.querySelectorAll("[data-seat]")];
  return {
    seats: seats.map((area) => area.dataset.seat),
    coins: seats.map((area) => (area.querySelector("[data-coins]") || {}).textContent),
    landmarks: seats.map((area) => [...area.querySelectorAll("[data-landmark]")].map((l) => l.dataset.built)),
    cards: [...board.querySelectorAll("[data-seat] [data-card]")].map((c) => [c.dataset.card, c.dataset.count]),
    market: [...board.querySelectorAll("[data-market-card]")].map((c) => c.dataset.marketCard),
    dice: board.querySelectorAll("[data-dice]").length,
    dieValues: [...board.querySelectorAll("[data-dice] [data-die]")].map((d) => d.textContent),
  };
}"""


def guest_page(browser, site, nickname, size, locale="en-GB"):
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone, locale=locale)
    page = context.new_page()
    enter_as_guest(page, site, nickname)
    return page


def start_against_bots(page, site, bots=3):
    page.goto(site.url() + "/games/new/")
    page.fill("#id_game-max_players", str(bots + 1))
    page.click("form button.primary")
    page.wait_for_selector("#lobby:not([hidden])")
    for count in range(bots):
        page.click("#add-bot")
        page.wait_for_selector(f"#seats li:nth-child({count + 2})")
    page.click("#ready-button")
    page.wait_for_selector("#board .mk-player")


def reach_my_buy_phase(page):
    """Roll whenever offered until the board offers this player a purchase."""
    for _ in range(50):
        page.wait_for_function(MY_BUY_PHASE, timeout=60000)
        if page.locator("#board button.mk-buy").count():
            return
        before = int(page.get_attribute("#game", "data-seq") or 0)
        page.locator("#actions button:not([disabled])").first.click()
        page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}")
    raise AssertionError("never offered a purchase")


def in_view(box, viewport):
    return (box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= viewport["width"]
            and box["y"] + box["height"] <= viewport["height"])


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_on_a_desktop_the_whole_table_is_in_the_first_screen(site, browser, locale):
    page = guest_page(browser, site, "Wide" + locale[:2], "desktop", locale)
    errors = []
    watch_errors(page, errors)
    viewport = SIZES["desktop"]
    with screenshots_on_failure(f"board-layout-desktop-{locale}", [page]):
        start_against_bots(page, site)
        reach_my_buy_phase(page)
        assert page.evaluate("window.scrollY") == 0
        parts = {"the market": "#mk-market .mk-market", "my coins": "#mk-my-city [data-coins]",
                 "my city": "#mk-my-city .mk-owned", "my landmarks": "#mk-my-city .mk-landmarks",
                 "the moves": "#actions"}
        opponents = page.eval_on_selector_all("#board .mk-opponent[data-seat]", "areas => areas.map(a => a.dataset.seat)")
        assert len(opponents) == 3
        for seat in opponents:
            parts[f"seat {seat}'s coins"] = f"#board .mk-opponent[data-seat='{seat}'] [data-coins]"
            parts[f"seat {seat}'s landmarks"] = f"#board .mk-opponent[data-seat='{seat}'] .mk-landmarks"
        outside = {name: page.locator(selector).bounding_box() for name, selector in parts.items()}
        outside = {name: box for name, box in outside.items() if not in_view(box, viewport)}
        assert not outside, f"below the fold or off screen: {outside}"
        assert page.evaluate(SMALL_TEXT) == []

        contract = page.evaluate(CONTRACT)
        assert sorted(contract["seats"]) == ["0", "1", "2", "3"]
        assert all(re.fullmatch(r"\d+", coins or "") for coins in contract["coins"]), contract["coins"]
        assert all(len(built) >= 4 and set(built) <= {"true", "false"} for built in contract["landmarks"])
        assert ["wheat-field", "1"] in contract["cards"] and all(count.isdigit() for _, count in contract["cards"])
        assert "wheat-field" in contract["market"] and contract["dice"] == 1
        assert contract["dieValues"] and all(re.fullmatch(r"[1-6]", value) for value in contract["dieValues"])
        # The number alone in [data-coins], the first number of the coins' display.
        mine = page.inner_text("#mk-my-city [data-coins]")
        assert re.search(r"\d+", page.inner_text("#mk-my-city .mk-coins")).group() == mine
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"board-layout-desktop-{locale}.png"))
    page.context.close()
    assert not errors, errors


def header_rows(page):
    """The header's height and whether each of its shown parts sits in its first row."""
    return page.evaluate("""() => {
      const header = document.querySelector(".site-header").getBoundingClientRect();
      const parts = [...document.querySelectorAll(".site-header > *")].map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0);
      const name = document.querySelector(".site-header .who-name");
      return { height: header.height, offRow: parts.filter((r) => r.top > header.top + 16).length,
               nameHeight: name ? name.getBoundingClientRect().height : 0,
               wide: document.documentElement.scrollWidth - window.innerWidth };
    }""")


def assert_one_row(page, where):
    rows = header_rows(page)
    assert rows["height"] <= 60 and rows["offRow"] == 0 and rows["wide"] <= 0 and rows["nameHeight"] <= 26, (where, rows)


@pytest.mark.parametrize("width", [768, 1000])
def test_on_a_tablet_the_header_is_one_row_with_its_links_under_the_menu(site, browser, width):
    context = browser.new_context(viewport={"width": width, "height": 1024}, locale="fr-FR")
    page = context.new_page()
    errors = []
    watch_errors(page, errors)
    with screenshots_on_failure(f"board-layout-tablet-{width}", [page]):
        enter_as_guest(page, site, "Tablette")
        assert_one_row(page, f"games list at {width} px, a guest in French")
        assert page.locator(".brand-name").is_visible() and not page.locator("#site-nav").is_visible()
        page.click("#menu-button")
        assert page.locator("#site-nav a").first.is_visible()
        assert not errors, errors
    context.close()


def test_on_a_phone_chat_and_log_are_tabs_and_the_header_is_one_row(site, browser):
    phone = {"viewport": SIZES["phone"], "is_mobile": True, "has_touch": True}
    host_context, guest_context = browser.new_context(**phone), browser.new_context(**phone, locale="fr-FR")
    host, guest = host_context.new_page(), guest_context.new_page()
    errors = []
    for page in (host, guest):
        watch_errors(page, errors)
    with screenshots_on_failure("board-layout-phone", [host, guest]):
        # Signed out: the header is one row, its links behind the menu button.
        guest.goto(site.url() + "/")
        assert_one_row(guest, "home, signed out")
        assert not guest.locator("#site-nav").is_visible()
        guest.click("#menu-button")
        assert guest.get_attribute("#menu-button", "aria-expanded") == "true"
        nav = guest.locator("#site-nav a").first
        assert nav.is_visible() and nav.bounding_box()["width"] > 200   # one link a line, easy to tap
        guest.keyboard.press("Escape")
        assert not guest.locator("#site-nav").is_visible()

        host_and_guest_start_a_game(host, guest, site, "Gaëlle")
        for page, who in ((host, "signed in"), (guest, "guest, in French")):
            page.wait_for_selector("#board .mk-player")
            assert_one_row(page, f"game page, {who}")
        assert host.locator("#notif-button").is_visible() and host.locator(".account-nav a.who").is_visible()
        for path in ("/", "/games/"):
            host.goto(site.url() + path)
            assert_one_row(host, f"{path}, signed in")
            host.go_back()
        host.wait_for_selector("#board .mk-player")

        # The board is the first tab; Chat and Log are one tap away. A roll first, so the log has a line.
        assert host.locator("#game-tabs").is_visible() and host.locator("#board").is_visible()
        offered = "#actions button:not([disabled])"
        host.wait_for_selector("#seats li.to-act")
        actor = host if host.locator("#seats li.to-act .muted").count() else guest   # "(you)": the host's own seat
        actor.locator(offered).first.click()
        assert not host.locator("#chat-log").is_visible() and not host.locator("#game-log").is_visible()
        host.click("#tab-log")
        host.wait_for_selector("#game-log li")
        assert host.locator("#game-log").is_visible() and not host.locator("#board").is_visible()
        assert host.get_attribute("#tab-log", "aria-selected") == "true"
        host.click("#tab-board")
        assert host.locator("#board").is_visible()

        # A message arriving while the board is shown counts on the Chat tab, until the chat is opened.
        guest.click("#tab-chat")
        guest.fill("#chat-input", "bonne chance")
        guest.press("#chat-input", "Enter")
        guest.wait_for_selector("#chat-log li:has-text('bonne chance')")
        host.wait_for_selector("#chat-unread:not([hidden])")
        assert host.inner_text("#chat-unread") == "1"
        ARTIFACTS.mkdir(exist_ok=True)
        host.screenshot(path=str(ARTIFACTS / "board-layout-phone-unread.png"))
        host.click("#tab-chat")
        assert host.locator("#chat-log li:has-text('bonne chance')").is_visible()
        assert host.locator("#chat-unread").is_hidden() and not host.locator("#board").is_visible()
        guest.screenshot(path=str(ARTIFACTS / "board-layout-phone-chat-fr.png"))
    for context in (host_context, guest_context):
        context.close()
    assert not errors, errors
