"""The admin in headless Chromium: every card list fits a 1280 px screen with its effect column in sight, and the
front page and a list read well on a laptop (1280×800) and a phone (390×844): screenshots in test-artifacts/."""
import pytest
from django.contrib import admin
from django.test import Client

from config.admin_sections import sections_claiming

from stats.tests.test_browser import ARTIFACTS, browser_page, off_loop  # noqa: F401  (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def designer_session():
    from django.contrib.auth.models import Group, User

    from cards.loading import load_official_cards
    from cards.progress.loading import load_progress
    from cards.valeria.loading import load_valeria

    load_official_cards()
    load_valeria()
    load_progress()
    user = User.objects.create_user("fit-designer", password="pw-designer-1")
    user.groups.add(Group.objects.get_or_create(name="Designers")[0])
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def card_list_paths():
    """The list page of every card model of a game's section (those are the lists with effects)."""
    return [f"/admin/{model._meta.app_label}/{model._meta.model_name}/" for model in admin.site._registry
            if sections_claiming(model)[0].startswith("game-")]


def overflow(page):
    """Pixels the page is wider than the window (0: nothing scrolls sideways)."""
    return page.evaluate("() => document.scrollingElement.scrollWidth - window.innerWidth")


def effect_cells_in_sight(page):
    """The first row's effect cells, and how many end beyond the list's visible right edge (the list scrolls inside its
    box when too wide, so the window alone would not tell)."""
    return page.evaluate("""() => {
        const box = document.querySelector('#changelist .results').getBoundingClientRect();
        const right = Math.min(box.right, innerWidth);
        const cells = [...document.querySelectorAll('#result_list tbody tr:first-child td[class*="effect"]')];
        return {cells: cells.length, beyond: cells.filter(cell => cell.getBoundingClientRect().right > right + 1).length};
    }""")


def test_every_card_list_fits_1280_pixels_with_its_effects_in_sight(live_server, browser_page):
    session = off_loop(designer_session)
    page = browser_page
    page.set_viewport_size(LAPTOP)
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    too_wide, hidden, effects = {}, {}, 0
    ARTIFACTS.mkdir(exist_ok=True)
    for path in card_list_paths():
        page.goto(live_server.url + path)
        assert page.locator("#result_list tbody tr").count() > 0, path
        if overflow(page) > 0:
            too_wide[path] = overflow(page)
        cells = effect_cells_in_sight(page)
        effects += cells["cells"]
        if cells["beyond"]:
            hidden[path] = cells["beyond"]
            page.screenshot(path=str(ARTIFACTS / f"admin-hidden-effect-{path.split('/')[-2]}.png"))
    assert effects > 10   # the effect columns were found (Machi Koro's and Valeria's)
    assert too_wide == {} and hidden == {}
    assert page.problems == []


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_front_page_and_a_list_screenshots(live_server, browser_page, size):
    session = off_loop(designer_session)
    page = browser_page
    page.set_viewport_size(LAPTOP if size == "laptop" else PHONE)
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(live_server.url + "/admin/")
    captions = [text.strip() for text in page.locator("#content-main caption").all_text_contents()]
    assert captions[0] == "Machi Koro" and "Designers' tools" in captions
    page.screenshot(path=str(ARTIFACTS / f"admin-front-{size}.png"), full_page=True)
    assert overflow(page) <= 0
    page.goto(live_server.url + "/admin/cards/establishment/")
    page.screenshot(path=str(ARTIFACTS / f"admin-establishments-{size}.png"))
    if size == "laptop":
        assert overflow(page) <= 0
    assert page.problems == []
