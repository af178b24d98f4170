"""A whole Machi Koro game in French on a phone (390×844): a French browser gets the French site, plays
against two bots to the end, and no page it sees shows an English string of the site's catalogue.
Screenshots of every page go to test-artifacts/i18n-fr-*.png.

The scan compares each page's visible text with the English msgids of locale/fr (tests/french_scan.py):
a msgid whose French differs and whose English words show on a French page is a string left untranslated.
Card names and explanations are data (the cards' own translations), and a guide not translated stays English
(docs/translating.md): the scan leaves out an English guide's article, and only matches sentences.
"""
import re

import pytest

from tests.french_scan import english_fragments, english_in

from tests.browser.helpers import ARTIFACTS, GAME_TIMEOUT, choose_and_click, watch_errors

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
# The page's visible text, less the guides' English bodies.
VISIBLE_TEXT = """() => {
  const docs = [...document.querySelectorAll("article.doc[lang='en']")];
  docs.forEach((n) => { n.hidden = true; });
  const text = document.body.innerText;
  docs.forEach((n) => { n.hidden = false; });
  return text + "\\n" + [...document.querySelectorAll("[aria-label], [title], [placeholder]")]
    .filter((n) => !n.closest("article.doc[lang='en']"))
    .map((n) => [n.getAttribute("aria-label"), n.getAttribute("title"), n.getAttribute("placeholder")].join("\\n"))
    .join("\\n");
}"""


def english_on(page, fragments):
    return english_in(page.evaluate(VISIBLE_TEXT), fragments)


def test_a_whole_game_in_french_on_a_phone(site, browser):
    fragments = english_fragments()
    assert len(fragments) > 200  # the scan has something to look for
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR")
    page = context.new_page()
    errors, leaks = [], {}
    watch_errors(page, errors)
    ARTIFACTS.mkdir(exist_ok=True)

    def visit(name):
        page.screenshot(path=str(ARTIFACTS / f"i18n-fr-{name}.png"), full_page=True)
        found = english_on(page, fragments)
        if found:
            leaks[name] = found

    try:
        for name, path in (("home", "/"), ("games", "/games/"), ("guides", "/docs/"), ("login", "/accounts/login/")):
            page.goto(site.url() + path)
            assert page.locator("html").get_attribute("lang") == "fr"
            visit(name)

        page.goto(site.url() + "/accounts/guest/?next=/games/")
        assert page.locator("h1").inner_text() == "Jouer en invité"
        page.fill("#id_nickname", "Camille")
        page.click("form button.primary")
        page.wait_for_url(re.compile(r"/games/$"))
        page.goto(site.url() + "/games/new/")
        assert page.locator("h1").inner_text().startswith("Nouvelle partie")
        visit("create")
        page.fill("#id_game-max_players", "3")
        page.click("form button.primary")
        page.wait_for_selector("#lobby:not([hidden])")
        # The plural follows the seats taken, not the table's size: "1 place prise sur 3", never "1 places".
        page.wait_for_function("() => document.getElementById('lobby-status').textContent.length > 0")
        assert page.locator("#lobby-status").inner_text().startswith("1 place prise sur 3 (au moins 2).")
        for count in range(2):
            page.click("#add-bot")
            page.wait_for_selector(f"#seats li:nth-child({count + 2})")
        page.wait_for_function("() => document.getElementById('lobby-status').textContent.includes('places prises')")
        visit("lobby")

        page.click("#ready-button")
        page.wait_for_selector("#play:not([hidden])")
        page.wait_for_selector("#board .mk-player")
        visit("game")
        deadline = page.evaluate("Date.now()") + GAME_TIMEOUT * 1000
        while not page.locator("#after").is_visible():
            assert page.evaluate("Date.now()") < deadline, "the game did not end in time"
            if not choose_and_click(page):
                page.wait_for_timeout(200)
            else:
                page.wait_for_timeout(100)
        page.reload()
        page.wait_for_selector("#after-stats .stats-body", timeout=60000)
        page.wait_for_function("() => document.getElementById('winner').textContent.length > 0")
        assert "gagné" in page.locator("#winner").inner_text()
        visit("end")

        page.goto(site.url() + "/stats/")
        visit("stats")
    finally:
        context.close()
    assert not errors, errors
    assert not leaks, f"English on French pages: {leaks}"
