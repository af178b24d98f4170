"""Statistics are filed per game: the registry of statistics kinds, and moving the old totals under Machi Koro."""
import importlib

import pytest
from django.apps import apps

from stats.kinds import kind_for, supported_slugs
from stats.models import GameStatistics, SiteStatistics

from stats.tests.factories import play_finished_game

pytestmark = pytest.mark.django_db


def test_each_ruleset_finds_its_statistics_kind_and_others_have_none():
    assert {"machikoro", "aquarius"} <= supported_slugs()
    assert kind_for("machikoro").game_template and kind_for("aquarius").site_template
    assert kind_for("counting") is None


def test_migration_files_machi_koro_counters_under_its_slug():
    migration = importlib.import_module("stats.migrations.0002_statistics_per_game")
    game, _ = play_finished_game(seed=3)
    legacy = {"games": 1, "turns": 12, "by_players": {"2": {"games": 1}}}
    GameStatistics.objects.create(game=game, status="done", site_contribution=legacy)
    SiteStatistics.objects.create(pk=SiteStatistics.SINGLETON, totals={"games": 4, "turns": 40}, games=4)
    migration.forwards(apps, None)
    assert GameStatistics.objects.get(game=game).site_contribution == {"machikoro": legacy}
    assert SiteStatistics.objects.get().totals == {"machikoro": {"games": 4, "turns": 40}}
    migration.forwards(apps, None)  # already per game: unchanged
    assert SiteStatistics.objects.get().totals == {"machikoro": {"games": 4, "turns": 40}}
    migration.backwards(apps, None)
    assert GameStatistics.objects.get(game=game).site_contribution == legacy
    assert SiteStatistics.objects.get().totals == {"games": 4, "turns": 40}
