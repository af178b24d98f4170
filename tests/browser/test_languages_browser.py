"""A French and an English player at one Machi Koro table in Chromium: each board names the cards (market,
faces, log) in its own language. Screenshots of the French phone board go to test-artifacts/."""
from pathlib import Path

import pytest

from .live_site import LiveSite
from .test_live_game_browser import CHROMIUM, CHROMIUM_ARGS, sign_up, watch_errors

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    assert CHROMIUM.exists(), "Chromium is not installed at /usr/bin/chromium (`make test` installs it)"
    with LiveSite(tmp_path_factory.mktemp("browser-languages")) as live:
        yield live


def test_french_and_english_players_each_see_their_language(site):
    from playwright.sync_api import sync_playwright

    errors = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        english_context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 800})
        french_context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844},
                                             is_mobile=True, has_touch=True)
        host, guest = english_context.new_page(), french_context.new_page()
        for page in (host, guest):
            watch_errors(page, errors)
        sign_up(host, site, "hana")
        host.goto(site.url() + "/games/new/")
        host.click("form button.primary")
        host.wait_for_selector("#lobby:not([hidden])")
        guest.goto(host.input_value("#join-link"))
        guest.fill("#id_nickname", "Gaëlle")
        guest.click("form button.primary")
        guest.click("#join-button")
        guest.wait_for_selector("#lobby:not([hidden])")
        guest.click("#ready-button")
        host.click("#ready-button")
        for page in (host, guest):
            page.wait_for_selector("#play:not([hidden])")
            page.wait_for_selector("#board .mk-market-card")
        french_market, english_market = guest.inner_text("#board"), host.inner_text("#board")
        assert "Champ de blé" in french_market and "Boulangerie" in french_market
        assert "Wheat Field" not in french_market
        assert "Wheat Field" in english_market and "Champ de blé" not in english_market
        ARTIFACTS.mkdir(exist_ok=True)
        guest.screenshot(path=str(ARTIFACTS / "languages-french-phone.png"), full_page=True)
        host.screenshot(path=str(ARTIFACTS / "languages-english-desktop.png"))
        assert guest.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "phone overflow"
        assert not errors, errors
        browser.close()
