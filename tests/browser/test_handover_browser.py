"""During play, the control that hands a seat to a bot: absent while the player is there and their turn timer
has not run out (issue 34), on a desktop and on a phone; once offered, it asks for a confirmation in the page,
and the server still decides. Screenshots go to test-artifacts/ (always: they are part of the check)."""
import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import (
    ARTIFACTS, SIZES, host_and_guest_start_a_game, screenshots_on_failure, watch_errors,
)

pytestmark = pytest.mark.browser

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth + 1"
SEQ_CHANGED = "seq => document.getElementById('game').dataset.seq !== seq"


def until_guest_to_act(host, guest_row):
    """The host rolls and builds nothing until the guest's turn begins."""
    while "to-act" not in (guest_row.get_attribute("class") or ""):
        seq = host.get_attribute("#game", "data-seq")
        build_nothing = host.locator("#actions button:text-is('Build nothing')")
        (build_nothing if build_nothing.count() else host.locator("#actions button:not([disabled])")).first.click()
        host.wait_for_function(SEQ_CHANGED, arg=seq)


def test_the_control_is_absent_while_the_player_is_there_then_asks_for_a_confirmation(site, browser):
    errors = []
    host_context = browser.new_context(viewport=SIZES["desktop"])
    guest_context = browser.new_context(viewport=SIZES["phone"], is_mobile=True, has_touch=True)
    host, guest = host_context.new_page(), guest_context.new_page()
    for page in (host, guest):
        watch_errors(page, errors)
    ARTIFACTS.mkdir(exist_ok=True)
    with screenshots_on_failure("handover-failure", [host, guest]):
        host_and_guest_start_a_game(host, guest, site, "Gus")  # the default turn timer: 90 s
        gus = host.locator("#seats li:has-text('Gus')")
        until_guest_to_act(host, gus)
        # Gus's turn has just begun and he is there: nobody is offered to hand his seat to a bot, nor hana's.
        expect(gus.locator(".dot.on")).to_be_visible()
        expect(guest.locator("#seats li:has-text('Gus')")).to_have_class(re.compile("to-act"))
        for page in (host, guest):
            assert page.locator("#seats button.handover, #seats .handover-confirm").count() == 0
            assert page.evaluate(NO_SIDEWAYS_SCROLL), "sideways scroll"
        host.screenshot(path=str(ARTIFACTS / "handover-absent-desktop.png"))
        guest.locator("#seats").scroll_into_view_if_needed()
        guest.screenshot(path=str(ARTIFACTS / "handover-absent-phone.png"))

        # The host's clock says Gus's timer ran out long ago (the server's does not): once the seat list comes
        # again (Gus reloads his page) the host's page offers the control and asks before sending anything.
        host.clock.set_system_time(time.time() + 600)
        guest.reload()
        button = gus.locator("button.handover")
        button.wait_for()
        button.click()
        question = gus.locator(".handover-confirm")
        expect(question).to_contain_text("Hand Gus's seat to a bot?")
        expect(question.locator("button.confirm")).to_be_focused()
        host.set_viewport_size(SIZES["phone"])
        assert host.evaluate(NO_SIDEWAYS_SCROLL), "sideways scroll with the question"
        question.scroll_into_view_if_needed()
        host.screenshot(path=str(ARTIFACTS / "handover-confirm-phone.png"))
        host.set_viewport_size(SIZES["desktop"])
        question.locator("button.cancel").click()
        expect(question).to_have_count(0)
        expect(button).to_be_focused()
        button.click()
        gus.locator(".handover-confirm button.confirm").click()
        # The server checks with its own clock: Gus is there and his time has not run out, so he keeps his seat.
        expect(host.locator("#toast")).to_contain_text("Gus is here and their time has not run out")
        assert gus.locator(".tag.auto").count() == 0
        assert not errors, errors
    host_context.close()
    guest_context.close()
