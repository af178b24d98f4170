"""The browser tests' fixtures: one Chromium and one live site per test module (a module may define its own)."""
import pytest

from .helpers import CHROMIUM, CHROMIUM_ARGS
from .live_site import LiveSite


@pytest.fixture(scope="module")
def site(request, tmp_path_factory):
    assert CHROMIUM.exists(), "Chromium is not installed at /usr/bin/chromium (`make test` installs it)"
    with LiveSite(tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])) as live:
        yield live


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()
