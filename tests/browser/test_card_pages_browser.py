"""The live-explained effect field in the admin (Valeria and Machi Koro) and the new card pages, in Chromium,
at 1280×800 and 390×844. Screenshots go to test-artifacts/cards-*.png.
"""
from pathlib import Path

import pytest

from tests.browser.helpers import ARTIFACTS, CHROMIUM, SIZES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def cards_site(live_server, django_user_model):
    from cards.loading import load_official_cards
    from cards.progress.loading import load_progress
    from cards.valeria.loading import load_valeria

    assert Path(CHROMIUM).exists(), "Chromium is not installed at /usr/bin/chromium"
    load_official_cards()
    load_valeria()
    load_progress()
    from cards.machikoro.models import Establishment
    from cards.valeria.models import ValeriaDomain

    django_user_model.objects.create_user("desi", password="pw-designer-1", is_staff=True)
    # Looked up now: the ORM may not run once Playwright's event loop is going.
    return {"url": live_server.url, "wisborg": ValeriaDomain.objects.get(name="Wisborg").pk,
            "mine": Establishment.objects.get(slug="mine").pk}


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"cards-{name}.png"), full_page=False)


def log_in(page, url):
    page.goto(f"{url}/admin/login/")
    page.fill("#id_username", "desi")
    page.fill("#id_password", "pw-designer-1")
    page.click("input[type=submit]")


@pytest.mark.parametrize("size", SIZES)
def test_effect_fields_explain_while_typing(cards_site, browser, size):
    url = cards_site["url"]
    page = browser.new_page(viewport=SIZES[size])
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    log_in(page, url)
    page.goto(f"{url}/admin/cards/valeriadomain/{cards_site['wisborg']}/change/")
    output = page.locator("#id_activation_effect_explain")
    assert "You may exchange 3 Gold for 3 Victory Points." in output.inner_text()
    box = page.locator("#id_activation_effect")
    box.fill("choose g 2 m")
    page.wait_for_function("() => document.querySelector('#id_activation_effect_explain').textContent.includes('col 13')")
    assert "expected a number (1 or more) after 'm'" in output.inner_text()
    shot(page, f"valeria-admin-error-{size}")
    box.fill("action.modify_monster_strength +3")
    page.wait_for_function("() => document.querySelector('#id_activation_effect_explain').textContent.includes('Saved as')")
    assert "modify_monster_strength 3" in output.inner_text()
    shot(page, f"valeria-admin-valid-{size}")

    page.goto(f"{url}/admin/cards/establishment/{cards_site['mine']}/change/")
    effect = page.locator("#id_effect")
    assert effect.evaluate("node => node.tagName") == "TEXTAREA"
    effect.fill("c 6")
    page.wait_for_function("() => document.querySelector('#id_effect_explain').textContent.includes('6 coins')")
    assert "rolls 9" in page.locator("#id_effect_explain").inner_text()  # the form's colour and numbers are used
    shot(page, f"machikoro-admin-{size}")
    assert errors == []


@pytest.mark.parametrize("size", SIZES)
def test_card_pages_render_and_fit(cards_site, browser, size):
    url = cards_site["url"]
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{url}/cards/valeria/?table=domains&q=Wisborg")
    assert "You may exchange 3 Gold for 3 Victory Points." in page.inner_text("main")
    shot(page, f"valeria-page-{size}")
    page.goto(f"{url}/cards/progress/cost/?card=medicine&active=mathematics&tokens_science=0"
              f"&tokens_engineering=0&tokens_culture=1&discards=1")
    assert "Covered: the card can be discovered" in page.inner_text("main")
    shot(page, f"progress-cost-{size}")
    page.goto(f"{url}/cards/lorenzo/score/")
    page.fill("#id_victory_points", "7")
    page.fill("#id_faith_points", "5")  # alone at the table: first on the military track, +5
    page.click("main button[type=submit]")
    assert "Final score: 17 victory points." in page.inner_text("main")
    # Cards are ticked, not Ctrl-clicked: a search narrows the list, the legend counts what is ticked.
    characters = page.locator("fieldset:has(#id_characters)")
    characters.locator(".card-picks-search").fill("farm")
    assert characters.locator("label:visible").count() == 1
    characters.locator("label:visible").click()
    assert "(1 ticked)" in characters.locator("legend").inner_text()
    page.click("main button[type=submit]")
    assert "1 character card" in page.inner_text("main")
    shot(page, f"lorenzo-score-{size}")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page is {overflow}px wider than the screen"
