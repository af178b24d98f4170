"""The site's language: the browser's choice on a first visit, the header's switcher for a guest (cookie) and
for a user (saved on the account, applied on any browser), French plurals, and errors in the page's language."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from games.forms import GameSettingsForm
from games.language import language_from_scope
from games.models import LanguagePreference

pytestmark = pytest.mark.django_db


def heading(response):
    return re.search(r"<h1>(.*?)</h1>", response.content.decode(), re.S).group(1).strip()


def html_lang(response):
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_a_first_visit_follows_the_browsers_accept_language():
    french = Client(HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5").get("/games/")
    assert html_lang(french) == "fr" and heading(french) == "Jouer"
    assert "Parties ouvertes" in french.content.decode()
    english = Client(HTTP_ACCEPT_LANGUAGE="de,en;q=0.5").get("/games/")
    assert html_lang(english) == "en" and heading(english) == "Play"


def test_the_switcher_sets_the_language_for_the_guests_session():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = client.get("/").content.decode()
    assert 'action="/i18n/setlang/"' in page and 'value="fr"' in page
    response = client.post("/i18n/setlang/", {"language": "fr", "next": "/games/"})
    assert response.status_code == 302 and response["Location"] == "/games/"
    assert client.cookies["django_language"].value == "fr"
    assert heading(client.get("/games/")) == "Jouer"  # the browser still says English: the choice wins
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert heading(client.get("/games/")) == "Play"


def test_an_unknown_language_changes_nothing():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert "django_language" not in client.cookies
    assert heading(client.get("/games/")) == "Play"


def test_a_users_choice_is_saved_and_follows_them_to_another_browser():
    user = get_user_model().objects.create_user("marie", password="pw-123456789")
    first = Client(HTTP_ACCEPT_LANGUAGE="en")
    first.force_login(user)
    first.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert LanguagePreference.objects.get(user=user).language == "fr"

    other = Client(HTTP_ACCEPT_LANGUAGE="en")  # a new browser: no cookie, an English browser
    assert heading(other.get("/games/")) == "Play"
    assert other.login(username="marie", password="pw-123456789")
    response = other.get("/games/")
    assert heading(response) == "Jouer" and html_lang(response) == "fr"
    assert response.cookies["django_language"].value == "fr"  # the page's scripts and socket follow it


def test_the_javascript_catalogue_is_served_in_the_chosen_language():
    body = Client(HTTP_ACCEPT_LANGUAGE="fr").get("/i18n/catalog.js").content.decode()
    assert "Ma ville" in body and "django.gettext = function" in body and "(n > 1)" in body
    assert "Ma ville" not in Client(HTTP_ACCEPT_LANGUAGE="en").get("/i18n/catalog.js").content.decode()


@pytest.mark.parametrize("coins, english, french", [
    (1, "built for 1 coin", "construit pour 1 pièce"),
    (2, "built for 2 coins", "construit pour 2 pièces"),
])
def test_plurals_in_templates(coins, english, french):
    template = Template("{% load i18n %}{% blocktranslate count coins=n %}built for {{ coins }} coin"
                        "{% plural %}built for {{ coins }} coins{% endblocktranslate %}")
    with translation.override("en"):
        assert template.render(Context({"n": coins})) == english
    with translation.override("fr"):
        assert template.render(Context({"n": coins})) == french


def test_plurals_in_form_choices():
    with translation.override("fr"):
        labels = dict(GameSettingsForm().fields["turn_seconds"].choices)
        assert labels[30] == "30 secondes" and labels[60] == "1 minute" and labels[120] == "2 minutes"
        assert labels[0] == "Sans minuteur"
    with translation.override("en"):
        assert dict(GameSettingsForm().fields["turn_seconds"].choices)[60] == "1 minute"


def test_form_errors_and_service_errors_are_french():
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    page = client.post("/accounts/guest/", {"nickname": "!"}).content.decode()
    assert "De 2 à 24 lettres" in page and "Pseudo" in page


def test_the_socket_takes_the_pages_language():
    assert language_from_scope({"headers": [(b"accept-language", b"fr-CA,fr;q=0.8")], "cookies": {}}) == "fr"
    assert language_from_scope({"headers": [(b"accept-language", b"fr")], "cookies": {"django_language": "en"}}) == "en"
    assert language_from_scope({"headers": [(b"accept-language", b"ja")], "cookies": {}}) == "en"


@pytest.mark.parametrize("header,cookie,page_language", [
    ("fr-CA,fr;q=0.8", None, "fr"), ("en;q=0.2, fr;q=0.9", None, "fr"), ("de, fr;q=0.5", None, "fr"),
    ("*", None, "en"), ("ja", None, "en"), ("", None, "en"), ("en-GB", None, "en"), ("FR", None, "fr"),
    ("fr", "en", "en"), ("en", "fr", "fr"), ("fr", "de", "fr"),
])
def test_pages_sockets_and_the_api_read_accept_language_alike(client, header, cookie, page_language):
    """One reading of Accept-Language (cards.language.preferred_language, Django's own choice) for pages, game
    sockets and the card API; only the API leaves the language cookie aside (a client asks with ?lang=)."""
    from cards.language import preferred_language

    if cookie:
        client.cookies["django_language"] = cookie
    page = client.get("/games/", HTTP_ACCEPT_LANGUAGE=header)
    assert html_lang(page) == page_language
    cookies = {"django_language": cookie} if cookie else {}
    assert language_from_scope({"headers": [(b"accept-language", header.encode())], "cookies": cookies}) == page_language
    assert preferred_language(header, cookie) == page_language
    api = Client().get("/api/", HTTP_ACCEPT_LANGUAGE=header)
    assert api["Content-Language"] == preferred_language(header)


def test_dates_and_numbers_follow_the_locale():
    template = Template("{{ value }}")
    with translation.override("fr"):
        assert template.render(Context({"value": 1.5})) == "1,5"
    with translation.override("en"):
        assert template.render(Context({"value": 1.5})) == "1.5"


@pytest.mark.parametrize("path, english, french", [
    ("/no/such/page/", "There is no page at this address.", "Il n'y a pas de page à cette adresse."),
    ("/games/nosuchgame/", "There is no game with this link.", "Aucune partie ne correspond à ce lien."),
    ("/stats/games/nosuchgame/", "There is no game with this link.", "Aucune partie ne correspond à ce lien."),
])
def test_the_404_page_shows_no_template_comment_and_follows_the_language(path, english, french):
    """DEBUG off, as in production: a `{# ... #}` spanning lines is not a comment for Django and was shown as text."""
    from django.test import override_settings

    with override_settings(DEBUG=False):
        pages = {language: Client(HTTP_ACCEPT_LANGUAGE=language).get(path) for language in ("en", "fr")}
    for response in pages.values():
        assert response.status_code == 404
        page = response.content.decode()
        assert "{#" not in page and "#}" not in page and "Resolver404" not in page
    assert english in pages["en"].content.decode() and heading(pages["en"]) == "Not found"
    french_page = pages["fr"].content.decode()
    assert french in french_page and english not in french_page
    assert heading(pages["fr"]) == "Introuvable" and "<title>Introuvable · Tables de cartes</title>" in french_page


def test_a_page_without_a_title_of_its_own_gets_the_sites_in_the_readers_language(rf):
    from django.contrib.auth.models import AnonymousUser
    from django.template import engines

    template = engines["django"].from_string('{% extends "base.html" %}')
    from django.contrib.sessions.backends.signed_cookies import SessionStore

    request = rf.get("/")
    request.user, request.session = AnonymousUser(), SessionStore()
    titles = {}
    for language in ("en", "fr"):
        with translation.override(language):
            titles[language] = re.search(r"<title>(.*?)</title>", template.render({}, request)).group(1)
    assert titles == {"en": "Play Machi Koro and Aquarius online · Card tables",
                      "fr": "Jouez à Minivilles et à Aquarius en ligne · Tables de cartes"}


def test_the_machi_koro_boards_choice_words_are_translated():
    """static/js/boards/machikoro.js marks its phase words like the rest of the board; French has them."""
    from django.conf import settings

    source = (settings.BASE_DIR / "static" / "js" / "boards" / "machikoro.js").read_text(encoding="utf-8")
    assert 'gettext("A card asks for a choice")' in source and 'gettext("%s: choose")' in source
    assert '"A card asks for a choice"' not in source.replace('gettext("A card asks for a choice")', "")
    assert '+ ": choose"' not in source
    body = Client(HTTP_ACCEPT_LANGUAGE="fr").get("/i18n/catalog.js").content.decode()
    assert '"Une carte demande un choix"' in body and '"%s : choisissez"' in body
