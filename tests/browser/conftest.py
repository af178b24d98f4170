"""The browser tests' fixtures: Chromium, and one live site per test module (a module may define its own)."""
from contextlib import contextmanager

import pytest

from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS
from tests.browser.live_site import LiveSite


@pytest.fixture(scope="module")
def site(request, tmp_path_factory):
    assert CHROMIUM.exists(), "Chromium is not installed at /usr/bin/chromium (`make test` installs it)"
    with LiveSite(tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])) as live:
        yield live


@contextmanager
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def browser():
    # Per test: while Playwright's event loop runs, Django refuses ORM calls from the test (async context),
    # and some tests set up rows with the ORM before they start the browser.
    with chromium() as browser:
        yield browser


@pytest.fixture(scope="module")
def module_browser():
    """One Chromium for a whole module, for module-wide fixtures that use the browser (no ORM in the test)."""
    with chromium() as browser:
        yield browser
