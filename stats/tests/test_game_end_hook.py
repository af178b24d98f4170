"""End to end: a Machi Koro game played through the live-games services gets its statistics when it ends."""
import pytest

from games import services as games_services
from games.identity import Identity
from games.models import Game
from stats.models import GameStatistics, PlayerResult

from stats.tests.factories import frozen_rules


@pytest.fixture
def card_file(monkeypatch):
    """The ruleset freezes the cards of the card file (the card database is not loaded in these tests)."""
    from games.machikoro import engine

    monkeypatch.setattr("games.machikoro.ruleset.machikoro_document", engine.load_card_data)


def test_statistics_follow_the_commit_that_ends_a_game(transactional_db, django_user_model, card_file):
    user = django_user_model.objects.create_user("ann", password="pw-ann-123")
    ann = Identity(user_id=user.pk, name="ann")
    game = games_services.create_game(host=ann, ruleset_slug="machikoro", public=True, min_players=2, max_players=3,
                                      turn_seconds=0, options={"extensions": [], "market_rule": False})
    for kind in ("greedy", "random"):
        games_services.add_bot(game_id=game.pk, identity=ann, kind=kind)
    games_services.set_ready(game_id=game.pk, identity=ann, ready=True)
    games_services.leave(game_id=game.pk, identity=ann)  # a bot plays ann's seat: eager jobs play to the end

    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    assert game.rules["key"] == frozen_rules(["base"])["key"]
    statistics = GameStatistics.objects.get(game=game)
    assert statistics.status == GameStatistics.Status.DONE, statistics.error
    result = statistics.result
    assert result["turns"][-1]["coins"] == [p["coins"] for p in game.state["players"]]
    assert result["winner"] == game.result["winners"][0]
    assert [p["name"] for p in result["players"]] == game.table
    mine = PlayerResult.objects.get(game=game, user=user)
    assert mine.name == "ann" and mine.won == (result["winner"] == mine.seat)
