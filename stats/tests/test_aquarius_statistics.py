"""Aquarius' statistics: computed by the same jobs as Machi Koro's, through its statistics kind (stats.kinds)."""
import pytest
from django.urls import reverse

from games.models import GameEvent
from games.rulesets import get_ruleset
from stats import services
from stats.kinds import EventLogError
from stats.models import GameStatistics, PlayerResult, SiteStatistics

from stats.tests.aquarius_factories import play_finished_aquarius

pytestmark = pytest.mark.django_db

LETTERS = ("a", "e", "f", "w", "v")
NAMES = {"a": "air", "e": "earth", "f": "fire", "w": "water", "v": "void"}


def computed(game):
    statistics = services.compute_and_store(game.pk)
    assert statistics.status == GameStatistics.Status.DONE, statistics.error
    return statistics.result


@pytest.mark.parametrize("seed,players", [(1, 2), (7, 3), (12, 5)])
def test_timeline_follows_the_game_move_by_move(seed, players):
    game, final = play_finished_aquarius(seed=seed, players=players)
    result = computed(game)
    actions = [e.action for e in GameEvent.objects.filter(game=game).order_by("seq")]
    timeline = result["timeline"]
    assert result["turn_count"] == len(actions) == len(timeline["moves"]) - 1
    assert timeline["movers"][1:] == [e.seat for e in GameEvent.objects.filter(game=game).order_by("seq")]
    # The measures after the last move are the final position's; the start is one card's panels.
    final_measures = final.view(None)["measures"]
    assert {NAMES[k]: v[-1] for k, v in timeline["measures"].items()} == final_measures
    assert sum(v[0] for v in timeline["measures"].values()) == len(set(_start_card_panels(game)))
    # Each seat's goal group is the measure of the element it held at that moment.
    for seat in range(players):
        for i, goal in enumerate(timeline["goals"][seat]):
            assert timeline["goal_groups"][seat][i] == timeline["measures"][goal][i]
        assert timeline["goals"][seat][-1] == game.state["goals"][seat]
    assert result["winners"] == game.result["winners"]
    assert result["unseated_goals"] == game.state["goals"][players:] and len(game.state["goals"]) == 5
    counted = {kind: sum(1 for a in actions if a["type"] == kind) for kind in ("trade_goals", "shuffle_goals", "pass")}
    assert result["totals"]["goal_trades"] == counted["trade_goals"]
    assert result["totals"]["goal_shuffles"] == counted["shuffle_goals"]
    assert result["totals"]["passes"] == counted["pass"]
    first = get_ruleset("aquarius").start(game.rules, game.options, game.seed, list(game.table)).progress().to_act[0]
    assert result["first_player"] == first
    assert [p["order"] for p in result["players"]] == [(s - first) % players + 1 for s in range(players)]
    winners = set(result["winners"])
    for player in result["players"]:
        assert player["winner"] == (player["seat"] in winners)
        assert player["final_group"] == timeline["goal_groups"][player["seat"]][-1]
        assert player["best_group"] == max(timeline["goal_groups"][player["seat"]])
    rows = PlayerResult.objects.filter(game=game).order_by("seat")
    assert [(r.seat, r.won, r.order, r.players) for r in rows] == [
        (p["seat"], p["winner"], p["order"], players) for p in result["players"]]


def _start_card_panels(game):
    """The panels of the start card (the only card on the table before the first move)."""
    match = get_ruleset("aquarius").start(game.rules, game.options, game.seed, list(game.table))
    start = match.view(None)["board"]
    assert len(start) == 1
    return next(c for c in game.rules["cards"] if c["id"] == start[0]["card"])["panels"]


def test_looking_at_ones_goal_is_not_a_move_and_is_remembered():
    game, _ = play_finished_aquarius(seed=4, players=3, chicken=True, looks=[(0, 2), (3, 0)])
    result = computed(game)
    moves = GameEvent.objects.filter(game=game).exclude(action__type="see_goal").count()
    assert result["turn_count"] == moves and result["chicken"] is True
    looked = {p["seat"]: p["looked"] for p in result["players"]}
    lookers = set(GameEvent.objects.filter(game=game, action__type="see_goal").values_list("seat", flat=True))
    assert {0, 2} <= lookers and looked == {seat: seat in lookers for seat in range(3)}
    assert PlayerResult.objects.filter(game=game, extensions="Aqua-Chicken").count() == 3


def test_a_log_that_does_not_replay_fails_with_the_reason():
    game, _ = play_finished_aquarius(seed=2, players=2)
    event = GameEvent.objects.filter(game=game).order_by("seq").last()
    event.events = event.events[:-1]
    event.save()
    statistics = services.compute_and_store(game.pk)
    assert statistics.status == GameStatistics.Status.FAILED
    assert "does not replay" in statistics.error
    with pytest.raises(EventLogError):
        from stats.kinds import kind_for

        kind_for("aquarius").compute(game)


def test_site_totals_count_seats_first_players_and_goal_trades(client):
    games = [play_finished_aquarius(seed=30 + i, players=2 + i % 4)[0] for i in range(6)]
    results = [computed(g) for g in games]
    services.refresh_site_statistics()
    totals = SiteStatistics.objects.get().totals["aquarius"]
    won = [r for r in results if r["winners"]]
    assert totals["games"] == 6 and totals.get("won_games", 0) == len(won)
    assert totals.get("goal_trades", 0) == sum(r["totals"]["goal_trades"] for r in results)
    assert totals.get("games_with_goal_trade", 0) == sum(1 for r in results if r["totals"]["goal_trades"])
    first_wins = sum(1 for r in won if r["first_player"] in r["winners"])
    assert totals.get("first", {}).get("wins", 0) == first_wins
    for seats in {r["seats"] for r in won}:
        games_of_size = [r for r in won if r["seats"] == seats]
        entry = totals["by_seats"][str(seats)]
        assert entry["games"] == len(games_of_size)
        for seat in range(seats):
            wins = sum(1 for r in games_of_size if seat in r["winners"])
            assert entry["by_seat"][str(seat + 1)].get("wins", 0) == wins

    page = client.get(reverse("stats:site")).content.decode()
    assert 'id="stats-aquarius"' in page and 'id="stats-machikoro"' in page
    assert "Win rate by seat" in page and "Games with a goal trade" in page
    assert 'data-series="seats"' in page


def test_the_game_panel_draws_measures_and_goals_over_time(client):
    game, _ = play_finished_aquarius(seed=9, players=3)
    computed(game)
    page = client.get(reverse("stats:game", args=[game.code])).content.decode()
    assert 'data-series="measures"' in page and 'data-series="goals"' in page
    assert "Largest group per element" in page
    assert "Goals traded / shuffled" in page
    api = client.get(reverse("game-statistics-api", args=[game.pk])).json()
    assert api["status"] == "done" and api["statistics"]["timeline"]["measures"].keys() == set(LETTERS)
