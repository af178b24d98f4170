"""Every page refuses the methods it does not serve: 405 with an Allow header, never a page rendered for a PUT.

The walk covers each non-API, non-admin route of config/urls.py (the REST API and the admin answer 405
themselves). A route with an argument is opened with a real object of the test's (a game, a guest, a lab
run), so a missing method check cannot hide behind a 404. The test client skips CSRF; a real browser's PUT
without the token stops at the CSRF middleware (403) before reaching the view.
"""
import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from games.models import Guest, PushSubscription
from stats.models import LabRun
from stats.tests.factories import play_finished_game

pytestmark = pytest.mark.django_db

REFUSED = ["put", "patch", "delete"]
OUT_OF_SCOPE = ("admin/", "api/", "^api/")  # DRF views and the admin refuse by themselves
DEV_ONLY = "^media/"  # django.views.static.serve, mounted only with DEBUG


def site_routes(patterns=None, prefix="", namespace=""):
    """(route, name) of every URL pattern, with its full route and namespaced name."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from site_routes(entry.url_patterns, prefix + str(entry.pattern), inner)
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), f"{namespace}{entry.name}" if entry.name else None, entry


def page_routes():
    return [(route, name, entry) for route, name, entry in site_routes()
            if not route.startswith(OUT_OF_SCOPE) and not route.startswith(DEV_ONLY)]


@pytest.fixture
def samples(player):
    """A value for each route argument, naming real objects; a new argument needs a sample here."""
    game, _ = play_finished_game(seed=3, players=2, users=(player,))
    guest = Guest.objects.create(nickname="Lou")
    run = LabRun.objects.create(rules={}, options={}, seed=1, games=1, chunk_size=1)
    device = PushSubscription.objects.create(user=player, endpoint="https://fcm.googleapis.com/fcm/send/x",
                                             p256dh="p", auth="a")
    return {"code": game.code, "ruleset": "machikoro", "username": player.username, "guest_id": guest.pk,
            "run_id": run.pk, "fmt": "csv", "name": "playing", "token": "not-a-signed-token", "uidb64": "MQ",
            "device_id": device.pk}


def url_of(route, name, entry, samples):
    arguments = list(entry.pattern.converters)
    missing = [argument for argument in arguments if argument not in samples]
    assert not missing, f"no sample for {missing} of {route}: add one to the samples fixture"
    if name is None:
        assert not arguments, route
        return "/" + route
    return reverse(name, kwargs={argument: samples[argument] for argument in arguments})


def test_the_walk_finds_the_sites_pages():
    routes = {route for route, _, _ in page_routes()}
    assert {"", "cards/", "games/<slug:code>/", "accounts/login/", "docs/<slug:name>/", "stats/lab/"} <= routes
    assert not any(route.startswith(("admin/", "api/")) for route in routes)


@pytest.mark.parametrize("who", ["visitor", "designer"])
def test_every_page_refuses_the_methods_it_does_not_serve(who, samples, designer):
    client = Client()
    if who == "designer":
        client.force_login(designer)  # past the lab's permission check: the method is refused all the same
    problems = []  # every page's answer at once, not the first failure's
    for route, name, entry in page_routes():
        url = url_of(route, name, entry, samples)
        for method in REFUSED:
            response = getattr(client, method)(url)
            allowed = {m.strip() for m in response.get("Allow", "").split(",") if m.strip()}
            if response.status_code != 405 or not allowed or method.upper() in allowed:
                problems.append(f"{method.upper()} {url}: {response.status_code}, Allow: {sorted(allowed)}")
        if "GET" in allowed and ("HEAD" not in allowed or client.head(url).status_code in (405, 500)):
            problems.append(f"HEAD {url}: a page read with GET is also read with HEAD (monitors, link checkers)")
    assert not problems, "\n".join(problems)

def test_a_game_page_refuses_a_put_and_says_what_it_serves(client, samples):
    url = reverse("games:game", args=[samples["code"]])
    response = client.put(url, "seat=1", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 405 and response["Allow"] == "GET, HEAD"
    assert client.delete(reverse("games:join", args=[samples["code"]]))["Allow"] == "GET, HEAD, POST"
    assert client.get(url).status_code == 200


def test_the_card_database_pages_refuse_a_delete(client, official_cards):
    for url in ["/cards/", "/cards/valeria/?table=monsters", "/cards/progress/cost/?card=writing"]:
        response = client.delete(url)
        assert response.status_code == 405 and response["Allow"] == "GET, HEAD", url
    response = client.patch(reverse("cards:lorenzo-score"))
    assert response.status_code == 405 and response["Allow"] == "GET, HEAD, POST"
    assert client.get("/cards/valeria/?table=monsters").status_code == 200
