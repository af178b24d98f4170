"""The Machi Koro client's parts that need no server: the table it rebuilds, its policies, the generic command's
address and game lookup."""
import pytest

from games.clients.play import NoClient, client_for
from games.machikoro import client as machikoro_client
from games.machikoro.client import GreedyPolicy, RandomPolicy, TableView, make_policy
from games.management.commands.rpc_client import game_address


def note(method, *params):
    return {"jsonrpc": "2.0", "method": method, "params": list(params)}


CARDS = [{"slug": "wheat-field", "name": "Wheat Field", "cost": 1, "colour": "blue", "icon": "wheat",
          "activation": [1, 1], "major": False, "effect": "c 1"},
         {"slug": "mine", "name": "Mine", "cost": 6, "colour": "blue", "icon": "gear", "activation": [9, 9],
          "major": False, "effect": "c 5"},
         {"slug": "cafe", "name": "Cafe", "cost": 2, "colour": "red", "icon": "cup", "activation": [3, 3],
          "major": False, "effect": "take c 1 from roller"}]
LANDMARKS = [{"slug": "train-station", "name": "Train Station", "cost": 4, "counts_toward_win": True, "effect": ""},
             {"slug": "radio-tower", "name": "Radio Tower", "cost": 22, "counts_toward_win": True, "effect": ""}]


def dealt_view():
    view = TableView()
    holdings = {"coins": 3, "cards": {"wheat-field": 1}, "closed": {}, "landmarks": [], "invested": {}}
    for n in (note("volity.receive_state", {"state": "active", "game": "x", "ruleset": "machikoro", "seat": "seat1"}),
              note("game.cards", CARDS, LANDMARKS), note("game.holdings", "seat1", holdings),
              note("game.holdings", "seat2", holdings), note("game.market", {"mine": 6, "cafe": 6}, 0),
              note("game.turn_state", "seat1", 1, [], 0), note("volity.state_sent")):
        view.apply(n)
    return view


def test_the_table_is_rebuilt_from_notifications_alone():
    view = dealt_view()
    for n in (note("game.dice_rolled", "seat1", [1], "roll"),
              note("game.payment", "bank", "seat1", 1, 1, "wheat-field"),
              note("game.payment", "seat1", "seat2", 2, 2, "cafe"), note("game.bought", "seat1", "cafe", 2),
              note("game.built", "seat2", "train-station", 4), note("game.cards_closed", "seat1", "cafe", 1),
              note("game.card_given", "seat1", "seat2", "cafe", True), note("game.turn_started", "seat2", 2, False)):
        view.apply(n)
    assert view.holdings["seat1"] == {"coins": 0, "cards": {"wheat-field": 1}, "closed": {}, "landmarks": [],
                                      "invested": {}}
    assert view.holdings["seat2"]["cards"] == {"wheat-field": 1, "cafe": 1} and view.holdings["seat2"]["closed"] == {
        "cafe": 1}
    assert view.holdings["seat2"]["coins"] == 1 and view.holdings["seat2"]["landmarks"] == ["train-station"]
    assert view.market == {"mine": 6, "cafe": 5} and (view.active, view.turn, view.dice) == ("seat2", 2, [])


def test_greedy_builds_a_landmark_first_then_the_dearest_card_and_random_picks_an_offered_call():
    view = dealt_view()
    build = [["game.pass"], ["game.buy", "cafe"], ["game.buy", "mine"], ["game.build", "train-station"]]
    view.apply(note("game.your_move", {"phase": "build", "card": None, "verb": None}, build))
    assert GreedyPolicy(1).choose(view) == ["game.build", "train-station"]
    view.apply(note("game.your_move", {"phase": "build", "card": None, "verb": None}, build[:3]))
    assert GreedyPolicy(1).choose(view) == ["game.buy", "mine"]
    rolls = [["game.roll", 1], ["game.roll", 2]]
    view.apply(note("game.your_move", {"phase": "roll", "card": None, "verb": None}, rolls))
    assert GreedyPolicy(1).choose(view) == ["game.roll", 1]  # nothing of its own activates on 7 or more
    view.holdings["seat1"]["cards"]["mine"] = 1
    assert GreedyPolicy(1).choose(view) == ["game.roll", 2]
    view.apply(note("game.your_move", {"phase": "choose", "card": "tv-station", "verb": "chosen_opponent"},
                    [["game.choose_opponent", "seat2"], ["game.choose_opponent", "seat3"]]))
    view.holdings["seat3"] = {**view.holdings["seat2"], "coins": 9}
    assert GreedyPolicy(1).choose(view) == ["game.choose_opponent", "seat3"]
    for _ in range(10):
        assert RandomPolicy(2).choose(view) in view.options
    with pytest.raises(ValueError):
        make_policy("clever")


def test_the_command_takes_an_address_or_a_code_and_knows_each_games_client():
    assert game_address("x7c77tqve2", "http://example.org:8000/") == "http://example.org:8000/games/x7c77tqve2/"
    assert game_address("https://example.org/games/x7c77tqve2/", "http://h") == "https://example.org/games/x7c77tqve2/"
    assert client_for("machikoro") is machikoro_client
    with pytest.raises(NoClient):
        client_for("lorenzo")
    with pytest.raises(NoClient):
        client_for("nonesuch")
