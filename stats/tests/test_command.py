"""manage.py recompute_stats."""
import pytest
from django.core.management import CommandError, call_command

from stats.models import GameStatistics, SiteStatistics

from stats.tests.factories import play_finished_game

pytestmark = pytest.mark.django_db


def test_recompute_named_games_by_id_and_code(capsys):
    first, _ = play_finished_game(seed=301)
    second, _ = play_finished_game(seed=302)
    call_command("recompute_stats", str(first.pk), second.code)
    assert set(GameStatistics.objects.values_list("status", flat=True)) == {"done"}
    assert "2 done" in capsys.readouterr().out
    assert SiteStatistics.objects.get().games == 2  # the totals are refreshed afterwards


def test_recompute_all_rebuilds_a_failed_game_and_skips_unfinished_ones():
    done, _ = play_finished_game(seed=303)
    GameStatistics.objects.create(game=done, status=GameStatistics.Status.FAILED, error="old")
    unfinished, _ = play_finished_game(seed=304, finish=False)
    call_command("recompute_stats", "--all")
    statistics = GameStatistics.objects.get(game=done)
    assert statistics.status == "done" and statistics.error == ""
    assert not GameStatistics.objects.filter(game=unfinished).exists()


def test_site_rebuild(capsys):
    game, _ = play_finished_game(seed=305)
    call_command("recompute_stats", str(game.pk))
    SiteStatistics.objects.update(totals={}, games=0)
    call_command("recompute_stats", "--site")
    assert "site totals rebuilt from 1 games" in capsys.readouterr().out
    assert SiteStatistics.objects.get().totals["machikoro"]["games"] == 1


def test_queue_sends_tasks(django_capture_on_commit_callbacks):
    game, _ = play_finished_game(seed=306)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("recompute_stats", game.code, "--queue")
    assert GameStatistics.objects.get(game=game).status == "done"  # eager Celery ran the queued task


@pytest.mark.parametrize("args, message", [((), "Name games"), (("nope",), "No game with id or code 'nope'")])
def test_bad_arguments(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("recompute_stats", *args)
