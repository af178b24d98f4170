"""Unknown game links answer a 404 page of the site that says what is missing (DEBUG off, as in production)."""
import pytest
from django.urls import path

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/games/nosuchgame/", "/games/nosuchgame/replay/", "/games/nosuchgame/join/"])
def test_an_unknown_game_code_says_there_is_no_such_game(client, path):
    response = client.get(path)
    assert response.status_code == 404
    page = response.content.decode()
    assert "There is no game with this link." in page and 'href="/games/"' in page
    assert 'class="site-header"' in page  # the site's own page, not a bare "Not Found"


def test_an_unknown_address_gets_the_sites_page_with_a_plain_message(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "There is no page at this address." in page and "Resolver404" not in page


def failing_view(request):
    raise RuntimeError("a bug")


urlpatterns = [path("boom/", failing_view)]


@pytest.mark.urls(__name__)
@pytest.mark.parametrize("language, says", [("en", "Something went wrong"), ("fr", "Une erreur s’est produite")])
def test_a_failing_page_gets_the_sites_500_page_in_the_readers_language(client, language, says):
    client.raise_request_exception = False
    response = client.get("/boom/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 500
    page = response.content.decode()
    assert says in page and 'href="/"' in page and "a bug" not in page and "Traceback" not in page
