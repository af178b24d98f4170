"""A whole Machi Koro game in headless Chromium: sign up, create, share the link, join as a guest on a phone,
chat, seat a bot, get ready, play to the end, then replay and export. Screenshots go to test-artifacts/ on failure.
"""
import json
import time

import pytest

from tests.browser.helpers import (
    ARTIFACTS, GAME_TIMEOUT, choose_and_click, join_as_guest, record_socket_frames, seq_of, sign_up, watch_errors,
    write_socket_frames,
)

pytestmark = pytest.mark.browser


def finished(page):
    return page.locator("#after").is_visible()


def test_a_whole_game_in_the_browser(site, browser):
    errors = []
    host_context = browser.new_context()
    guest_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    host, guest = host_context.new_page(), guest_context.new_page()
    for page in (host, guest):
        watch_errors(page, errors)
    frames = {"host": record_socket_frames(host), "guest": record_socket_frames(guest)}
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
        join_as_guest(guest, link, "Gus")
        host.wait_for_selector("#seats li:has-text('Gus')")

        # Chat is shown as text, never as markup.
        host.fill("#chat-input", '<img src=x onerror="window.hacked=1">hello Gus')
        host.press("#chat-input", "Enter")
        # On the phone the chat is a tab: the message is counted on it until it is opened.
        guest.wait_for_selector("#chat-unread:not([hidden])")
        guest.click("#tab-chat")
        guest.wait_for_selector("#chat-log li:has-text('hello Gus')")
        assert guest.locator("#chat-unread").is_hidden()
        assert '<img src=x onerror="window.hacked=1">hello Gus' in guest.locator("#chat-log").inner_text()
        assert guest.locator("#chat-log img").count() == 0 and guest.evaluate("window.hacked") is None
        guest.click("#tab-board")

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
                    page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}"
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
            write_socket_frames(f"live-game-{name}", frames[name])
        raise
    finally:
        host_context.close()
        guest_context.close()
