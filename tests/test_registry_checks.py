"""The game registry's system checks (config/checks.py) report each kind of broken declaration, and none for
the site's own games."""
import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import override_settings

from config import checks, registry
from config.games import GAMES

HERE = __name__

DUPLICATE = registry.Game(slug="machikoro", name="Another Machi Koro")
MISSING_RULESET = registry.Game(slug="ghost", name="Ghost", ruleset="games.nowhere.GHOST")
STATISTICS_WITHOUT_RULESET = registry.Game(slug="numbers", name="Numbers",
                                           statistics="stats.kinds.GameStatisticsKind")
UNKNOWN_TASK = registry.Game(slug="tasked", name="Tasked", tasks=("games.tasks.no_such_task",))
HALF_ENGINE = registry.Game(slug="half", name="Half", engine="games.common.rng")
NO_CARD_GAME = registry.Game(slug="loose", name="Loose", loader="cards.loading.load_official_cards")


class _MissingBoard:
    """A ruleset-like object whose board script is not a static file."""

    slug = "boardless"
    board_script = "js/boards/no-such-board.js"
    board_parts = ()
    form_script = ""


MISSING_BOARD = registry.Game(slug="boardless", name="Boardless", ruleset=f"{HERE}.BOARDLESS_RULESET")
BOARDLESS_RULESET = _MissingBoard()
class _UndocumentedProtocol:
    docs = "docs/somewhere.md"   # a repository path, not a guide the site serves


UNDOCUMENTED_PROTOCOL = _UndocumentedProtocol()
UNDOCUMENTED_RPC = registry.Game(slug="quiet", name="Quiet", ruleset="games.aquarius.ruleset.AQUARIUS",
                                 rpc=f"{HERE}.UNDOCUMENTED_PROTOCOL")
WRONG_SLUG = registry.Game(slug="renamed", name="Renamed", ruleset=f"{HERE}.BOARDLESS_RULESET")


def errors_with(*names):
    with override_settings(GAMES_EXTRA=[f"{HERE}.{name}" for name in names]):
        return [(e.id, e.msg) for e in checks.check_declarations() + checks.check_beat_schedule()]


def test_the_sites_games_pass_every_check():
    assert errors_with() == []
    assert {game.slug for game in GAMES} >= {"machikoro", "aquarius", "lorenzo", "valeria", "progress"}


@pytest.mark.parametrize("name, code, words", [
    ("DUPLICATE", "games.E003", "two games are declared with the slug 'machikoro'"),
    ("MISSING_RULESET", "games.E004", "its ruleset 'games.nowhere.GHOST' cannot be imported"),
    ("STATISTICS_WITHOUT_RULESET", "games.E005", "declares statistics but no ruleset"),
    ("UNKNOWN_TASK", "games.E009", "no Celery task 'games.tasks.no_such_task'"),
    ("NO_CARD_GAME", "games.E006", "names no card_game"),
    ("MISSING_BOARD", "games.E008", "'js/boards/no-such-board.js' does not exist"),
    ("WRONG_SLUG", "games.E007", "its ruleset's slug is 'boardless'"),
    ("UNDOCUMENTED_RPC", "games.E011", "its RPC protocol's guide 'docs/somewhere.md' is not one of the site's"),
    ("HALF_ENGINE", "games.E010", "lacks apply, apply_in_place, may_act, final_ranking, check_options, card_problems"),
])
def test_a_broken_declaration_is_reported(name, code, words):
    found = errors_with(name)
    assert any(found_code == code and words in message for found_code, message in found), found


def test_a_beat_task_that_does_not_exist_is_reported():
    with override_settings(CELERY_BEAT_SCHEDULE={"x": {"task": "games.tasks.gone", "schedule": 5}}):
        assert [e.id for e in checks.check_beat_schedule()] == ["games.E009"]


def test_manage_py_check_fails_on_a_broken_declaration():
    with override_settings(GAMES_EXTRA=[f"{HERE}.MISSING_RULESET"]), pytest.raises(SystemCheckError, match="games.E004"):
        call_command("check")


def test_a_declaration_that_cannot_be_imported_stops_the_site_with_the_setting_named():
    registry_state = dict(registry._GAMES), list(registry._LOADED)
    registry._GAMES.clear(), registry._LOADED.clear()
    try:
        with override_settings(GAMES_EXTRA=["games.nowhere.GAME"]), \
                pytest.raises(ImproperlyConfigured, match="GAMES or GAMES_EXTRA names 'games.nowhere.GAME'"):
            registry.all_games()
    finally:
        registry._GAMES.clear(), registry._LOADED.clear()
        registry._GAMES.update(registry_state[0]), registry._LOADED.extend(registry_state[1])
    assert registry.get_game("machikoro").ruleset_object.slug == "machikoro"
