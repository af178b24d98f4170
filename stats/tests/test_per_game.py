"""Statistics are filed per game: each ruleset finds its statistics kind through the registry."""
import pytest

from stats.kinds import kind_for, supported_slugs

pytestmark = pytest.mark.django_db


def test_each_ruleset_finds_its_statistics_kind_and_others_have_none():
    assert {"machikoro", "aquarius"} <= supported_slugs()
    assert kind_for("machikoro").game_template and kind_for("aquarius").site_template
    assert kind_for("counting") is None
