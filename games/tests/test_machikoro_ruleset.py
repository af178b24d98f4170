"""Machi Koro through the platform: options, a frozen card set, bots to the end, replay, readable log."""
import pytest

from games import services
from games.errors import IllegalAction, InvalidSettings
from games.models import Game, GameEvent
from games.rulesets import get_ruleset
from games.selectors.replay import game_record, replay

from games.tests.helpers import join_and_ready, seat_to_act


def machikoro_lobby(host, extensions=(), market_rule=False, stacks=None, min_players=2, max_players=4):
    return services.create_game(
        host=host, ruleset_slug="machikoro", public=True, min_players=min_players, max_players=max_players,
        turn_seconds=0, options={"extensions": list(extensions), "market_rule": market_rule, "stacks": stacks},
    )


def test_options_follow_the_engine(official_cards, ann):
    ruleset = get_ruleset("machikoro")
    options = ruleset.clean_options({"extensions": ["harbor"], "market_rule": True, "stacks": 12})
    assert options["extensions"] == ["base", "harbor"] and options["market"] == 12
    assert ruleset.player_limits(options) == (2, 5)
    assert ruleset.player_limits(ruleset.clean_options({"extensions": ["five-six"]}))[1] == 6
    assert ruleset.describe_options(options) == ["Base game + Harbor", "Market: 12 stacks"]


@pytest.mark.parametrize("kwargs, field, words", [
    ({"max_players": 5}, "max_players", "Harbor"),
    ({"extensions": ["harbor"], "max_players": 6}, "max_players", "5–6"),
    ({"market_rule": True, "stacks": 9}, "__all__", "10 to 15"),
    ({"market_rule": True}, "stacks", "10 to 15"),
])
def test_impossible_combinations_are_explained(official_cards, ann, kwargs, field, words):
    with pytest.raises(InvalidSettings) as caught:
        machikoro_lobby(ann, **kwargs)
    assert words in " ".join(caught.value.errors[field])


def test_the_card_set_is_frozen_when_the_game_starts(official_cards, ann):
    from cards.machikoro.models import Establishment

    game = machikoro_lobby(ann, extensions=["harbor"])
    services.add_bot(game_id=game.pk, identity=ann, kind="greedy")
    Establishment.objects.filter(slug="ranch").update(cost=3)  # a designer edits a card before the start
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    game = Game.objects.get(pk=game.pk)
    frozen = {c["slug"]: c for c in game.rules["cards"]["establishments"]}
    assert frozen["ranch"]["cost"] == 3 and {c["extension"] for c in frozen.values()} == {"base", "harbor"}
    Establishment.objects.filter(slug="ranch").update(cost=1)  # later edits do not reach a running game
    game.refresh_from_db()
    assert {c["slug"]: c for c in game.rules["cards"]["establishments"]}["ranch"]["cost"] == 3


def test_the_search_bot_is_the_strongest_kind_a_host_can_seat(official_cards, ann):
    ruleset = get_ruleset("machikoro")
    assert ruleset.bot_kinds[:3] == ("random", "greedy", "income") and ruleset.bot_kinds[-1] == "search"
    game = machikoro_lobby(ann, max_players=2)
    services.add_bot(game_id=game.pk, identity=ann, kind="search")
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.leave(game_id=game.pk, identity=ann)  # the autopilot (income) against the search bot, to the end
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED and game.result["table"][0]["score"] == 4
    assert replay(game)["steps"][-1]["view"]["winner"] == game.result["winners"][0]


def test_a_game_against_bots_is_played_to_the_end_and_replays(official_cards, ann):
    game = machikoro_lobby(ann, max_players=4)
    for kind in ("random", "greedy", "income"):
        services.add_bot(game_id=game.pk, identity=ann, kind=kind)
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.leave(game_id=game.pk, identity=ann)  # the autopilot plays ann's seat: bots only, to the end
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    winner = game.result["winners"][0]
    assert game.result["table"][0]["seat"] == winner and game.result["table"][0]["score"] == 4
    assert GameEvent.objects.filter(game=game).count() == game.event_seq > 20
    steps = replay(game)["steps"]
    assert len(steps) == game.event_seq + 1 and steps[-1]["view"]["winner"] == winner
    assert any("wins" in line for line in steps[-1]["lines"])
    record = game_record(game)
    assert record["rules"]["cards"]["format"] == "machi-koro-cards" and len(record["events"]) == game.event_seq


def test_a_human_turn_with_readable_log_and_refusals(official_cards, ann, bob, broadcasts):
    game = join_and_ready(machikoro_lobby(ann), ann, bob)
    player = seat_to_act(game, ann, bob)
    with pytest.raises(IllegalAction) as caught:
        services.play_action(game_id=game.pk, identity=player, expected_seq=0, action={"type": "buy", "card": "mine"})
    assert "Buy Mine (6)" in caught.value.message
    with pytest.raises(IllegalAction) as caught:
        services.play_action(game_id=game.pk, identity=player, expected_seq=0, action={"type": "fly"})
    assert caught.value.code == "unknown_action"
    broadcasts.clear()
    from games.machikoro.ruleset import CARD_SETS

    CARD_SETS._sets.clear()  # as in a fresh server process: the frozen card set is read from the game
    services.play_action(game_id=game.pk, identity=player, expected_seq=0, action={"type": "roll", "dice": 1})
    frames = broadcasts[0][1]
    lines = frames["public"]["entry"]["lines"]
    assert lines[0].startswith(f"{player.name} rolls: ")
    assert frames["public"]["view"]["phase"] in ("build", "roll") and "rng" not in frames["public"]["view"]
    game = Game.objects.get(pk=game.pk)
    mine = frames["private"].get(player.key)
    if game.state["phase"] == "build":  # the roller's own frame lists what he may buy, with prices
        labels = [a["label"] for a in mine["actions"]]
        assert "Build nothing" in labels and "Buy Wheat Field (1)" in labels
        with pytest.raises(IllegalAction):
            services.play_action(game_id=game.pk, identity=player, expected_seq=1,
                                 action={"type": "build", "landmark": "radio-tower"})
