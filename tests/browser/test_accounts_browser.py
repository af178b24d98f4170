"""Accounts in the browser at 1280×800 and 390×844: sign up with an address (errors shown on the form), open the
mailed confirmation link, the settings page, and a forgotten password reset by mail, then in French. The site's
mails go to its console (the server's log), where the test reads the links as a person reads their mail.
Screenshots of every step go to test-artifacts/accounts-<size>-<step>.png."""
import re
import time

import pytest

from tests.browser.helpers import ARTIFACTS, SIZES, screenshots_on_failure, watch_errors
from tests.browser.live_site import LiveSite

pytestmark = pytest.mark.browser
PASSWORD = "Tab1e-Top!"
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with LiveSite(tmp_path_factory.mktemp("accounts"), load_cards=False,
                  extra_env={"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}) as live:
        yield live


def mailed_link(site, pattern, after=0, timeout=10):
    """The last link matching `pattern` that the site printed after `after` characters of its logs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = "".join(path.read_text(errors="replace") for path in sorted(site.workdir.glob("server-*.log")))
        found = re.findall(r"http://127\.0\.0\.1:\d+" + pattern, text[after:])
        if found:
            return found[-1]
        time.sleep(0.1)
    raise AssertionError(f"no mail with a link like {pattern} in the site's log")


def log_size(site):
    return sum(len(path.read_text(errors="replace")) for path in site.workdir.glob("server-*.log"))


def shot(page, size, step):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"accounts-{size}-{step}.png"), full_page=True)
    assert page.evaluate(OVERFLOW) <= 0, f"{step} scrolls sideways at {size}"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_sign_up_confirm_and_reset_a_forgotten_password(site, browser, size):
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    errors = []
    watch_errors(page, errors)
    name = f"mia{size}"
    with screenshots_on_failure(f"accounts-{size}", [page]):
        page.goto(site.url() + "/accounts/signup/")
        shot(page, size, "1-signup")
        page.fill("#id_username", name)
        page.fill("#id_email", "not an address")
        page.fill("#id_password1", PASSWORD)
        page.fill("#id_password2", PASSWORD + "x")
        page.click("form button.primary")
        page.wait_for_selector(".field.has-errors")
        assert "Enter a valid email address." in page.inner_text("main")
        shot(page, size, "2-signup-errors")
        page.fill("#id_email", f"{name}@example.com")
        page.fill("#id_password1", PASSWORD)
        page.fill("#id_password2", PASSWORD)
        before = log_size(site)
        page.click("form button.primary")
        page.wait_for_selector(".messages")
        assert f"We sent a confirmation link to {name}@example.com" in page.inner_text(".messages")
        assert page.is_visible("#account-settings-link .unconfirmed-dot")
        shot(page, size, "3-signed-up")

        page.goto(site.url() + "/accounts/settings/")
        assert "not confirmed" in page.inner_text("#email-status")
        shot(page, size, "4-settings-unconfirmed")
        page.goto(mailed_link(site, r"/accounts/confirm/[^/\s]+/", before))
        assert "your e-mail address is confirmed" in page.inner_text("#confirmation")
        shot(page, size, "5-confirmed")
        page.goto(site.url() + "/accounts/settings/")
        assert "confirmed" in page.inner_text("#email-status .tag.confirmed")
        assert not page.is_visible("#account-settings-link .unconfirmed-dot")
        shot(page, size, "6-settings-confirmed")

        page.click(".account-nav button[type=submit]")   # log out
        page.goto(site.url() + "/accounts/login/")
        page.click("#forgot-password")
        page.wait_for_selector("#id_email")
        shot(page, size, "7-reset-form")
        page.fill("#id_email", f"{name.upper()}@EXAMPLE.COM")
        before = log_size(site)
        page.click("form button.primary")
        page.wait_for_selector("#reset-sent")
        shot(page, size, "8-reset-sent")
        page.goto(mailed_link(site, r"/accounts/password/reset/[^\s]+/", before))
        page.wait_for_selector("#id_new_password1")
        page.fill("#id_new_password1", "short")
        page.fill("#id_new_password2", "short")
        page.click("form button.primary")
        page.wait_for_selector(".field.has-errors")
        shot(page, size, "9-new-password-errors")
        page.fill("#id_new_password1", "Fresh-Start-7")
        page.fill("#id_new_password2", "Fresh-Start-7")
        page.click("form button.primary")
        page.wait_for_selector("#reset-complete")
        shot(page, size, "10-reset-complete")
        page.click("#reset-complete a.button")
        page.fill("#id_username", name)
        page.fill("#id_password", "Fresh-Start-7")
        page.click("form button.primary")
        page.wait_for_selector(f".account-nav .who:has-text('{name}')")

        page.click(".language-switcher button[value=fr]")
        page.wait_for_selector("html[lang=fr]")
        page.goto(site.url() + "/accounts/settings/")
        shot(page, size, "11-settings-fr")
        page.click(".account-nav button[type=submit]")
        page.goto(site.url() + "/accounts/password/reset/")
        shot(page, size, "12-reset-form-fr")
        page.goto(site.url() + "/accounts/signup/")
        page.click("form button.primary")
        page.wait_for_selector(".field.has-errors")
        shot(page, size, "13-signup-errors-fr")
    context.close()
    assert errors == []
