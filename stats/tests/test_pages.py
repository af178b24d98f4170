"""The statistics pages and the API: states, numbers shown, retry, permissions."""
import json

import pytest
from django.template import Context, Template
from django.urls import reverse

from stats import services
from stats.models import GameStatistics

from stats.tests.factories import play_finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user("ann", password="pw-ann-123")


@pytest.fixture
def computed(ann):
    game, final = play_finished_game(seed=61, players=3, users=[ann], extensions=("base", "harbor"))
    services.compute_and_store(game.pk)
    return game, final


def api(game):
    return reverse("game-statistics-api", args=[game.pk])


def test_api_returns_the_statistics_once_done(client, computed):
    game, final = computed
    response = client.get(api(game))
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "done" and body["game"] == game.pk and body["code"] == game.code
    assert body["statistics"]["winner"] == final.winner
    assert body["statistics"]["turns"][-1]["coins"] == [p.coins for p in final.players]


def test_api_answers_202_while_computing(client):
    game, _ = play_finished_game(seed=62)
    GameStatistics.objects.create(game=game, status=GameStatistics.Status.RUNNING)
    response = client.get(api(game))
    assert response.status_code == 202 and response["Retry-After"] == "2"
    assert response.json()["status"] == "running" and "statistics" not in response.json()


def test_first_view_of_a_game_without_statistics_queues_them(client, django_capture_on_commit_callbacks):
    game, _ = play_finished_game(seed=63)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        response = client.get(api(game))
    assert response.status_code == 202 and response.json()["status"] == "pending"
    assert len(queued) == 1 and GameStatistics.objects.get(game=game).status == "pending"
    queued[0]()
    assert client.get(api(game)).json()["status"] == "done"


def test_statistics_of_an_older_version_are_computed_again_when_viewed(client, computed,
                                                                         django_capture_on_commit_callbacks):
    game, _ = computed
    GameStatistics.objects.filter(game=game).update(version=0, result={"old": "shape"})
    with django_capture_on_commit_callbacks(execute=True):
        response = client.get(reverse("stats:game", args=[game.code]))
    assert response.status_code == 200
    statistics = GameStatistics.objects.get(game=game)
    assert statistics.version >= 1 and "turns" in statistics.result


def test_api_has_no_statistics_for_other_rulesets(client):
    game, _ = play_finished_game(seed=60)
    type(game).objects.filter(pk=game.pk).update(ruleset="counting")
    response = client.get(api(game))
    assert response.status_code == 404 and not GameStatistics.objects.exists()


def test_api_failed_shows_the_error_and_post_retries(client, django_capture_on_commit_callbacks):
    game, _ = play_finished_game(seed=64)
    GameStatistics.objects.create(game=game, status=GameStatistics.Status.FAILED, error="EventLogError: boom")
    response = client.get(api(game))
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["error"]) == ("failed", "EventLogError: boom")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(api(game))
    assert response.status_code == 202 and response.json()["status"] == "pending"
    assert client.get(api(game)).json()["status"] == "done"


def test_api_post_refuses_when_already_done(client, computed):
    game, _ = computed
    response = client.post(api(game))
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_retryable"


def test_api_unfinished_and_unknown_games(client):
    game, _ = play_finished_game(seed=65, finish=False)
    response = client.get(api(game))
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_finished"
    assert client.get(reverse("game-statistics-api", args=[987654])).status_code == 404


def test_api_private_game_only_for_its_players(client, django_user_model, ann):
    game, _ = play_finished_game(seed=66, users=[ann], public=False)
    services.compute_and_store(game.pk)
    assert client.get(api(game)).status_code == 404
    django_user_model.objects.create_user("eve", password="pw-eve-123")
    client.login(username="eve", password="pw-eve-123")
    assert client.get(api(game)).status_code == 404
    client.login(username="ann", password="pw-ann-123")
    assert client.get(api(game)).status_code == 200


def test_game_page_shows_timeline_dice_landmarks_and_income(client, computed):
    game, final = computed
    response = client.get(reverse("stats:game", args=[game.code]))
    assert response.status_code == 200
    html = response.content.decode()
    statistics = GameStatistics.objects.get(game=game).result
    winner = statistics["players"][final.winner]["name"]
    assert f"<strong>{winner}</strong>" in html
    assert "ann's time-line (+ gained, − gave, = no change)" in html
    assert '<a href="/players/ann/">ann</a>' in html
    assert html.count('class="own-turn') + html.count('class=" highlight') >= statistics["players"][0]["turns"]
    assert html.count("highlight-built") >= len([l for l in statistics["landmarks"] if l["change"] == "built"])
    assert "★ Built Train Station" in html
    assert "Totals with 1 die" in html and "Who rolled what" in html
    assert "Wheat Field" in html and "Coins received, by the card that paid them" in html
    assert 'src="/static/vendor/chartjs/chart.umd.js"' in html and 'src="/static/js/stats.js"' in html
    island = json.loads(html.split(f'id="stats-data-{game.code}" type="application/json">')[1].split("</script>")[0])
    assert island["coins"][0][0] == 3 and island["coins"][0][-1] == final.players[0].coins
    assert len(island["turns"]) == statistics["turn_count"] + 1


def test_timeline_rows_have_signed_nets(client, computed):
    game, _ = computed
    html = client.get(reverse("stats:game", args=[game.code])).content.decode()
    result = GameStatistics.objects.get(game=game).result
    nets = [t["net"][0] for t in result["turns"]]
    if any(n > 0 for n in nets):
        assert '<td class="gain">+' in html
    if any(n < 0 for n in nets):
        assert '<td class="loss">\u2212' in html
    if any(n == 0 for n in nets):
        assert '<td class="even">=0</td>' in html


def test_panel_reports_progress_with_202_and_offers_no_retry_yet(client):
    game, _ = play_finished_game(seed=67)
    services.game_finished(game)  # pending; the on-commit task never runs inside this test's transaction
    response = client.get(reverse("stats:game-panel", args=[game.code]))
    assert response.status_code == 202
    html = response.content.decode()
    assert 'data-stats-state="pending"' in html and 'role="status"' in html and "<progress" in html
    assert "stats-retry" not in html


def test_failed_panel_offers_retry_which_recomputes(client, django_capture_on_commit_callbacks):
    game, _ = play_finished_game(seed=68)
    GameStatistics.objects.create(game=game, status=GameStatistics.Status.FAILED, error="ValueError: x")
    page = reverse("stats:game", args=[game.code])
    html = client.get(page).content.decode()
    assert 'role="alert"' in html and "ValueError: x" in html and "Try again" in html
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("stats:game-retry", args=[game.code]), {"next": page})
    assert response.status_code == 302 and response["Location"] == page
    assert GameStatistics.objects.get(game=game).status == "done"


def test_retry_ignores_foreign_next_and_done_statistics(client, computed):
    game, _ = computed
    response = client.post(reverse("stats:game-retry", args=[game.code]), {"next": "https://evil.example/"})
    assert response["Location"] == reverse("stats:game", args=[game.code])
    assert GameStatistics.objects.get(game=game).attempts == 1


def test_unfinished_game_page_says_when_statistics_come(client):
    game, _ = play_finished_game(seed=69, finish=False)
    html = client.get(reverse("stats:game", args=[game.code])).content.decode()
    assert "appear here when the game is over" in html


def test_panel_template_tag_for_the_game_page(rf, computed):
    game, _ = computed
    request = rf.get("/games/x/")
    html = Template("{% load stats_tags %}{% game_statistics_panel game %}").render(
        Context({"game": game, "request": request}))
    assert f'data-stats-panel="/stats/games/{game.code}/panel/"' in html and "Coins after each turn" in html


def test_panel_retry_on_the_game_page_comes_back_to_it(rf):
    game, _ = play_finished_game(seed=70)
    GameStatistics.objects.create(game=game, status=GameStatistics.Status.FAILED, error="x")
    html = Template("{% load stats_tags %}{% game_statistics_panel game %}").render(
        Context({"game": game, "request": rf.get(f"/games/{game.code}/")}))
    assert f'name="next" value="/games/{game.code}/"' in html
    assert f'action="/stats/games/{game.code}/retry/"' in html


def test_site_page_refreshes_in_eager_mode_and_shows_fairness(client):
    for seed in (91, 92):
        services.compute_and_store(play_finished_game(seed=seed, players=3)[0].pk)
    response = client.get(reverse("stats:site"))
    html = response.content.decode()
    assert "2 games counted (2 won, 0 stopped without a winner)" in html
    assert "First player wins" in html and "Win rate by card bought" in html
    assert "Chi-square test against a fair die: <strong>p = " in html
    assert "Average game length by extension mix" in html and "<th scope=\"row\">base</th>" in html


def test_the_game_page_shows_the_statistics_under_the_final_table(client, computed):
    game, _ = computed
    html = client.get(reverse("games:game", args=[game.code])).content.decode()
    after = html[html.index('id="after"'):]
    assert 'data-stats-state="done"' in after and "data-stats-island" in after
    assert reverse("stats:game-panel", args=[game.code]) in after


def test_the_game_page_shows_progress_while_the_statistics_are_computed(client):
    game, _ = play_finished_game(seed=64)
    GameStatistics.objects.create(game=game, status=GameStatistics.Status.RUNNING)
    html = client.get(reverse("games:game", args=[game.code])).content.decode()
    assert 'data-stats-state="running"' in html and "Computing the statistics" in html
