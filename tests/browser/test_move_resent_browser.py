"""A move whose socket closes before the server has it is sent again by the page on the next socket, as
Lichess' client does with unacknowledged moves: the player clicks once. In Chromium, with the page's game socket
routed through Playwright, which swallows the page's first move and closes the socket (a server restarting)."""
import json
import re

import pytest

from tests.browser.helpers import (
    record_socket_frames, screenshots_on_failure, seq_of, watch_errors, write_socket_frames,
)
from tests.browser.test_board_layout_browser import guest_page, start_against_bots

pytestmark = pytest.mark.browser

ROLL = "#actions button:not([disabled])"


def kind(message):
    return json.loads(message).get("type") if isinstance(message, str) else None


def test_a_move_lost_with_its_socket_is_sent_again_on_the_next_one(site, browser):
    errors = []
    page = guest_page(browser, site, "Resa", "desktop")
    watch_errors(page, errors)
    frames = record_socket_frames(page)
    routed = {"sockets": 0, "swallowed": [], "moves_passed": []}

    def route(socket):
        routed["sockets"] += 1
        server = socket.connect_to_server()

        def from_page(message):
            if kind(message) == "act" and not routed["swallowed"]:
                routed["swallowed"].append(json.loads(message))
                socket.close(code=1012, reason="restarting")   # the move never reaches the server
                server.close()
                return
            if kind(message) == "act":
                routed["moves_passed"].append(json.loads(message))
            server.send(message)

        socket.on_message(from_page)

    page.route_web_socket(re.compile(r"/ws/games/"), route)
    try:
        with screenshots_on_failure("move-resent", [page]):
            start_against_bots(page, site, bots=1)
            page.wait_for_selector(ROLL)
            before = seq_of(page)
            page.locator(ROLL).first.click()   # once
            page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}",
                                   timeout=15000)
            [swallowed] = routed["swallowed"]
            assert routed["sockets"] == 2   # the page opened a new socket by itself
            # The same move for the same position went out again, on the new socket, and the game took it.
            resent = routed["moves_passed"][0]
            assert resent["seq"] == swallowed["seq"] == before and resent["action"] == swallowed["action"]
            assert page.locator("#game-log li", has_text=f"#{before + 1}").count() == 1
            assert page.locator("#toast").is_hidden()   # nothing to tell the player: their move was played
            assert not errors, errors
    except BaseException:
        write_socket_frames("move-resent", frames)
        raise
    finally:
        page.context.close()
