"""Computing and storing a stored game's statistics, the end-of-game hook, and the site totals."""
import pytest
from django.db import transaction

from games.models import GameEvent
from stats import services
from stats.models import GameStatistics, PlayerResult, SiteStatistics

from stats.tests.factories import play_finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user("ann", password="pw-ann-123")


def test_compute_and_store(ann):
    game, final = play_finished_game(seed=11, players=3, users=[ann], extensions=("base", "harbor"))
    statistics = services.compute_and_store(game.pk)

    assert statistics.status == GameStatistics.Status.DONE and statistics.error == ""
    assert statistics.attempts == 1 and statistics.computed_at is not None
    result = statistics.result
    assert result["turns"][-1]["coins"] == [p.coins for p in final.players]
    assert result["winner"] == final.winner and result["turn_count"] == final.turn
    assert result["game"]["code"] == game.code and result["game"]["mix"] == "base+harbor"
    assert result["game"]["duration_seconds"] == 25 * 60
    assert result["players"][0]["name"] == "ann"
    assert result["cards"]["wheat-field"] == {"name": "Wheat Field", "name_fr": "Champ de blé", "colour": "blue",
                                             "kind": "establishment"}

    rows = list(PlayerResult.objects.filter(game=game).order_by("seat"))
    assert [(r.seat, r.user_id, r.won) for r in rows] == [(s, ann.pk if s == 0 else None, s == final.winner)
                                                            for s in range(3)]
    assert rows[1].bot_kind == "greedy" and rows[0].turns == final.turn and rows[0].extensions == "base+harbor"
    assert rows[0].bought == result["players"][0]["bought"]


def test_running_twice_gives_the_same_result():
    game, _ = play_finished_game(seed=12)
    first = services.compute_and_store(game.pk)
    stored = (first.result, first.site_contribution)
    second = services.compute_and_store(game.pk)
    assert (second.result, second.site_contribution) == stored
    assert second.attempts == 2
    assert PlayerResult.objects.filter(game=game).count() == 3


def test_a_log_that_disagrees_with_the_final_state_fails_and_is_kept_for_retry():
    game, _ = play_finished_game(seed=13)
    last = GameEvent.objects.filter(game=game).order_by("-seq").first()
    GameEvent.objects.filter(pk=last.pk).update(events=[])  # the game's last action goes missing
    statistics = services.compute_and_store(game.pk)
    assert statistics.status == GameStatistics.Status.FAILED
    assert "EventLogError" in statistics.error
    assert statistics.result is None and not PlayerResult.objects.filter(game=game).exists()


def test_unfinished_game_fails_with_a_reason():
    game, _ = play_finished_game(seed=14, finish=False)
    statistics = services.compute_and_store(game.pk)
    assert statistics.status == GameStatistics.Status.FAILED and "not finished" in statistics.error


def test_missing_game_is_ignored():
    assert services.compute_and_store(999_999) is None
    assert not GameStatistics.objects.exists()


def test_game_finished_queues_after_commit(django_capture_on_commit_callbacks):
    game, _ = play_finished_game(seed=15)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        with transaction.atomic():
            services.game_finished(game)
            assert GameStatistics.objects.get(game=game).status == GameStatistics.Status.PENDING
    assert len(callbacks) == 1
    callbacks[0]()  # the commit happens: eager Celery runs the task here
    assert GameStatistics.objects.get(game=game).status == GameStatistics.Status.DONE


def test_game_finished_ignores_other_rulesets():
    game, _ = play_finished_game(seed=16)
    game.ruleset = "counting"
    assert services.game_finished(game) is None
    assert not GameStatistics.objects.exists()


def test_request_statistics_refuses_unfinished_games():
    game, _ = play_finished_game(seed=17, finish=False)
    with pytest.raises(services.StatisticsUnavailable):
        services.request_statistics(game)
    assert not GameStatistics.objects.exists()


def site():
    return SiteStatistics.objects.get(pk=SiteStatistics.SINGLETON)


def mk_totals():
    """Machi Koro's part of the site totals (each game's statistics keep their own)."""
    return site().totals.get("machikoro", {})


def test_site_refresh_adds_only_new_games(django_assert_max_num_queries):
    games = [play_finished_game(seed=20 + i, players=2 + i % 3)[0] for i in range(4)]
    for game in games[:3]:
        services.compute_and_store(game.pk)
    assert services.refresh_site_statistics() == 3
    assert set(site().totals) == {"machikoro"}
    totals = mk_totals()
    assert site().games == 3 and totals["games"] == 3
    assert totals["turns"] == sum(GameStatistics.objects.get(game=g).result["turn_count"] for g in games[:3])

    assert services.refresh_site_statistics() == 0
    assert mk_totals() == totals

    services.compute_and_store(games[3].pk)
    with django_assert_max_num_queries(12):
        assert services.refresh_site_statistics() == 1
    assert site().games == 4 and mk_totals()["games"] == 4


def test_recomputing_an_aggregated_game_replaces_its_contribution():
    game, _ = play_finished_game(seed=30)
    services.compute_and_store(game.pk)
    services.refresh_site_statistics()
    before = mk_totals()

    services.compute_and_store(game.pk)             # same numbers: nothing to take out
    assert GameStatistics.objects.get(game=game).aggregated is True and mk_totals() == before

    statistics = GameStatistics.objects.get(game=game)
    old = statistics.site_contribution["machikoro"]
    statistics.site_contribution = {"machikoro": {**old, "turns": 1}}  # as if made by an older version
    statistics.save()
    services.compute_and_store(game.pk)
    assert GameStatistics.objects.get(game=game).aggregated is False
    assert site().games == 0 and mk_totals().get("turns", 0) == before["turns"] - 1
    services.refresh_site_statistics()
    assert site().games == 1 and mk_totals()["turns"] == 2 * before["turns"] - 1


def test_rebuild_site_statistics_starts_from_zero():
    for seed in (40, 41):
        services.compute_and_store(play_finished_game(seed=seed)[0].pk)
    services.refresh_site_statistics()
    expected = site().totals
    SiteStatistics.objects.filter(pk=SiteStatistics.SINGLETON).update(totals={"games": 99}, games=99)
    assert services.rebuild_site_statistics() == 2
    assert site().totals == expected and site().games == 2


def test_refresh_requeues_missing_and_stalled_statistics(django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    missing, _ = play_finished_game(seed=50)
    stalled, _ = play_finished_game(seed=51)
    GameStatistics.objects.create(game=stalled, status=GameStatistics.Status.PENDING,
                                  queued_at=timezone.now() - timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):
        services.refresh_site_statistics()  # eager: the re-queued computations run on commit
    assert set(GameStatistics.objects.values_list("game_id", "status")) == {
        (missing.pk, "done"), (stalled.pk, "done")}


def test_a_game_lost_by_time_has_the_platforms_winner(ann):
    """Turn-based games: the platform ended the game (a player's time ran out), whatever the engine's state says."""
    game, final = play_finished_game(seed=11, players=2, users=[ann])
    loser_by_rules = 1 - final.winner
    game.result = {"winners": [loser_by_rules], "forfeited": [final.winner], "by_time": True,
                   "table": [{"seat": loser_by_rules, "rank": 1}, {"seat": final.winner, "rank": 2}]}
    game.save(update_fields=["result"])

    result = services.compute_and_store(game.pk).result

    assert result["winner"] == loser_by_rules and result["finished"] and result["by_time"]
    assert [p["winner"] for p in sorted(result["players"], key=lambda p: p["seat"])] == \
        [seat == loser_by_rules for seat in range(2)]
    assert result["forfeited"] == [final.winner]
    won = dict(PlayerResult.objects.filter(game=game).values_list("seat", "won"))
    assert won == {loser_by_rules: True, final.winner: False}


def test_a_game_ended_by_its_rules_keeps_the_engines_winner(ann):
    game, final = play_finished_game(seed=11, players=2, users=[ann])
    game.result = {"winners": [final.winner], "table": []}
    game.save(update_fields=["result"])
    result = services.compute_and_store(game.pk).result
    assert result["winner"] == final.winner and "by_time" not in result
