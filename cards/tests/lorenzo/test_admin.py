"""The admin: Lorenzo card pages with effects in words, and the import (upload, preview, confirm)."""
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from cards.lorenzo.models import Excommunication
from cards.lorenzo.models import DevelopmentCard, LeaderCard

from cards.tests.lorenzo.conftest import SEED_EXAMPLES, reference_text

pytestmark = pytest.mark.django_db
IMPORT_URL = "/admin/cards/developmentcard/import/"


@pytest.fixture
def designer_browser(designer):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(designer)
    return browser


def csrf_token(browser, url):
    browser.get(url)
    return browser.cookies["csrftoken"].value


def upload(name, text):
    return SimpleUploadedFile(name, text.encode("utf-8") if isinstance(text, str) else text, "application/json")


def preview(browser, *files, **fields):
    token = csrf_token(browser, IMPORT_URL)
    return browser.post(IMPORT_URL, {"files": list(files), "csrfmiddlewaretoken": token, **fields})


def test_upload_preview_then_confirm(designer_browser):
    page = preview(
        designer_browser, upload("cards.json", reference_text("cards.json")), upload("leaders.json", reference_text("leader_cards.json"))
    )  # fmt: skip
    html = page.content.decode()
    assert page.status_code == 200
    assert "116 added, 0 changed, 0 unchanged, 0 refused; dry run, nothing was written" in html
    assert "Added (116)" in html and "Support to the Pope" in html and "Confirm the import" in html
    assert "stray spaces or characters" in html  # the warnings are shown
    assert DevelopmentCard.objects.count() == 0
    token = designer_browser.session["card_imports"].popitem()[0]
    response = designer_browser.post(
        IMPORT_URL, {"confirm": "1", "token": token, "csrfmiddlewaretoken": designer_browser.cookies["csrftoken"].value}
    )
    assert response.status_code == 302 and response["Location"].endswith("/admin/cards/developmentcard/")
    assert (DevelopmentCard.objects.count(), LeaderCard.objects.count()) == (96, 20)
    assert DevelopmentCard.history.filter(history_user__username="dana").count() == 96
    # The token is spent: confirming twice imports nothing more.
    again = designer_browser.post(
        IMPORT_URL, {"confirm": "1", "token": token, "csrfmiddlewaretoken": designer_browser.cookies["csrftoken"].value}
    )
    assert again.status_code == 302 and again["Location"] == IMPORT_URL


def test_preview_lists_changed_and_refused_cards_and_offers_no_confirm(designer_browser):
    preview(designer_browser, upload("excom_cards.json", reference_text("excom_cards.json")))
    token = designer_browser.session["card_imports"].popitem()[0]
    designer_browser.post(IMPORT_URL, {"confirm": "1", "token": token, "csrfmiddlewaretoken": designer_browser.cookies["csrftoken"].value})
    tiles = json.loads(reference_text("excom_cards.json"))
    tiles[0]["period"] = 2
    tiles[1]["instantPayload"] = ["GOLD"]
    html = preview(designer_browser, upload("excom_cards.json", json.dumps(tiles))).content.decode()
    assert "Changed (1)" in html and "changed: period" in html
    assert "Refused (1)" in html and "instantPayload[0]: unknown resource &quot;GOLD&quot;" in html
    assert "Confirm the import" not in html
    assert Excommunication.objects.get(slug="malus-military-points").period == 1


def test_syntax_errors_show_line_and_column(designer_browser):
    html = preview(designer_browser, upload("fortress.json", (SEED_EXAMPLES / "fortress.json").read_bytes())).content.decode()
    assert "fortress.json, line 12, column 34: invalid JSON: Expecting &#x27;,&#x27; delimiter" in html


def test_import_needs_csrf_and_a_designer(designer, player):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(designer)
    response = browser.post(IMPORT_URL, {"files": [upload("cards.json", reference_text("cards.json"))]})
    assert response.status_code == 403  # no CSRF token
    outsider = Client()
    outsider.force_login(player)
    assert outsider.get(IMPORT_URL).status_code == 302  # sent to the admin login
    staff_reader = Client()
    player.is_staff = True
    player.save()
    staff_reader.force_login(player)
    assert staff_reader.get("/admin/cards/developmentcard/").status_code == 200
    # Staff are designers in this project (permissions.is_designer), so the page opens for them too.
    assert staff_reader.get(IMPORT_URL).status_code == 200
    assert DevelopmentCard.objects.count() == 0


def test_card_pages_explain_effects_and_link_import_and_export(designer_browser, lorenzo_cards):
    listing = designer_browser.get("/admin/cards/developmentcard/").content.decode()
    assert "Import cards" in listing and "export/?set=development-cards" in listing
    assert "Gain 2 victory points and 1 council privilege" in listing  # Fortress
    fortress = DevelopmentCard.objects.get(slug="fortress")
    page = designer_browser.get(f"/admin/cards/developmentcard/{fortress.pk}/change/").content.decode()
    assert "Effects in words" in page and "Production (action value 5 or more)" in page
    tile = Excommunication.objects.get(slug="malus-stone-or-wood")
    page = designer_browser.get(f"/admin/cards/excommunication/{tile.pk}/change/").content.decode()
    assert "Each time you gain stone or wood, gain one less" in page
    assert "export/?set=excommunications" in designer_browser.get("/admin/cards/excommunication/").content.decode()


def test_export_download_is_the_reference_file(designer_browser, lorenzo_cards):
    response = designer_browser.get("/admin/cards/developmentcard/export/", {"set": "leader-cards"})
    assert response["Content-Disposition"] == 'attachment; filename="leader_cards.json"'
    assert json.loads(response.content) == json.loads(reference_text("leader_cards.json"))


def test_designer_edits_an_effect_in_the_admin(designer_browser, lorenzo_cards):
    woods = DevelopmentCard.objects.get(slug="woods")
    url = f"/admin/cards/developmentcard/{woods.pk}/change/"
    token = csrf_token(designer_browser, url)
    effects = list(woods.effects.order_by("timing", "position"))
    data = {
        "csrfmiddlewaretoken": token, "name": woods.name, "slug": woods.slug, "source_name": "",
        "extension": woods.extension_id, "card_type": woods.card_type, "period": woods.period, "costs": "null",
        "requirements": "null", "minimum_action_value": woods.minimum_action_value,
        "exclusive_permanent_effect": "true", "image_name": woods.image_name,
        "effects-TOTAL_FORMS": len(effects), "effects-INITIAL_FORMS": len(effects),
        "effects-MIN_NUM_FORMS": 0, "effects-MAX_NUM_FORMS": 1000,
    }  # fmt: skip
    for index, effect in enumerate(effects):
        payload = {"WOOD": 2} if effect.timing == "permanent" else effect.payload
        data.update({
            f"effects-{index}-id": effect.pk, f"effects-{index}-card": woods.pk, f"effects-{index}-timing": effect.timing,
            f"effects-{index}-position": effect.position, f"effects-{index}-effect_type": effect.effect_type,
            f"effects-{index}-payload": json.dumps(payload),
        })  # fmt: skip
    response = designer_browser.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert woods.effects.get(timing="permanent").payload == {"WOOD": 2}
    data["effects-0-payload"] = json.dumps({"GOLD": 1})
    response = designer_browser.post(url, data)
    assert response.status_code == 200 and "unknown resource" in response.content.decode()


def test_a_french_designer_reads_the_effects_in_french(designer_browser, lorenzo_cards):
    """The Lorenzo explanations follow the admin user's language, as the Machi Koro and Valeria ones do."""
    from django.utils.html import escape

    from cards.lorenzo.explain import explain_card, explain_excommunication
    from cards.lorenzo.exporter import card_data

    designer_browser.cookies["django_language"] = "fr"
    fortress = DevelopmentCard.objects.get(slug="fortress")
    french = explain_card(card_data(fortress), "fr")
    assert french and french != explain_card(card_data(fortress))
    listing = designer_browser.get("/admin/cards/developmentcard/").content.decode()
    assert "Gain 2 victory points and 1 council privilege" not in listing
    page = designer_browser.get(f"/admin/cards/developmentcard/{fortress.pk}/change/").content.decode()
    assert all(escape(line) in page for line in french)
    assert "Production (action value 5 or more)" not in page
    tile = Excommunication.objects.get(slug="malus-stone-or-wood")
    page = designer_browser.get(f"/admin/cards/excommunication/{tile.pk}/change/").content.decode()
    assert escape(explain_excommunication(tile, "fr")) in page
    assert "Each time you gain stone or wood, gain one less" not in page


@pytest.mark.parametrize("language, words", [("en", ["Upload card files.", "See the guide", "Preview"]),
                                             ("fr", ["Téléversez des fichiers de cartes.", "Voir le guide",
                                                     "Importer des cartes", "Aperçu"])])
def test_the_import_page_links_the_sites_guide_in_the_readers_language(designer_browser, language, words):
    designer_browser.cookies["django_language"] = language
    page = designer_browser.get(IMPORT_URL).content.decode()
    assert 'href="/docs/lorenzo/"' in page and "docs/lorenzo.md" not in page  # a page of the site, not a file path
    assert all(word in page for word in words), [word for word in words if word not in page]
    assert designer_browser.get("/docs/lorenzo/").status_code == 200
