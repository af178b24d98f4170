"""A whole Machi Koro game in headless Chromium: sign up, create, share the link, join as a guest on a phone,
chat, seat a bot, get ready, play to the end, then replay and export. Screenshots go to test-artifacts/ on failure.
"""
import json
import time
from pathlib import Path

import pytest

from .live_site import LiveSite

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
GAME_TIMEOUT = 300  # seconds for the whole game


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    assert CHROMIUM.exists(), "Chromium is not installed at /usr/bin/chromium (`make test` installs it)"
    with LiveSite(tmp_path_factory.mktemp("browser-site")) as live:
        yield live


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def watch_errors(page, errors):
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))


CHOOSE = """() => {
  // The dearest landmark, else the dearest establishment, else an offered action (two dice when possible).
  const cost = (b) => Number((b.getAttribute("aria-label").match(/\\((\\d+)\\)/) || [0, 0])[1]);
  for (const selector of ["#board .mk-landmark button.mk-buy", "#board .mk-market-card button.mk-buy"]) {
    const buttons = [...document.querySelectorAll(selector)];
    if (buttons.length) {
      const best = buttons.reduce((a, b) => (cost(b) > cost(a) ? b : a));
      return `${selector}[aria-label="${best.getAttribute("aria-label")}"]`;
    }
  }
  const bar = [...document.querySelectorAll("#actions button:not([disabled])")].map((b) => b.textContent);
  if (!bar.length) return null;
  const label = ["Roll 2 dice", "Keep the roll", "Add to the roll"].find((l) => bar.includes(l)) || bar[0];
  return `#actions button:text-is("${label}")`;
}"""


def choose_and_click(page):
    """Play like a simple greedy player; returns whether something was clicked."""
    selector = page.evaluate(CHOOSE)
    if selector is None:
        return False
    page.locator(selector).first.click()
    return True


def sign_up(page, site, username, password="Tab1e-Top!"):
    page.goto(site.url() + "/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", password)
    page.fill("#id_password2", password)
    page.click("form button.primary")


def seq_of(page):
    return int(page.locator("#game").get_attribute("data-seq") or 0)


def finished(page):
    return page.locator("#after").is_visible()


def test_a_whole_game_in_the_browser(site, browser):
    errors = []
    host_context = browser.new_context()
    guest_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    host, guest = host_context.new_page(), guest_context.new_page()
    for page in (host, guest):
        watch_errors(page, errors)
        page.on("dialog", lambda dialog: dialog.accept())  # "Build X for N coins?" confirmations
    try:
        # The host signs up and creates a game.
        sign_up(host, site, "hana")
        host.goto(site.url() + "/games/new/")
        host.fill("#id_game-max_players", "6")
        host.click("form button.primary")
        assert "These options allow 2 to 4 players" in host.locator(".errorlist").first.inner_text()
        host.fill("#id_game-max_players", "4")
        host.click("form button.primary")
        host.wait_for_selector("#lobby:not([hidden])")
        link = host.input_value("#join-link")

        # A friend opens the link on a phone, plays as a guest and joins.
        guest.goto(link)
        guest.fill("#id_nickname", "Gus")
        guest.click("form button.primary")
        guest.click("#join-button")
        guest.wait_for_selector("#lobby:not([hidden])")
        host.wait_for_selector("#seats li:has-text('Gus')")

        # Chat is shown as text, never as markup.
        host.fill("#chat-input", '<img src=x onerror="window.hacked=1">hello Gus')
        host.press("#chat-input", "Enter")
        guest.wait_for_selector("#chat-log li:has-text('hello Gus')")
        assert '<img src=x onerror="window.hacked=1">hello Gus' in guest.locator("#chat-log").inner_text()
        assert guest.locator("#chat-log img").count() == 0 and guest.evaluate("window.hacked") is None

        # The host seats a bot; both get ready; the game starts by itself.
        host.select_option("#bot-kind", "greedy")
        host.click("#add-bot")
        guest.wait_for_selector("#seats li:has-text('Greedy bot')")
        guest.click("#ready-button")
        host.click("#ready-button")
        for page in (host, guest):
            page.wait_for_selector("#play:not([hidden])")
        assert guest.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "phone overflow"

        # Play until someone has built every landmark.
        deadline = time.monotonic() + GAME_TIMEOUT
        while not (finished(host) and finished(guest)):
            assert time.monotonic() < deadline, "the game did not end in time"
            moved = False
            for page in (host, guest):
                if finished(page):
                    continue
                before = seq_of(page)
                if choose_and_click(page):
                    moved = True
                    page.wait_for_function(f"Number(document.getElementById('game').dataset.seq) > {before}"
                                           " || !document.getElementById('toast').hidden", timeout=15000)
            if not moved:
                time.sleep(0.1)

        # After the game: the winner, the final table, the replay and the export.
        assert "won" in host.inner_text("#winner")
        assert host.locator("#final-table tr").count() == 3
        assert host.inner_text("#winner") == guest.inner_text("#winner")
        # The statistics panel on the game page follows the game's end: progress, then the drawn charts.
        for page in (host, guest):
            page.wait_for_selector("#after-stats [data-stats-panel][data-stats-state='done'] .stats-body[data-stats-drawn='1']",
                                   timeout=30000)
        final_seq = seq_of(host)
        assert final_seq == seq_of(guest) > 10
        host.click("#replay-link")
        host.wait_for_selector(f"#replay-position:has-text('Move 0 of {final_seq}')")
        host.click("#replay-last")
        host.wait_for_selector(f"#replay-position:has-text('Move {final_seq} of {final_seq}')")
        assert host.locator("#board .mk-player").count() == 3
        record = json.loads(host.request.get(site.url() + host.locator("a:has-text('Export')").get_attribute("href")).text())
        assert record["format"] == "live-game-record" and len(record["events"]) == final_seq
        assert {p["kind"] for p in record["players"]} == {"user", "guest", "bot:greedy"}
        assert not errors, errors
    except BaseException:
        ARTIFACTS.mkdir(exist_ok=True)
        for name, page in (("host", host), ("guest", guest)):
            try:
                page.screenshot(path=str(ARTIFACTS / f"live-game-{name}.png"), full_page=True)
            except Exception:  # the page may be gone; the other screenshot still helps
                pass
        raise
    finally:
        host_context.close()
        guest_context.close()
