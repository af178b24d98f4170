"""Players' profiles (/players/<name>/, /players/guest/<id>/): each game apart, the games played (pages,
filters, links), the games in progress (waiting first), the old addresses and the ratings' place."""
import pytest
from django.template import TemplateDoesNotExist
from django.urls import reverse

from games.models import Game, Guest
from games.tests.my_games_factories import seated_game
from stats import services
from stats.models import PlayerResult
from stats.players import selectors, views
from stats.selectors import player_links
from stats.tests.factories import play_finished_game
from stats.tests.profile_factories import finished

pytestmark = pytest.mark.django_db
PLAYING, FINISHED = Game.Status.PLAYING, Game.Status.FINISHED


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user("ann", password="pw-ann-123")


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", password="pw-bob-123")


def profile(client, name, **query):
    return client.get(reverse("players:profile", args=[name]), query)


def test_each_game_is_kept_apart(client, ann, bob):
    finished([ann, bob], [0], turns=10, variant="base", bought={"wheat-field": 3})
    finished([ann, bob], [1], turns=30, variant="base+harbor", bought={"bakery": 2})
    finished([ann, "Bot"], [0], ruleset="aquarius", turns=12, variant="Aqua-Chicken")
    html = profile(client, "ann").content.decode()
    # the overview: one row per game, never a mixed total
    assert '<a href="?game=machikoro#statistics">Machi Koro</a></th><td>2</td><td>1</td><td>50\u00a0%</td>' in html
    assert '<a href="?game=aquarius#statistics">Aquarius</a></th><td>1</td><td>1</td><td>100\u00a0%</td>' in html
    assert "<dt>Games</dt><dd>3</dd>" not in html
    machikoro = profile(client, "ann", game="machikoro").content.decode()
    assert "<dt>Games</dt><dd>2</dd>" in machikoro and "<dt>Wins</dt><dd>1</dd>" in machikoro
    assert "20.0 turns" in machikoro and "Favourite cards" in machikoro and "Aqua-Chicken" not in machikoro
    aquarius = profile(client, "ann", game="aquarius").content.decode()
    assert "<dt>Games</dt><dd>1</dd>" in aquarius and "<dt>Win rate</dt><dd>100\u00a0%</dd>" in aquarius
    assert "Aqua-Chicken" in aquarius and "Favourite cards" not in aquarius
    assert 'aria-current="page">Aquarius' in aquarius


def test_game_section_figures(ann, bob):
    finished([ann, bob], [0], variant="base", bought={"wheat-field": 3, "bakery": 1})
    finished([bob, ann, "Bot"], [1], variant="base", bought={})
    finished([ann, bob], [1], variant="base+harbor", bought={"wheat-field": 1})
    finished([ann, bob], [0], ruleset="aquarius")
    section = selectors.game_section(selectors.results_of(user=ann), "machikoro")
    assert [(r["order"], r["games"], r["wins"]) for r in section["by_order"]] == [(1, 2, 1), (2, 1, 1)]
    assert [(r["players"], r["games"], r["wins"]) for r in section["by_players"]] == [(2, 2, 1), (3, 1, 1)]
    assert [(r["extensions"], r["games"]) for r in section["by_variant"]] == [("base", 2), ("base+harbor", 1)]
    assert [(r["slug"], r["copies"]) for r in section["favourites"]] == [("wheat-field", 4), ("bakery", 1)]


def test_profile_queries_do_not_grow_with_games(client, ann, bob, django_assert_max_num_queries):
    for index in range(30):
        finished([ann, bob, "Bot"], [index % 3], ruleset=("machikoro", "aquarius")[index % 2], variant="base")
    for _ in range(4):
        seated_game(PLAYING, [ann, bob], to_act=[0])
    with django_assert_max_num_queries(8):
        assert profile(client, "ann").status_code == 200
    with django_assert_max_num_queries(12):
        assert profile(client, "ann", game="machikoro", result="won").status_code == 200


def test_games_played_are_paginated_latest_first(client, ann, bob):
    games = [finished([ann, bob], [0], minutes_ago=100 - index) for index in range(25)]
    first = profile(client, "ann").content.decode()
    assert games[-1].code in first and games[5].code in first and games[4].code not in first
    assert "Page 1 of 2" in first and 'rel="next" href="?page=2#played"' in first
    second = profile(client, "ann", page=2).content.decode()
    assert games[4].code in second and games[0].code in second and games[-1].code not in second
    assert profile(client, "ann", page="nonsense").status_code == 200   # the first page
    assert games[4].code in profile(client, "ann", page=99).content.decode()   # the last page


def test_filters_by_game_and_result(client, ann, bob):
    won = finished([ann, bob], [0])
    lost = finished([ann, bob], [1])
    aquarius = finished([ann, bob], [0], ruleset="aquarius")
    html = profile(client, "ann", result="won").content.decode()
    assert won.code in html and aquarius.code in html and lost.code not in html
    html = profile(client, "ann", result="lost").content.decode()
    assert lost.code in html and won.code not in html
    html = profile(client, "ann", game="aquarius", result="won").content.decode()
    assert aquarius.code in html and won.code not in html
    assert 'href="?game=machikoro&amp;result=won#statistics"' in html   # the tabs keep the result
    rows = html[html.index('id="played"'):]
    assert f'href="/stats/games/{aquarius.code}/"' in rows and f'href="/games/{aquarius.code}/replay/"' in rows


def test_bad_filters_say_why_and_change_nothing(client, ann, bob):
    game = finished([ann, bob], [1])
    response = profile(client, "ann", game="chess", result="maybe")
    html = response.content.decode()
    assert response.status_code == 200 and 'class="errorlist"' in html and "Select a valid choice" in html
    assert game.code in html   # every game, unfiltered


def test_a_game_never_played_has_its_tab(client, ann, bob):
    finished([ann, bob], [0])
    html = profile(client, "ann", game="aquarius").content.decode()
    assert "No finished game of Aquarius yet." in html and "No finished game matches." in html


def test_games_in_progress_waiting_for_the_player_first(client, ann, bob):
    theirs = seated_game(PLAYING, [ann, bob], to_act=[1], minutes_ago=1)
    waiting = seated_game(PLAYING, [ann, bob], to_act=[0], pace=Game.Pace.TURN_BASED, deadline=3600, minutes_ago=60)
    hidden = seated_game(PLAYING, [ann, bob], to_act=[0], public=False, minutes_ago=30)
    html = profile(client, "ann").content.decode()
    assert html.index(waiting.code) < html.index(theirs.code)
    assert hidden.code not in html   # a private game shows only to its player
    client.force_login(ann)
    html = profile(client, "ann").content.decode()
    assert html.index(waiting.code) < html.index(hidden.code) < html.index(theirs.code)
    assert 'href="/games/mine/"' in html


def test_guest_profile(client, bob):
    guest = Guest.objects.create(nickname="zed")
    game = finished([guest, bob], [0], ruleset="aquarius")
    running = seated_game(PLAYING, [bob, guest], to_act=[1])
    response = client.get(reverse("players:guest", args=[guest.pk]))
    html = response.content.decode()
    assert response.status_code == 200 and "zed" in html and "guest" in html and "unrated" in html
    assert game.code in html and running.code in html
    assert client.get(reverse("players:guest", args=[guest.pk + 99])).status_code == 404


def test_unknown_player_is_a_404(client):
    assert profile(client, "nobody").status_code == 404


def test_old_addresses_redirect_for_good(client, ann):
    guest = Guest.objects.create(nickname="zed")
    response = client.get("/stats/players/ann/")
    assert response.status_code == 301 and response["Location"] == "/players/ann/"
    response = client.get(f"/stats/guests/{guest.pk}/?game=aquarius")
    assert response.status_code == 301 and response["Location"] == f"/players/guest/{guest.pk}/?game=aquarius"


def test_game_statistics_link_players_to_their_profiles(ann, bob):
    guest = Guest.objects.create(nickname="zed")
    game = finished([ann, guest, "Bot"], [0])
    assert player_links(game) == {0: "/players/ann/", 1: f"/players/guest/{guest.pk}/"}


def test_names_are_escaped(client, django_user_model, bob):
    guest = Guest.objects.create(nickname="<b>zed</b>")
    finished([guest, bob], [0])
    PlayerResult.objects.filter(name="bob").update(name="<i>bob</i>")
    html = client.get(reverse("players:guest", args=[guest.pk])).content.decode()
    assert "<b>zed</b>" not in html and "&lt;b&gt;zed&lt;/b&gt;" in html
    assert "<i>bob</i>" not in html and "&lt;i&gt;bob&lt;/i&gt;" in html


def test_ratings_shown_only_when_their_template_is_installed(client, ann, monkeypatch):
    monkeypatch.setattr(views, "get_template", lambda name: (_ for _ in ()).throw(TemplateDoesNotExist(name)))
    assert not views.ratings_template_exists()
    assert profile(client, "ann").context["show_ratings"] is False
    monkeypatch.setattr(views, "get_template", lambda name: name)
    assert views.ratings_template_exists()
    guest = Guest.objects.create(nickname="zed")
    assert client.get(reverse("players:guest", args=[guest.pk])).context["show_ratings"] is False   # unrated


def test_profile_in_french(client, ann, bob):
    finished([ann, bob], [0])
    response = client.get(reverse("players:profile", args=["ann"]), HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200 and 'lang="fr"' in response.content.decode()


def test_profile_of_games_whose_statistics_were_computed(client, ann):
    won = 0
    for seed in (71, 72, 73):
        game, final = play_finished_game(seed=seed, players=2, users=[ann])
        services.compute_and_store(game.pk)
        won += final.winner == 0
    html = profile(client, "ann", game="machikoro").content.decode()
    assert "<dt>Games</dt><dd>3</dd>" in html and f"<dt>Wins</dt><dd>{won}</dd>" in html
    assert "Win rate by seat position" in html and "Favourite cards" in html and "Bot 2" in html
