"""During play, the host hands the seat of a player who closed the page to a bot from the players list,
on a desktop and on a phone. Screenshots go to test-artifacts/ (always: they are part of the check)."""
import pytest

from tests.browser.helpers import ARTIFACTS, SIZES, host_and_guest_start_a_game, watch_errors

pytestmark = pytest.mark.browser


def test_the_host_hands_an_absent_players_seat_to_a_bot(site, browser):
    errors = []
    host_context = browser.new_context(viewport=SIZES["desktop"])
    guest_context = browser.new_context(viewport=SIZES["phone"], is_mobile=True, has_touch=True)
    host, guest = host_context.new_page(), guest_context.new_page()
    for page in (host, guest):
        watch_errors(page, errors)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        host_and_guest_start_a_game(host, guest, site, "Gus")
        gus = host.locator("#seats li:has-text('Gus')")
        gus_to_act = "to-act" in (gus.get_attribute("class") or "")
        # Gus is there: the host is offered the button only while Gus keeps everyone waiting.
        assert gus.locator("button.handover").count() == (1 if gus_to_act else 0)
        guest.close()  # Gus closes the page: his seat is now stalled
        button = gus.locator("button.handover")
        button.wait_for(timeout=15000)
        host.screenshot(path=str(ARTIFACTS / "handover-desktop.png"))
        button.click()
        gus.locator(".tag.auto:has-text('bot plays')").wait_for(timeout=15000)
        assert gus.locator("button.handover").count() == 0
        host.set_viewport_size({"width": 390, "height": 844})
        host.locator("#seats").scroll_into_view_if_needed()
        host.screenshot(path=str(ARTIFACTS / "handover-phone.png"))
        assert host.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "phone overflow"
        assert not errors, errors
    except BaseException:
        host.screenshot(path=str(ARTIFACTS / "handover-failure.png"), full_page=True)
        raise
    finally:
        host_context.close()
        guest_context.close()
