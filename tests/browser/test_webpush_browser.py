"""Notifications on this device (/accounts/push/) in Chromium, at 1280×800 and 390×844: without VAPID keys the panel
says push is unavailable and registers nothing; with them the service worker registers at the site's root, the
"Allow" button shows, a push delivered to the worker (through the DevTools protocol, since headless Chromium has no
push service) becomes a notification with the message's title, body, tag, icon and this site's page, and a
failed subscription is said in the panel."""
import json

import pytest

from games.webpush.keys import generate_key_pair
from tests.browser.helpers import ARTIFACTS, SIZES, screenshots_on_failure, sign_up, watch_errors
from tests.browser.live_site import LiveSite

pytestmark = pytest.mark.browser
PUBLIC_KEY, PRIVATE_KEY = generate_key_pair()
# Polls of 50 ms: 20 s at most for the protocol and the service worker (5 s was too short on a loaded CI host).
PATIENCE = 400

NOTIFICATIONS = """navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((notes) =>
  notes.map((n) => ({title: n.title, body: n.body, tag: n.tag, icon: n.icon, url: n.data && n.data.url})))"""


@pytest.fixture(scope="module")
def bare_site(tmp_path_factory):
    with LiveSite(tmp_path_factory.mktemp("push-off"), load_cards=False) as live:
        yield live


@pytest.fixture(scope="module")
def push_site(tmp_path_factory):
    env = {"VAPID_PUBLIC_KEY": PUBLIC_KEY, "VAPID_PRIVATE_KEY": PRIVATE_KEY, "VAPID_SUBJECT": "mailto:ops@example.org"}
    with LiveSite(tmp_path_factory.mktemp("push-on"), load_cards=False, extra_env=env) as live:
        yield live


def open_page(browser, site, size, username):
    context = browser.new_context(viewport=SIZES[size], locale="en-GB")
    context.grant_permissions(["notifications"], origin=site.url())
    page = context.new_page()
    errors = []
    watch_errors(page, errors)
    sign_up(page, site, username)
    page.wait_for_url(lambda url: "/signup/" not in url)
    page.goto(site.url() + "/accounts/push/")
    return context, page, errors


def fits(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_without_vapid_keys_the_panel_says_push_is_unavailable(browser, bare_site, size):
    context, page, errors = open_page(browser, bare_site, size, f"nokeys{size}")
    with screenshots_on_failure(f"push-off-{size}", [page]):
        panel = page.locator("[data-push-device]")
        assert panel.get_attribute("data-state") == "unavailable"
        assert "not available on this site" in panel.inner_text()
        assert page.locator("[data-push-allow]").count() == 0
        assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
        assert fits(page) and errors == []
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"push-off-{size}.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_with_vapid_keys_the_worker_registers_and_shows_what_is_pushed(browser, push_site, size):
    context, page, errors = open_page(browser, push_site, size, f"keys{size}")
    with screenshots_on_failure(f"push-on-{size}", [page]):
        page.wait_for_selector("[data-push-device][data-state=off][data-worker-ready]")
        assert page.locator("[data-push-allow]").is_visible()
        assert not page.locator("[data-push-off]").is_visible()
        assert page.inner_text("[data-push-status]") == "Notifications are off for this device."
        assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)") == push_site.url() + "/"
        assert fits(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"push-on-{size}.png"), full_page=True)

        cdp = context.new_cdp_session(page)
        registrations = []
        cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: registrations.extend(event["registrations"]))
        cdp.send("ServiceWorker.enable")
        for _ in range(PATIENCE):
            if registrations:
                break
            page.wait_for_timeout(50)   # lets Playwright take the protocol's events
        [registration] = [r for r in registrations if r["scopeURL"] == push_site.url() + "/"]

        def push(message):
            cdp.send("ServiceWorker.deliverPushMessage", {"origin": push_site.url(), "data": json.dumps(message),
                                                          "registrationId": registration["registrationId"]})

        push({"title": "Your turn", "body": "Léa played <b>Bakery</b>", "url": "/games/abc/", "tag": "turn-abc"})
        push({"title": "Invited", "body": "Join us", "url": "https://elsewhere.example/phish"})
        notes = []
        for _ in range(PATIENCE):   # (wait_for_function would evaluate a string: the site's CSP refuses it)
            notes = page.evaluate(NOTIFICATIONS)
            if len(notes) == 2:
                break
            page.wait_for_timeout(50)
        by_title = {note["title"]: note for note in notes}
        assert set(by_title) == {"Your turn", "Invited"}, f"shown after {PATIENCE * 50 / 1000} s: {notes}"
        assert by_title["Your turn"] == {"title": "Your turn", "body": "Léa played <b>Bakery</b>", "tag": "turn-abc",
                                         "icon": push_site.url() + "/static/img/notification-icon.png",
                                         "url": push_site.url() + "/games/abc/"}
        assert by_title["Invited"]["url"] == push_site.url() + "/"   # another site's address is never opened
        assert errors == []
    context.close()


def test_a_subscription_the_browser_refuses_is_said_in_the_panel(browser, push_site):
    # Playwright's contexts are incognito, where Chromium refuses push subscriptions: the error path.
    context, page, errors = open_page(browser, push_site, "phone", "refused")
    page.wait_for_selector("[data-push-device][data-state=off][data-worker-ready]")
    page.click("[data-push-allow]")
    page.wait_for_selector("[data-push-device]:not([data-state=busy])")
    assert page.get_attribute("[data-push-device]", "data-state") == "off"
    assert page.inner_text("[data-push-status]").startswith("That did not work:")
    assert page.locator("[data-push-allow]").is_visible() and page.locator("[data-no-devices]").is_visible()
    assert errors == []
    context.close()
