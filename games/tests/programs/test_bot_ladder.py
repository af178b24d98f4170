"""The bot ladder of each game (page and API): program accounts and bot kinds, their ratings, games, wins and last
game; people who are not programs stay on the leaderboard only."""
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.urls import reverse

from games.programs.services import do_mark_program
from games.ratings import ladder, selectors
from games.ratings.models import RatingChange
from games.ratings.services import do_rate_game

from games.tests.ratings.helpers import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(ann, bob, cid):
    """ann and bob are programs, cid a person. This month: ann beat bob twice, a random bot beat ann, cid beat
    bob. Last month: bob beat a greedy bot."""
    for identity in (ann, bob):
        do_mark_program(get_user_model().objects.get(pk=identity.user_id), True)
    do_rate_game(finished_game([(ann, 1), (bob, 2)]))
    do_rate_game(finished_game([(ann, 1), (bob, 2)]))
    do_rate_game(finished_game([("random", 1), (ann, 2)]))
    do_rate_game(finished_game([(cid, 1), (bob, 2)]))
    old = finished_game([(bob, 1), ("greedy", 2)])
    do_rate_game(old)
    RatingChange.objects.filter(game=old).update(created_at=selectors.month_start() - timedelta(days=3))


def rows(board):
    return {row["name"]: row for row in board["results"]}


def test_the_ladder_lists_programs_and_bot_kinds_but_not_people(season):
    board = ladder.ladder("counting")
    found = rows(board)
    assert set(found) == {"ann", "bob", "Random", "Greedy"} and board["count"] == 4
    ann, bob = found["ann"], found["bob"]
    assert ann["program"] and ann["username"] == "ann" and ann["bot_kind"] is None
    assert found["Random"]["program"] is False and found["Random"]["bot_kind"] == "random"
    assert found["Random"]["username"] is None
    assert (ann["games"], ann["wins"]) == (3, 2) and (bob["games"], bob["wins"]) == (4, 1)
    assert found["Random"]["wins"] == 1 and found["Greedy"]["wins"] == 0
    bob_user = get_user_model().objects.get(username="bob")
    assert bob["last_played"] == RatingChange.objects.filter(user=bob_user).latest("created_at").created_at
    ratings = [row["rating"] for row in board["results"]]
    assert ratings == sorted(ratings, reverse=True)  # all provisional: best first
    assert [row["position"] for row in board["results"]] == [1, 2, 3, 4]


def test_this_month_counts_only_this_month(season):
    found = rows(ladder.ladder("counting", period="month"))
    assert set(found) == {"ann", "bob", "Random"}  # the greedy bot played last month only
    assert (found["bob"]["games"], found["bob"]["wins"]) == (3, 0)


@override_settings(RATINGS_PROVISIONAL_GAMES=4)
def test_established_ratings_come_first(season):
    board = ladder.ladder("counting")
    assert board["results"][0]["name"] == "bob" and not board["results"][0]["provisional"]
    assert all(row["provisional"] for row in board["results"][1:])


def test_pages_and_bad_periods(season):
    board = ladder.ladder("counting", page=2, page_size=3)
    assert board["page"] == 2 and board["pages"] == 2 and [r["position"] for r in board["results"]] == [4]
    with pytest.raises(selectors.UnknownPeriod):
        ladder.ladder("counting", period="year")


def test_the_ladder_page(season, client):
    html = client.get(reverse("ratings:ladder", args=["counting"])).content.decode()
    assert html.count('class="program-badge"') == 2 and 'href="/players/ann/"' in html and "Random" in html
    assert 'href="/players/cid/"' not in html and "<td>2</td>" in html
    month = client.get(reverse("ratings:ladder", args=["counting"]) + "?period=month&page=x").content.decode()
    assert "Greedy" not in month and "Wins this month" in month
    assert client.get(reverse("ratings:ladder", args=["nope"])).status_code == 404
    assert client.get(reverse("ratings:ladder", args=["counting"]) + "?period=year").status_code == 200
    board = client.get(reverse("ratings:leaderboard") + "?game=counting").content.decode()
    assert reverse("ratings:ladder", args=["counting"]) in board


def test_an_empty_ladder_says_so(db, client):
    html = client.get(reverse("ratings:ladder", args=["counting"])).content.decode()
    assert "No program or bot has finished a rated game of this game yet." in html


def test_the_ladder_api(season, client):
    answer = client.get("/api/ladder/counting/?page_size=2").json()
    assert answer["count"] == 4 and answer["pages"] == 2 and "page=2" in answer["next"]
    assert answer["previous"] is None and answer["period"] == "all"
    assert set(answer["results"][0]) == {"position", "name", "username", "bot_kind", "program", "rating",
                                         "provisional", "mu", "sigma", "games", "wins", "last_played"}
    month = client.get("/api/ladder/counting/?period=month").json()
    assert {row["name"] for row in month["results"]} == {"ann", "bob", "Random"}


@pytest.mark.parametrize("url, status, field", [
    ("/api/ladder/counting/?period=year", 400, "period"), ("/api/ladder/counting/?page=0", 400, "page"),
    ("/api/ladder/counting/?page_size=201", 400, "page_size"), ("/api/ladder/counting/?page=9", 404, None),
    ("/api/ladder/nope/", 404, None)])
def test_the_ladder_api_refuses_in_the_error_shape(season, client, url, status, field):
    answer = client.get(url)
    assert answer.status_code == status
    error = answer.json()["error"]
    assert error["code"] == ("invalid" if status == 400 else "not_found")
    if field:
        assert field in error["fields"]


def test_the_schema_documents_the_ladder(client):
    schema = client.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/ladder/{ruleset}/"]["get"]
    assert {"200", "400", "404", "429"} <= set(operation["responses"])
