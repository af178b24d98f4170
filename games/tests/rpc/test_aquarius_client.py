"""The stand-alone client's parts that need no server: addresses, the table it rebuilds, its policies, errors."""
import pytest
from django.core.management import CommandError, call_command

from games.aquarius.engine import load_deck
from games.aquarius.client import GreedyPolicy, RandomPolicy, TableView, make_policy
from games.clients.rpc import socket_address


def note(method, *params):
    return {"jsonrpc": "2.0", "method": method, "params": list(params)}


def test_socket_address_from_the_game_page():
    assert socket_address("http://example.org:8000/games/abc234/", "7-f00") == (
        "ws://example.org:8000/ws/games/abc234/rpc/?token=7-f00", "http://example.org:8000")
    assert socket_address("https://example.org/games/abc234")[0] == "wss://example.org/ws/games/abc234/rpc/"
    assert socket_address("wss://example.org/ws/games/abc234/rpc/")[0] == "wss://example.org/ws/games/abc234/rpc/"
    for bad in ("example.org/games/abc234/", "ftp://example.org/games/x/", "http://example.org/cards/"):
        with pytest.raises(ValueError):
            socket_address(bad)


def dealt_view():
    view = TableView(load_deck())
    for n in (note("volity.start_game"), note("volity.player_sat", "bob", "seat1"),
              note("volity.player_sat", "ann", "seat2"), note("game.new_hand", ["w_a_2", "w_f_1", "act_w_1"]),
              note("game.hand_size", "seat1", 3), note("game.new_goal", "a"),
              note("game.place_card", "w_a_1", 0, 0, True), note("game.measures", 1, 0, 0, 0, 0),
              note("game.your_turn", "w_e_1", True)):
        view.apply(n)
    return view


def test_the_table_is_rebuilt_from_notifications_alone():
    view = dealt_view()
    assert view.my_seat() == "seat2" and view.others() == ["seat1"]
    assert view.hand == ["w_a_2", "w_f_1", "act_w_1", "w_e_1"] and view.goal == "a" and view.my_turn
    view.apply(note("game.knows_goal", "seat2", False))
    assert view.goal is None
    view.apply(note("game.remove_card", "w_a_1", 0, 0))
    assert len(view.board) == 0


def test_greedy_grows_its_goal_and_random_plays_only_legal_moves():
    view = dealt_view()
    best = GreedyPolicy(1).candidates(view)[0]
    assert best[0] == "game.play_card" and best[1][0] == "w_a_2"  # the only card joining the air group
    for method, params in RandomPolicy(2).candidates(view):
        if method == "game.play_card":
            card = view.deck.by_id[params[0]]
            assert view.board.fits(card, 0 if params[3] else 1, (params[1], params[2]))
        else:
            assert (method, params) == ("game.play_trade_goals", ["act_w_1", "seat1"])
    with pytest.raises(ValueError):
        make_policy("clever")


def test_the_command_explains_what_went_wrong():
    with pytest.raises(CommandError, match="not a game address"):
        call_command("aquarius_client", "nonsense", "--seat-token", "1-x")
    with pytest.raises(CommandError, match="Cannot reach the game"):
        call_command("aquarius_client", "http://127.0.0.1:8149/games/abc234/", "--seat-token", "1-x",
                     "--timeout", "3")


def test_a_card_outside_the_printed_deck_is_reported():
    from games.aquarius.client import UnknownCard

    view = TableView(load_deck())
    with pytest.raises(UnknownCard, match="variant deck"):
        view.apply(note("game.place_card", "w_x_9", 0, 0, True))
