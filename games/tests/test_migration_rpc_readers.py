"""games 0004: games in progress when Game.rpc_readers comes keep publishing RPC notifications (a program's
socket may have been open since before); finished games and new ones start unread."""
import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("games", "0003_programs_api_tokens_suspension")
AFTER = ("games", "0004_games_read_by_programs")


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def test_games_in_progress_are_marked_read_and_the_others_are_not():
    old_apps = migrate(BEFORE)
    Game = old_apps.get_model("games", "Game")
    codes = {status: Game.objects.create(code=f"m4{status[:6]}", ruleset="machikoro", status=status,
                                             min_players=2, max_players=4).code
             for status in ("lobby", "playing", "finished", "abandoned")}
    try:
        new_apps = migrate(AFTER)
        Game = new_apps.get_model("games", "Game")
        marked = dict(Game.objects.filter(code__in=codes.values()).values_list("code", "rpc_readers"))
        assert marked == {codes["lobby"]: True, codes["playing"]: True, codes["finished"]: False,
                          codes["abandoned"]: False}
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
