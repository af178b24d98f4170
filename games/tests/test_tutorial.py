"""The guided first game ("Learn to play"): a started, unrated, unlisted game against the weakest bots."""
import pytest
from django.urls import reverse

from games.models import Game, Seat
from games.rulesets import get_ruleset

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", ["machikoro", "aquarius"])
def test_learn_to_play_starts_a_game_against_easy_bots(client, official_cards, slug):
    client.post(reverse("guest"), {"nickname": "Lou"})
    page = client.get(reverse("games:learn", args=[slug]))
    assert page.status_code == 200 and b'id="learn-start"' in page.content
    response = client.post(reverse("games:learn", args=[slug]))
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == reverse("games:game", args=[game.code])
    assert game.ruleset == slug and game.status == Game.Status.PLAYING
    assert not game.rated and not game.public and game.pace == Game.Pace.LIVE and game.turn_seconds == 0
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    weakest = get_ruleset(slug).bot_kinds[0]
    assert sorted(s.bot_kind for s in seats) == ["", weakest, weakest]
    assert [s.name for s in seats if not s.bot_kind] == ["Lou"]
    shown = client.get(response.url).content.decode()
    assert f'data-tutorial="{slug}"' in shown and 'id="tutorial-rules"' in shown
    assert f"js/boards/{slug}-tutorial.js" in shown


def test_only_the_learner_sees_the_hints(client, official_cards):
    client.post(reverse("guest"), {"nickname": "Lou"})
    code = client.post(reverse("games:learn", args=["machikoro"])).url.strip("/").split("/")[-1]
    from django.test import Client

    watcher = Client()
    assert "data-tutorial" not in watcher.get(reverse("games:game", args=[code])).content.decode()


def test_a_visitor_picks_a_nickname_first_and_comes_back(client):
    learn = reverse("games:learn", args=["machikoro"])
    response = client.post(learn)
    assert response.status_code == 302 and response.url == reverse("guest") + "?next=" + learn
    assert not Game.objects.exists()


def test_home_and_create_pages_offer_the_guided_game(client, official_cards):
    home = client.get("/").content.decode()
    assert 'href="/games/learn/machikoro/"' in home and 'href="/games/learn/aquarius/"' in home
    client.post(reverse("guest"), {"nickname": "Lou"})
    create = client.get(reverse("games:create-ruleset", args=["aquarius"])).content.decode()
    assert 'action="/games/learn/aquarius/"' in create


def test_a_game_without_hints_has_no_guided_game(client):
    client.post(reverse("guest"), {"nickname": "Lou"})
    assert client.get(reverse("games:learn", args=["counting"])).status_code == 404
    assert client.get(reverse("games:learn", args=["nope"])).status_code == 404
