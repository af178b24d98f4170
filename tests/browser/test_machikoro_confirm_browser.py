"""Machi Koro asks before a costly move inside the page, never with a browser dialog, at 1280×800 and 390×844.

Two guests play their first turns. A landmark, or a purchase spending more than half the player's coins, raises
the card and opens a Confirm / Cancel bar below it (focus on Confirm): Cancel and Escape leave the coins alone,
Confirm buys. A 1-coin purchase is sent at once. A bar whose move is no longer offered (the player built
nothing from another tab) goes away. Any dialog fails the test (watch_errors). Screenshots of the bar go to
test-artifacts/mk-confirm-<size>.png."""
import re

import pytest

from tests.browser.helpers import (
    ARTIFACTS, SIZES, enter_as_guest, join_as_guest, ready_and_start, screenshots_on_failure, seq_of, watch_errors,
)

pytestmark = pytest.mark.browser

BAR = "#board .mk-confirm"
YES = "#board .mk-confirm button.mk-confirm-yes"
NO = "#board .mk-confirm button.mk-confirm-no"
MY_MOVE = "Boolean(document.querySelector('#actions button:not([disabled]), #board button.mk-buy'))"
# Offered purchases and landmarks: [selector, cost, landmark?].
OFFERED = """() => [...document.querySelectorAll("#board button.mk-buy")].map((b) => [
  `#board button.mk-buy[aria-label="${b.getAttribute("aria-label")}"]`,
  Number((b.getAttribute("aria-label").match(/\\((\\d+)\\)$/) || [0, 0])[1]),
  Boolean(b.closest(".mk-landmark"))])"""


def coins_of(page):
    return int(re.search(r"\d+", page.locator("#mk-my-city .mk-coins").inner_text()).group())


def costly(page):
    """A landmark, or a purchase spending more than half the coins (never a 1-coin one); None without one."""
    coins = coins_of(page)
    for selector, cost, landmark in page.evaluate(OFFERED):
        if cost > 1 and (landmark or cost * 2 > coins):
            return selector, cost
    return None


def cheap(page):
    return next(((selector, cost) for selector, cost, _ in page.evaluate(OFFERED) if cost == 1), None)


def move(page, selector):
    """Play the move at `selector` and wait for it to be recorded."""
    before = seq_of(page)
    page.locator(selector).first.click()
    page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}")


def fits(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def ask_and_decide(page, size):
    """A costly move: asked in the page; Cancel and Escape keep the coins; Confirm buys."""
    chosen, cost = costly(page)
    coins, seq = coins_of(page), seq_of(page)
    hint = page.inner_text("#actions .hint")  # a finger taps, a mouse clicks
    assert hint.startswith("Tap a highlighted" if size == "phone" else "Click a highlighted"), hint
    page.click(chosen)
    page.wait_for_selector(BAR)
    assert page.evaluate("document.activeElement.classList.contains('mk-confirm-yes')"), "focus is not on Confirm"
    assert page.locator("#board li.mk-asking button.mk-buy").get_attribute("aria-label") == page.locator(chosen).get_attribute("aria-label")
    text = page.locator(BAR).inner_text()
    assert f"for {cost} coins?" in text and f"You have {coins} coin" in text, text
    assert page.locator(BAR).count() == 1 and fits(page)
    assert page.evaluate("(() => { const r = document.querySelector('.mk-confirm').getBoundingClientRect();"
                         " return r.top >= 0 && r.bottom <= window.innerHeight + 1; })()"), page.evaluate(
        "(() => { const r = document.querySelector('.mk-confirm').getBoundingClientRect(); return [r.top, r.bottom, innerHeight, scrollY,"
        " document.querySelector('.mk-confirm').closest('ul').className, document.activeElement.className]; })()")
    animation = page.evaluate("getComputedStyle(document.querySelector('.mk-confirm')).animationName")
    assert animation == ("none" if size == "phone" else "mk-confirm-in")  # the phone asks for reduced motion
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"mk-confirm-{size}.png"))

    page.click(NO)
    page.wait_for_selector(BAR, state="detached")
    assert coins_of(page) == coins and seq_of(page) == seq
    assert page.evaluate("document.activeElement.classList.contains('mk-buy')"), "Cancel did not give the card the focus"

    page.click(chosen)
    page.wait_for_selector(BAR)
    page.keyboard.press("Escape")
    page.wait_for_selector(BAR, state="detached")
    assert coins_of(page) == coins and seq_of(page) == seq

    page.click(chosen)
    page.keyboard.press("Enter")  # on Confirm
    page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {seq}")
    page.wait_for_function(f"() => /\\d+/.exec(document.querySelector('#mk-my-city .mk-coins').textContent)[0] === '{coins - cost}'")
    assert page.locator(BAR).count() == 0


def buy_at_once(page):
    """A 1-coin purchase is sent on the click: no question, not even with a single coin left."""
    chosen, _ = cheap(page)
    coins, seq = coins_of(page), seq_of(page)
    page.click(chosen)
    assert page.locator(BAR).count() == 0
    page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {seq}")
    page.wait_for_function(f"() => /\\d+/.exec(document.querySelector('#mk-my-city .mk-coins').textContent)[0] === '{coins - 1}'")
    assert page.locator(BAR).count() == 0


def goes_away_when_no_longer_offered(page, errors):
    """The player builds nothing from another tab: the open question's move is gone, so is the bar."""
    chosen, _ = costly(page)
    page.click(chosen)
    page.wait_for_selector(BAR)
    other = page.context.new_page()
    watch_errors(other, errors)
    try:
        other.goto(page.url)
        other.wait_for_selector("#connection[data-state='live']")
        move(other, "#actions button:text-is('Build nothing')")
        page.wait_for_selector(BAR, state="detached")
        assert page.locator("#board button.mk-buy").count() == 0
    finally:
        other.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_costly_moves_are_confirmed_inside_the_page(site, browser, size):
    errors = []
    phone = size == "phone"
    options = {"viewport": SIZES[size], "is_mobile": phone, "has_touch": phone, "reduced_motion": "reduce" if phone else "no-preference"}
    host_context, guest_context = browser.new_context(**options), browser.new_context(**options)
    host, guest = host_context.new_page(), guest_context.new_page()
    for page in (host, guest):
        watch_errors(page, errors)
    with screenshots_on_failure(f"mk-confirm-{size}", [host, guest]):
        enter_as_guest(host, site, f"Hana {size}", then="/games/new/")
        host.click("form button.primary")
        host.wait_for_selector("#lobby:not([hidden])")
        join_as_guest(guest, host.input_value("#join-link"), f"Gus {size}")
        ready_and_start(host, guest, f"Gus {size}")

        todo = ["ask", "cheap", "stale"]
        for _ in range(60):
            if not todo:
                break
            actor = host.locator("#seats li.to-act").inner_text()
            page = host if "Hana" in actor else guest
            page.wait_for_function(f"() => {MY_MOVE}")
            before = seq_of(page)
            if page.locator("#board button.mk-buy").count():
                if "ask" in todo and costly(page):
                    ask_and_decide(page, size)
                    todo.remove("ask")
                elif "stale" in todo and "ask" not in todo and costly(page):
                    goes_away_when_no_longer_offered(page, errors)
                    todo.remove("stale")
                elif cheap(page):
                    buy_at_once(page)
                    if "cheap" in todo:
                        todo.remove("cheap")
                else:
                    move(page, "#actions button:text-is('Build nothing')")
            else:
                buttons = page.locator("#actions button:not([disabled])").all_inner_texts()
                label = next((b for b in ("Roll 2 dice", "Roll 1 die", "Keep the roll") if b in buttons), buttons[0])
                move(page, f"#actions button:text-is('{label}')")
            after = seq_of(page)
            for other in (host, guest):  # both pages show the same position before the next move
                other.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) >= {after}")
            assert after > before
        assert not todo, f"not played: {todo}"
        assert not errors, errors
    host_context.close()
    guest_context.close()
