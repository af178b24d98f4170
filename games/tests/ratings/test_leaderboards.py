"""The leaderboards (page and API), a player's rating and history, and the end page's rating changes."""
from datetime import timedelta

import pytest
from django.template.loader import render_to_string
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from games.ratings import selectors
from games.ratings.models import RatingChange
from games.ratings.services import do_rate_game

from games.tests.ratings.helpers import finished_game, guest

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(ann, bob, cid):
    """ann beat bob twice; cid lost to bob last month; a random bot beat ann."""
    do_rate_game(finished_game([(ann, 1), (bob, 2)]))
    do_rate_game(finished_game([(ann, 1), (bob, 2)]))
    old = finished_game([(bob, 1), (cid, 2)])
    do_rate_game(old)
    RatingChange.objects.filter(game=old).update(created_at=selectors.month_start() - timedelta(days=2))
    do_rate_game(finished_game([("random", 1), (ann, 2)]))


def names(board):
    return [row["name"] for row in board["results"]]


def test_all_time_lists_players_best_first_and_bots_apart(rated, ann):
    board = selectors.leaderboard("counting")
    assert names(board) == ["ann", "bob", "cid"] and board["count"] == 3
    assert [row["position"] for row in board["results"]] == [1, 2, 3]
    assert board["results"][0]["games"] == 3 and board["results"][0]["provisional"]
    assert board["results"][0]["username"] == "ann" and board["results"][0]["bot_kind"] is None
    bots = selectors.leaderboard("counting", bots=True)
    assert names(bots) == ["Random"] and bots["results"][0]["username"] is None


@override_settings(RATINGS_PROVISIONAL_GAMES=3)
def test_established_ratings_come_before_provisional_ones(rated, ann, bob, cid):
    # bob has played 3 rated games (established), ann 3 as well; cid only 1: provisional, last.
    board = selectors.leaderboard("counting")
    assert [(row["name"], row["provisional"]) for row in board["results"]] == [
        ("ann", False), ("bob", False), ("cid", True)]


def test_this_month_ranks_the_points_gained_this_month(rated, ann, bob, cid):
    board = selectors.leaderboard("counting", period="month")
    assert names(board) == ["ann", "bob"]  # cid played last month only
    gains = {row["name"]: row["gained"] for row in board["results"]}
    assert gains["ann"] > 0 > gains["bob"]
    assert board["results"][0]["played"] == 3 and board["results"][1]["played"] == 2
    assert gains["bob"] == sum(c.delta for c in RatingChange.objects.filter(
        user_id=bob.user_id, created_at__gte=selectors.month_start()))


def test_a_player_s_position_is_found_even_off_the_page(rated, ann, bob, cid, django_user_model):
    cid_user = django_user_model.objects.get(pk=cid.user_id)
    assert selectors.position_of(cid_user, "counting") == 3
    assert selectors.position_of(cid_user, "counting", "month") is None
    assert selectors.position_of(django_user_model.objects.get(pk=bob.user_id), "counting", "month") == 2
    board = selectors.leaderboard("counting", page=2, page_size=2)
    assert names(board) == ["cid"] and board["page"] == 2 and board["pages"] == 2
    assert selectors.leaderboard("counting", page="99", page_size=2)["page"] == 2  # past the last: the last
    assert selectors.leaderboard("counting", page="x")["page"] == 1


def test_the_page_highlights_you_and_shows_your_place_when_off_the_page(rated, client, cid, settings):
    settings.RATINGS_PAGE_SIZE = 2
    client.login(username="cid", password="pw-cid")
    page = client.get(reverse("ratings:leaderboard") + "?game=counting")
    html = page.content.decode()
    assert page.status_code == 200 and "You are number 3." in html and 'id="own-row"' not in html
    assert 'href="/players/ann/"' in html and "Random" in html
    second = client.get(reverse("ratings:leaderboard") + "?game=counting&page=2").content.decode()
    assert 'id="own-row"' in second and "highlighted below" in second
    month = client.get(reverse("ratings:leaderboard") + "?game=counting&period=month").content.decode()
    assert "this month" in month and 'href="/players/cid/"' not in month


def test_the_page_refuses_bad_input_without_an_error(rated, client):
    assert client.get(reverse("ratings:leaderboard") + "?game=nope").status_code == 404
    assert client.get(reverse("ratings:leaderboard") + "?game=counting&period=year&page=-3").status_code == 200
    assert client.get(reverse("ratings:leaderboard")).status_code == 200  # the first live game


def test_the_leaderboard_api(rated, client):
    answer = client.get("/api/ratings/counting/?page_size=2").json()
    assert answer["count"] == 3 and answer["pages"] == 2 and answer["previous"] is None
    assert [row["name"] for row in answer["results"]] == ["ann", "bob"]
    assert set(answer["results"][0]) >= {"position", "name", "username", "bot_kind", "rating", "games",
                                         "provisional", "mu", "sigma"}
    assert "page=2" in answer["next"]
    bots = client.get("/api/ratings/counting/?bots=true&period=month").json()
    assert [row["bot_kind"] for row in bots["results"]] == ["random"] and bots["results"][0]["gained"] > 0


@pytest.mark.parametrize("query, field", [("period=year", "period"), ("page=0", "page"), ("page_size=500", "page_size"),
                                          ("bots=maybe", "bots")])
def test_the_api_refuses_bad_queries_in_the_site_s_error_shape(rated, client, query, field):
    answer = client.get(f"/api/ratings/counting/?{query}")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "invalid" and field in error["fields"]


def test_the_api_answers_404_in_the_error_shape(rated, client):
    for url in ("/api/ratings/nope/", "/api/ratings/counting/?page=9", "/api/ratings/counting/nobody/"):
        answer = client.get(url)
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found", url


def test_a_player_s_rating_and_history_by_api(rated, client):
    answer = client.get("/api/ratings/counting/ann/").json()
    assert answer["username"] == "ann" and answer["position"] == 1 and answer["rating"]["games"] == 3
    assert [entry["delta"] > 0 for entry in answer["history"]] == [True, True, False]
    assert answer["history"][-1]["after"] == answer["rating"]["rating"]
    assert answer["history"][1]["before"] == answer["history"][0]["after"]


def test_the_schema_documents_the_ratings_api(client):
    schema = client.get("/api/schema/?format=json").json()
    assert "/api/ratings/{ruleset}/" in schema["paths"] and "/api/ratings/{ruleset}/{username}/" in schema["paths"]


def test_the_end_page_shows_each_player_s_rating_change(ann, bob, client):
    game = finished_game([(ann, 1), (guest("Gus"), 2), (bob, 3)])
    game.finished_at = timezone.now()
    game.save()
    do_rate_game(game)
    html = client.get(reverse("stats:game", args=[game.code])).content.decode()
    assert "Rating changes" in html and 'href="/players/ann/"' in html
    changes = selectors.rating_changes(game)
    assert set(changes) == {0, 2}
    assert f"<td>{changes[0]['before']}</td>" in html and f"+{changes[0]['delta']}" in html
    assert f"−{-changes[2]['delta']}" in html
    unrated = finished_game([(ann, 1), (bob, 2)], rated=False)
    assert "Rating changes" not in client.get(reverse("stats:game", args=[unrated.code])).content.decode()


def test_the_profile_include_draws_each_game_s_rating_over_time(rated, ann, django_user_model):
    html = render_to_string("games/ratings/_profile_ratings.html", {"user": django_user_model.objects.get(pk=ann.user_id)})
    assert "Counting" in html and "<polyline" in html and html.count('<circle class="dot"') == 3
    assert "3 rated games" in html
    assert "No rated game" in render_to_string("games/ratings/_profile_ratings.html", {"user": None})
