"""A French and an English player at one Machi Koro table in Chromium: each board names the cards (market,
faces, log) in its own language, and each move reaches each page worded in it. Screenshots of the French phone board go to test-artifacts/."""
import pytest

from tests.browser.helpers import ARTIFACTS, SIZES, host_and_guest_start_a_game, watch_errors

pytestmark = pytest.mark.browser


def test_french_and_english_players_each_see_their_language(site, browser):
    errors = []
    english_context = browser.new_context(locale="en-GB", viewport=SIZES["desktop"])
    french_context = browser.new_context(locale="fr-FR", viewport=SIZES["phone"], is_mobile=True,
                                         has_touch=True)
    host, guest = english_context.new_page(), french_context.new_page()
    for page in (host, guest):
        watch_errors(page, errors)
    host_and_guest_start_a_game(host, guest, site, "Gaëlle")
    for page in (host, guest):
        page.wait_for_selector("#board .mk-market-card")
    french_market, english_market = guest.inner_text("#board"), host.inner_text("#board")
    assert "Champ de blé" in french_market and "Boulangerie" in french_market
    assert "Wheat Field" not in french_market
    assert "Wheat Field" in english_market and "Champ de blé" not in english_market
    # A move reaches each page worded in its own language (the French page was noted as it opened).
    offered = "#actions button:not([disabled])"
    for _ in range(100):   # whoever is to act sees the roll offered
        actor = next((page for page in (host, guest) if page.locator(offered).count()), None)
        if actor is not None:
            break
        host.wait_for_timeout(100)
    actor.locator(offered).first.click()
    guest.wait_for_function("() => document.querySelector('#game-log').textContent.includes(' lance les dés')")
    host.wait_for_function("() => document.querySelector('#game-log').textContent.includes(' rolls')")
    assert " rolls" not in guest.inner_text("#game-log") and " lance" not in host.inner_text("#game-log")
    ARTIFACTS.mkdir(exist_ok=True)
    guest.screenshot(path=str(ARTIFACTS / "languages-french-phone.png"), full_page=True)
    host.screenshot(path=str(ARTIFACTS / "languages-english-desktop.png"))
    assert guest.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "phone overflow"
    assert not errors, errors
    for page in (host, guest):
        page.context.close()
