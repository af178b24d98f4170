"""The draft editor in headless Chromium: a whole Machi Koro draft fits a 1280-px window with its effect column in
sight, asks nothing on load, and explains an effect as it is typed (the caret under an error); the comparison page
reads on a laptop and a phone. Screenshots in test-artifacts/."""
import pytest
from django.test import Client

from stats.tests.test_browser import ARTIFACTS, browser_page, off_loop  # noqa: F401  (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
BAD_EFFECT = "c 5 teleport"


def designer_with_a_draft():
    from django.contrib.auth.models import Group, User

    from cards.drafts.services import create_draft
    from cards.loading import load_official_cards

    load_official_cards()
    user = User.objects.create_user("draft-designer", password="pw-designer-1")
    user.groups.add(Group.objects.get_or_create(name="Designers")[0])
    draft = create_draft(name="Cheaper mines", user=user)
    draft.cards.filter(slug="mine").update(cost=4, effect="c 6")
    draft.cards.filter(slug="stadium").update(included=False)
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value, draft.pk


def overflow(page):
    """Pixels the document is wider than the window (0: nothing scrolls sideways)."""
    return page.evaluate("() => document.scrollingElement.scrollWidth - window.innerWidth")


def explanation(page, box_id):
    return page.locator(f"#{box_id}_explain")


def open_draft(page, live_server, session, draft_id, size):
    page.set_viewport_size(size)
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    asked = []
    page.on("request", lambda request: "/api/effects/explain/" in request.url and asked.append(request.url))
    page.goto(f"{live_server.url}/admin/cards/cardsetdraft/{draft_id}/change/")
    page.wait_for_load_state("networkidle")
    return asked


def test_a_whole_draft_fits_1280_pixels_and_explains_effects_as_they_are_typed(live_server, browser_page):
    session, draft_id = off_loop(designer_with_a_draft)
    page = browser_page
    asked = open_draft(page, live_server, session, draft_id, LAPTOP)
    assert page.locator("textarea[data-draft-effect]").count() >= 48
    assert asked == [], "the page asked the API on load"
    assert overflow(page) <= 0, "the draft page scrolls sideways"
    first = page.locator("#id_cards-0-effect").bounding_box()
    assert first["x"] >= 0 and first["x"] + first["width"] <= LAPTOP["width"], "the effect column is off screen"
    assert explanation(page, "id_cards-0-effect").locator(".effect-words").inner_text().strip()
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("() => document.querySelector('#cards-group').scrollIntoView()")
    page.screenshot(path=str(ARTIFACTS / "draft-editor-1280.png"))

    page.fill("#id_cards-0-effect", BAD_EFFECT)
    page.wait_for_function("() => document.querySelector('#id_cards-0-effect_explain .effect-caret') !== null")
    output = explanation(page, "id_cards-0-effect")
    assert output.locator(".effect-error").inner_text().strip()
    effect_line, caret_line = output.locator(".effect-caret").inner_text().split("\n")[:2]
    assert effect_line == BAD_EFFECT
    assert caret_line.index("^") == BAD_EFFECT.index("teleport"), caret_line   # under the word it does not know
    assert page.locator("#id_cards-0-effect").get_attribute("aria-invalid") == "true"
    page.screenshot(path=str(ARTIFACTS / "draft-editor-1280-error.png"))

    page.fill("#id_cards-0-effect", "c 2")
    page.wait_for_function("() => document.querySelector('#id_cards-0-effect_explain .effect-words') !== null")
    expected = page.evaluate("""async () => {
        const box = document.querySelector('#id_cards-0-effect');
        const params = new URLSearchParams({game: box.dataset.draftEffect, effect: 'c 2',
                                            lang: box.dataset.effectLang});
        for (const name of ['colour', 'activation_min', 'activation_max', 'name']) {
            const field = box.form.elements.namedItem('cards-0-' + name);
            if (field && field.value) params.set(name, field.value);
        }
        return (await (await fetch(box.dataset.effectUrl + '?' + params)).json()).explained;
    }""")
    assert expected and output.locator(".effect-words").inner_text().strip() == expected
    assert output.locator(".effect-caret").count() == 0

    # A row "Add another" makes is explained too (one listener serves every row).
    rows = page.locator("textarea[data-draft-effect]").count()
    page.locator("#cards-group .add-row a").click()
    new_box = page.locator("textarea[data-draft-effect]").nth(rows - 1)   # the template row stays last, hidden
    new_id = new_box.get_attribute("id")
    new_box.fill(BAD_EFFECT)
    page.wait_for_function(f"() => document.querySelector('#{new_id}_explain .effect-caret') !== null")
    assert not page.problems, page.problems


def test_the_draft_page_and_its_comparison_on_a_laptop_and_a_phone(live_server, browser_page):
    session, draft_id = off_loop(designer_with_a_draft)
    page = browser_page
    for name, size in (("1280", LAPTOP), ("390", PHONE)):
        open_draft(page, live_server, session, draft_id, size)
        assert overflow(page) <= 0, f"the draft page scrolls sideways at {name} px"
        page.screenshot(path=str(ARTIFACTS / f"draft-editor-{name}-top.png"))
        page.evaluate("() => document.querySelector('#cards-group').scrollIntoView()")
        page.screenshot(path=str(ARTIFACTS / f"draft-editor-{name}-rows.png"))
        page.click("text=Compare with the published cards")
        page.wait_for_load_state("networkidle")
        assert page.locator("section.draft-changed table.draft-diff").count() == 1
        assert page.locator("section.draft-removed li").count() == 1
        assert overflow(page) <= 0, f"the comparison scrolls sideways at {name} px"
        page.screenshot(path=str(ARTIFACTS / f"draft-compare-{name}.png"), full_page=True)
    assert not page.problems, page.problems
