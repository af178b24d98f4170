"""An invalid effect saved in the admin: its error is said once, beside the box, with the caret under the place it
goes wrong (as the live help draws it while typing), not again in the error list above the field."""
from html import unescape

import pytest

from cards.machikoro.models import Establishment
from cards.valeria.models import ValeriaDomain

from cards.tests.test_admin import change_form_data

pytestmark = pytest.mark.django_db


def effect_error(response, field="effect"):
    return str(response.context["adminform"].form.errors[field][0])


def test_an_invalid_effect_is_said_once_with_its_caret(designer_browser, official_cards):
    card = Establishment.objects.get(slug="mine")
    response = designer_browser.post(f"/admin/cards/establishment/{card.pk}/change/",
                                     change_form_data(card, effect="c 1 @"))
    assert response.status_code == 200
    page = unescape(response.content.decode())
    message = effect_error(response)
    assert page.count(message) == 1
    assert page.count('class="effect-caret"') == 1
    caret = page.split('class="effect-caret">', 1)[1].split("</span>", 1)[0]
    typed, marker = caret.split("\n")
    assert typed == "c 1 @" and marker.startswith("    ^ ")   # under the fifth character, the "@"
    assert 'aria-invalid="true"' in page and Establishment.objects.get(slug="mine").effect == card.effect


def test_another_error_of_the_effect_field_still_shows_in_the_list(designer_browser, official_cards):
    card = Establishment.objects.get(slug="mine")
    response = designer_browser.post(f"/admin/cards/establishment/{card.pk}/change/", change_form_data(card, effect=""))
    page = unescape(response.content.decode())
    assert page.count(effect_error(response)) == 1 and 'class="effect-caret"' not in page
    assert '<ul class="errorlist' in page


def test_a_valeria_effect_error_is_said_once_with_its_caret_in_french(designer_browser, official_cards):
    from cards.valeria.loading import load_valeria

    load_valeria()
    designer_browser.cookies["django_language"] = "fr"
    card = ValeriaDomain.objects.filter(activation_effect__gt="").first()
    url = f"/admin/cards/valeriadomain/{card.pk}/change/"
    form = designer_browser.get(url).context["adminform"].form
    data = {name: value for name, value in form.initial.items() if value is not None and not isinstance(value, list)}
    data |= {"activation_effect": "gold +", "extension": card.extension_id or ""}
    data = {name: ("on" if value is True else value) for name, value in data.items() if value is not False}
    response = designer_browser.post(url, data)
    assert response.status_code == 200
    page = unescape(response.content.decode())
    message = effect_error(response, "activation_effect")
    assert page.count(message) == 1 and page.count('class="effect-caret"') == 1
    assert "^ " in page
