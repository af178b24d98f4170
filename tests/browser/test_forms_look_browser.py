"""The create form, the lobby's bot picker and the balance lab's forms at 1280×800 and 390×844: labels without
colons, controls of one height with the site's border, help text muted, errors in sight, nothing sideways.
Screenshots go to test-artifacts/forms-*.png.
"""
import re

import pytest

from tests.browser.helpers import ARTIFACTS, SIZES, add_designer, enter_as_guest, screenshots_on_failure, watch_errors

pytestmark = pytest.mark.browser

DESIGNER = ("formlab", "pw-formlab-2026")
MUTED = "rgb(91, 100, 117)"
LINE = "rgb(217, 222, 232)"
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"

# Every visible label, text input, select and button of `root`: text, height, border colour, left edge.
CONTROLS = """(root) => [...document.querySelectorAll(root + ' :is(label, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), select, button)')]
  .filter(n => n.getClientRects().length).map(n => { const r = n.getBoundingClientRect(), s = getComputedStyle(n);
    return {tag: n.tagName.toLowerCase(), text: n.tagName === 'LABEL' ? n.textContent.trim() : '', height: r.height,
            left: r.left, border: s.borderTopColor, radius: s.borderTopLeftRadius}; })"""
HELP_COLOURS = "(selector) => [...document.querySelectorAll(selector)].filter(n => n.getClientRects().length).map(n => getComputedStyle(n).color)"


def check_controls(page, root):
    controls = page.evaluate(CONTROLS, root)
    assert controls, f"no controls in {root}"
    labels = [c["text"] for c in controls if c["tag"] == "label"]
    assert not [text for text in labels if text.endswith(":")], labels
    fields = [c for c in controls if c["tag"] in ("input", "select")]
    assert fields and all(c["border"] == LINE and c["radius"] == "8px" for c in fields), fields
    heights = {round(c["height"]) for c in fields}
    assert max(heights) - min(heights) <= 2, f"{root}: controls of several heights {heights}"
    assert page.evaluate(OVERFLOW) <= 0
    return controls


@pytest.fixture(scope="module")
def browser(module_browser):
    return module_browser


@pytest.fixture(scope="module")
def designer(site):
    return add_designer(site, DESIGNER)


def new_page(browser, size):
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    errors = []
    watch_errors(page, errors)
    return page, errors


def shot(page, name, full=True):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"forms-{name}.png"), full_page=full)


@pytest.mark.parametrize("size", SIZES)
def test_the_create_form_and_the_bot_picker_look_like_the_site(site, browser, size):
    page, errors = new_page(browser, size)
    with screenshots_on_failure(f"forms-create-{size}", [page]):
        enter_as_guest(page, site, "Forma" + size[:2])
        page.goto(site.url() + "/games/new/")
        check_controls(page, "form.create-form")
        assert set(page.evaluate(HELP_COLOURS, "form.create-form .help")) == {MUTED}
        shot(page, f"create-{size}")
        # An impossible table: the error shows beside its field, in sight once scrolled to.
        page.fill("#id_game-max_players", "40")
        page.click("form.create-form button.primary")
        error = page.locator(".field.has-errors .errorlist").first
        error.scroll_into_view_if_needed()
        assert error.is_visible() and page.evaluate(OVERFLOW) <= 0
        shot(page, f"create-error-{size}")

        page.fill("#id_game-max_players", "3")
        page.click("form.create-form button.primary")
        page.wait_for_selector("#host-controls:not([hidden])")
        controls = check_controls(page, "#host-controls")
        row = [c for c in controls if c["tag"] in ("select", "button")]
        assert max(c["height"] for c in row) - min(c["height"] for c in row) <= 2
        page.locator("#lobby").screenshot(path=str(ARTIFACTS / f"forms-lobby-{size}.png"))
        assert not errors, errors
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_balance_lab_forms_look_like_the_site(site, browser, designer, size):
    page, errors = new_page(browser, size)
    with screenshots_on_failure(f"forms-lab-{size}", [page]):
        page.goto(site.url() + "/accounts/login/?next=/stats/lab/")
        page.fill("#id_username", designer[0])
        page.fill("#id_password", designer[1])
        page.click("main form [type=submit]")
        page.wait_for_url(re.compile(r"/stats/lab/$"))
        check_controls(page, "form.lab-run-form")
        assert set(page.evaluate(HELP_COLOURS, "form.lab-run-form .help")) == {MUTED}
        page.click("form.lab-run-form summary")  # the early stopping's fields, opened
        check_controls(page, "form.lab-run-form")
        shot(page, f"lab-{size}")
        page.fill("#id_games", "0")
        page.click("form.lab-run-form button[type=submit]")
        error = page.locator("form.lab-run-form .errorlist").first
        error.scroll_into_view_if_needed()
        assert error.is_visible()
        page.fill("#id_games", "20")
        page.click("form.lab-run-form button[type=submit]")
        page.wait_for_url(re.compile(r"/stats/lab/\d+/$"))
        # The page reloads itself when the run is over: measured after that, not while it reloads.
        page.wait_for_selector("form.lab-again button")
        page.wait_for_selector("#lab-progress[data-final='true'][data-settling='false']", timeout=120_000)
        assert page.evaluate(OVERFLOW) <= 0
        shot(page, f"lab-run-{size}", full=False)
        assert not errors, errors
    page.context.close()
