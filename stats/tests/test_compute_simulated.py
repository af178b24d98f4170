"""compute_statistics on games the engine's bots play: its numbers agree with the engine's own state."""
import json

import pytest

from games.machikoro import engine
from games.machikoro.engine.state import OVER
from stats.machikoro.compute import compute_statistics

ALL = ("base", "harbor", "millionaires-row", "five-six", "promo")


@pytest.fixture(scope="module")
def card_set():
    return engine.load_card_set()


def play(card_set, seed, players, bot, extensions, max_turns=None):
    """(initial state JSON, event dicts as stored, final state) of one bot game."""
    state = engine.new_game(card_set, engine.GameOptions(extensions=extensions, max_turns=max_turns), seed, players)
    initial = state.to_json()
    bots = [engine.make_bot(bot, seed * 10 + seat) for seat in range(players)]
    events = []
    while state.phase != OVER:
        action = bots[state.active].choose(state, engine.legal_actions(state))
        events.extend(e.to_json() for e in engine.apply_in_place(state, action))
    return initial, json.loads(json.dumps(events)), state


@pytest.mark.parametrize("seed, players, bot, extensions", [
    (1, 2, "random", ("base",)),
    (2, 4, "greedy", ("base",)),
    (3, 3, "income", ("base", "harbor")),
    (4, 5, "random", ALL),
    (5, 6, "greedy", ALL),
    (6, 4, "random", ("base", "millionaires-row")),
])
def test_statistics_follow_the_engine(card_set, seed, players, bot, extensions):
    initial, events, final = play(card_set, seed, players, bot, extensions)
    players = initial["players"]
    stats = compute_statistics(events, [p["coins"] for p in players], [p["name"] for p in players])

    assert stats["turns"][-1]["coins"] == [p.coins for p in final.players]
    assert [p["final_coins"] for p in stats["players"]] == [p.coins for p in final.players]
    assert [p["invested"] for p in stats["players"]] == [sum(p.invested.values()) for p in final.players]
    assert stats["first_player"] == initial["first_player"]
    assert (stats["winner"], stats["turn_count"], stats["finished"]) == (final.winner, final.turn, True)
    assert [t["turn"] for t in stats["turns"]] == list(range(1, final.turn + 1))
    assert sum(p["turns"] for p in stats["players"]) == final.turn

    # Every landmark the winner holds was built (and not lost since) in some highlighted turn.
    winner = stats["players"][final.winner]
    held = final.players[final.winner].built
    built = sum(1 for landmark in final.card_set.landmarks if held[landmark.index] and not landmark.starts_built)
    assert winner["landmarks_built"] - winner["landmarks_lost"] == built

    throws = sum(1 for e in events if e["type"] == "dice_rolled")
    assert sum(sum(counts.values()) for counts in stats["dice"]["throws"].values()) == throws
    faces = sum(len(e["dice"]) for e in events if e["type"] == "dice_rolled")
    assert sum(stats["dice"]["faces"].values()) == faces
    for player in stats["players"]:
        seat = player["seat"]
        assert player["starting_coins"] + player["gained"] - player["paid"] - player["spent"] == player["final_coins"]
        assert sum(stats["income_by_card"][seat].values()) == player["gained"]
        owned_at_start = sum(initial["players"][seat]["cards"].values())
        owned_at_end = sum(final.players[seat].cards)
        assert owned_at_start + sum(player["bought"].values()) == owned_at_end + _given_away(events, seat)


def _given_away(events, seat):
    """Establishments that changed hands or went back to the market (Moving Company, trades, Exhibit Hall)."""
    net = 0
    for e in events:
        if e["type"] == "card_given":
            net += (e["giver"] == seat) - (e["receiver"] == seat)
        elif e["type"] == "card_returned" and e["player"] == seat:
            net += 1
    return net


def test_turn_limit_game_has_no_winner(card_set):
    initial, events, final = play(card_set, 7, 3, "random", ("base",), max_turns=12)
    stats = compute_statistics(events, [p["coins"] for p in initial["players"]])
    assert (stats["winner"], stats["end_reason"], stats["turn_count"]) == (None, "turn limit", 12)
    assert stats["turns"][-1]["coins"] == [p.coins for p in final.players]
