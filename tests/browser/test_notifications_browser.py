"""The notifications menu at 1280×800 and 390×844: a player invited by name sees the unread count rise without a
reload, opens the panel (the invitation links to the join page, the count goes back to none), and the settings
page. Screenshots go to test-artifacts/ (always: they are looked at)."""
import re

import pytest

from tests.browser.helpers import ARTIFACTS, SIZES, screenshots_on_failure, sign_up, watch_errors

pytestmark = pytest.mark.browser

OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


def player(browser, site, name, size):
    phone = size != "desktop"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    sign_up(page, site, name)
    page.wait_for_url(re.compile(r"/games/$"))
    return page


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_invitation_reaches_the_menu_live_and_the_panel_marks_it_read(browser, site, size):
    host = player(browser, site, f"host_{size}", "desktop")
    guest = player(browser, site, f"guest_{size}", size)
    errors = []
    watch_errors(guest, errors)
    with screenshots_on_failure(f"notifications-{size}", [host, guest]):
        guest.wait_for_selector("#notif-menu[data-state='live']")
        assert guest.is_hidden("#notif-count")
        host.goto(site.url() + "/games/new/")
        host.click("form button.primary")
        host.wait_for_selector("#invite-form:not([hidden])")
        host.wait_for_selector("#connection[data-state='live']")
        code = host.url.rstrip("/").rsplit("/", 1)[-1]
        host.fill("#invite-name", "nobody_here")
        host.click("#invite-button")
        host.wait_for_selector("#toast:not([hidden]):has-text('nobody_here')")
        host.fill("#invite-name", f"guest_{size}")
        host.click("#invite-button")
        host.wait_for_selector(f"#toast:has-text('guest_{size}')")
        # The guest's page was not reloaded: the count came over the socket.
        guest.wait_for_selector("#notif-count:not([hidden]):text-is('1')")
        ARTIFACTS.mkdir(exist_ok=True)
        guest.screenshot(path=str(ARTIFACTS / f"notifications-count-{size}.png"))
        guest.click("#notif-button")
        item = guest.wait_for_selector("#notif-panel .notif-item[data-kind='invited']")
        assert f"host_{size}" in item.inner_text()
        guest.wait_for_selector("#notif-count[hidden]", state="attached")
        assert guest.evaluate(OVERFLOW) <= 0
        box = guest.locator("#notif-panel").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]
        guest.screenshot(path=str(ARTIFACTS / f"notifications-panel-{size}.png"))
        guest.keyboard.press("Escape")
        assert guest.is_hidden("#notif-panel")
        guest.click("#notif-button")
        guest.click(f"#notif-panel a[href='/games/{code}/join/']")
        guest.wait_for_url(re.compile(f"/games/{code}/"))
        guest.goto(site.url() + "/accounts/notifications/")
        guest.wait_for_selector("#save-settings")
        assert guest.evaluate(OVERFLOW) <= 0
        guest.screenshot(path=str(ARTIFACTS / f"notifications-settings-{size}.png"), full_page=True)
        guest.uncheck("#invited-email")
        guest.click("#save-settings")
        guest.wait_for_selector("ul.messages")
        assert not guest.is_checked("#invited-email") and guest.is_checked("#invited-enabled")
        guest.goto(site.url() + "/notifications/")
        guest.wait_for_selector(".notif-item[data-kind='invited']:not(.unread)")
        guest.screenshot(path=str(ARTIFACTS / f"notifications-list-{size}.png"), full_page=True)
    assert errors == []
