"""The players' rules in Chromium, at 1280×800 and 390×844: opened from a game's menu during play as a side panel
with the cards drawn, the game still in sight and usable beside it on a desktop, closed with Escape (focus back on
the link) and with its button; once in French (Machi Koro, the card names of the database in French); and the
rules pages themselves. No script error, failed request, CSP violation or browser dialog on the way.
Screenshots go to test-artifacts/rules-*.png."""
import pytest

from tests.browser.aquarius_helpers import game_against_a_bot, no_horizontal_overflow, open_game
from tests.browser.helpers import ARTIFACTS, SIZES, screenshots_on_failure, sign_up, wait_until_live, watch_errors

pytestmark = pytest.mark.browser

PHONE = {"viewport": SIZES["phone"], "is_mobile": True, "has_touch": True}
DEVICES = {"desktop": {"viewport": SIZES["desktop"]}, "phone": PHONE}
FOCUS_IN_PANEL = "() => document.getElementById('rules-panel').contains(document.activeElement)"


@pytest.fixture(scope="module")
def browser(module_browser):
    return module_browser  # one Chromium for the module: the game below is started with it


@pytest.fixture(scope="module")
def aquarius_game(site, module_browser):
    return game_against_a_bot(site, module_browser, "rulo", "random")


def watch(page, problems):
    watch_errors(page, problems)
    # A load the page itself stops (a navigation under way, the context closed) is not a failure.
    page.on("requestfailed", lambda request: "ERR_ABORTED" not in (request.failure or "")
            and problems.append(f"failed request: {request.url} {request.failure}"))
    page.on("response", lambda response: response.status >= 400
            and problems.append(f"{response.status}: {response.url}"))
    page.on("console", lambda message: "Content Security Policy" in message.text and problems.append(message.text))


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"rules-{name}.png"))


def open_rules(page):
    link = page.locator("#rules-link")
    assert link.get_attribute("aria-expanded") == "false"
    link.click()
    page.wait_for_selector("#rules-panel:not([hidden]) #rules-panel-title")
    page.wait_for_function(FOCUS_IN_PANEL)
    page.wait_for_function("() => !document.getElementById('rules-panel').getAnimations().length")  # slid in
    assert link.get_attribute("aria-expanded") == "true"
    return page.locator("#rules-panel")


def close_with_escape(page):
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-panel", state="hidden")
    assert page.evaluate("document.activeElement.id") == "rules-link"
    assert page.locator("#rules-link").get_attribute("aria-expanded") == "false"


@pytest.mark.parametrize("device", DEVICES)
def test_the_rules_panel_opens_beside_an_aquarius_game(aquarius_game, browser, device):
    context, page, problems = open_game(browser, aquarius_game, **DEVICES[device])
    watch(page, problems)
    with screenshots_on_failure(f"rules-aquarius-{device}", [page]):
        panel = open_rules(page)
        page.wait_for_selector("#rules-panel svg.rules-aq-card")
        assert panel.locator("svg.rules-aq-card").count() >= 15  # elements, kinds, actions, goals
        assert panel.locator("svg.rules-aq-card[aria-label='Zap a Card']").count() == 1
        assert "Aquarius rules" in panel.locator("#rules-panel-title").inner_text()
        assert no_horizontal_overflow(page)
        box = panel.bounding_box()
        assert box["x"] + box["width"] <= SIZES[device]["width"] + 1 and box["height"] <= SIZES[device]["height"] + 1
        if device == "desktop":  # not modal: the board stays in sight beside the panel, and takes a click
            board = page.locator("#board .aq-grid").bounding_box()
            assert board["x"] + board["width"] <= box["x"] + 1
        shot(page, f"aquarius-panel-{device}")
        panel.evaluate("node => node.scrollTo(0, node.scrollHeight)")
        shot(page, f"aquarius-panel-end-{device}")
        close_with_escape(page)
        page.click("#rules-link")  # fetched once: opening again shows the same rules at once
        page.wait_for_selector("#rules-panel:not([hidden]) svg.rules-aq-card")
        page.click("#rules-close")
        page.wait_for_selector("#rules-panel", state="hidden")
    context.close()
    assert problems == []


def test_the_rules_panel_in_french_during_a_machi_koro_game(site, browser):
    context = browser.new_context(**PHONE, locale="fr-FR")
    page = context.new_page()
    problems = []
    watch(page, problems)
    with screenshots_on_failure("rules-machikoro-fr", [page]):
        sign_up(page, site, "regla")
        page.goto(site.url() + "/games/new/")
        assert page.locator("html").get_attribute("lang") == "fr"
        page.select_option("#id_game-turn_seconds", "0")
        page.click("form button.primary")
        page.wait_for_selector("#lobby:not([hidden])")
        wait_until_live(page)
        page.click("#add-bot")
        page.wait_for_selector("#seats li:nth-child(2)")
        page.click("#ready-button")
        page.wait_for_selector("#play:not([hidden]) #board .card-face")
        panel = open_rules(page)
        page.wait_for_selector("#rules-panel svg.card-face")
        names = panel.evaluate("n => [...n.querySelectorAll('svg.card-face title')].map((t) => t.textContent)")
        assert any(name.startswith("Champ de blé") for name in names) and any(n.startswith("Gare") for n in names)
        assert not any(name.startswith("Wheat Field") for name in names)
        assert panel.locator(".rules-colour").count() == 4
        assert no_horizontal_overflow(page)
        shot(page, "machikoro-panel-fr-phone")
        panel.locator(".rules-colour.colour-purple").scroll_into_view_if_needed()
        shot(page, "machikoro-panel-fr-phone-colours")
        close_with_escape(page)
    context.close()
    assert problems == []


@pytest.mark.parametrize("device", DEVICES)
def test_the_rules_pages_draw_their_cards(site, browser, device):
    context = browser.new_context(**DEVICES[device])
    page = context.new_page()
    problems = []
    watch(page, problems)
    with screenshots_on_failure(f"rules-pages-{device}", [page]):
        page.goto(site.url() + "/")
        page.click("a[href='/games/rules/machikoro/']")
        page.wait_for_selector(".rules-page svg.card-face")
        assert page.locator(".rules-page .card-face-slot").count() == 0  # every face drawn
        assert no_horizontal_overflow(page)
        shot(page, f"machikoro-page-{device}")
        page.goto(site.url() + "/games/rules/aquarius/")
        page.wait_for_selector(".rules-page svg.rules-aq-card")
        assert page.locator(".rules-page .aq-card-slot").count() == 0
        assert no_horizontal_overflow(page)
        shot(page, f"aquarius-page-{device}")
    context.close()
    assert problems == []
