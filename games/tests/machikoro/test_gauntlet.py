"""The gauntlet (engine/gauntlet.py): its schedule, its seating, and chunks that add up to the whole."""
from games.machikoro.engine.gauntlet import game_count, merge, pairings, play_chunk, seating
from games.tests.machikoro.helpers import BASE, official_cards

BOTS = ["cheese-factory", "bakery", "income"]
SETTINGS = {"players": 3, "extensions": list(BASE), "market": "all", "bots": BOTS,
            "gauntlet": {"players": [2, 3], "games_per_pairing": 6}}


def test_every_ordered_pair_of_different_bots_at_each_player_count():
    found = pairings(BOTS, [2, 3])
    assert len(found) == 12 and len(set(found)) == 12
    assert found[0] == (2, "cheese-factory", "bakery") and found[-1] == (3, "income", "bakery")
    assert all(a != b for _, a, b in found)
    assert game_count(BOTS, [2, 3, 4], 10) == 180


def test_the_challenger_takes_every_seat_in_turn():
    seats = [seating(3, "a", "b", k).index("a") for k in range(6)]
    assert seats == [0, 1, 2, 0, 1, 2]
    assert seating(4, "a", "b", 5) == ["b", "a", "b", "b"]


def test_a_whole_gauntlet_counts_every_pairing_and_its_wins():
    card_set = official_cards().restrict(BASE)
    tally = play_chunk(card_set, SETTINGS, 11, 0, 72)
    assert tally["games"] == 72
    pairs = tally["gauntlet"]
    assert sorted(pairs) == ["2", "3"]
    for players, by_a in pairs.items():
        for a, by_b in by_a.items():
            assert sorted(by_b) == sorted(b for b in BOTS if b != a)
            for counts in by_b.values():
                assert counts["games"] == 6 and 0 <= counts["wins"] <= 6
    # Every finished game has exactly one winner: the challengers' wins plus the field's add up to the games.
    two = pairs["2"]
    for a in BOTS:
        for b in BOTS:
            if a != b:
                wins_a, wins_b = two[a][b]["wins"], 6 - two[a][b]["wins"] - two[a][b]["unfinished"]
                assert wins_a + wins_b + two[a][b]["unfinished"] == 6
    assert sum(tally["wins_by_bot"].values()) == 72 - tally["unfinished"]
    assert tally["cards"] and tally["landmarks"]     # an ordinary lab tally besides


def test_chunks_add_up_to_the_whole_whatever_the_split():
    card_set = official_cards().restrict(BASE)
    whole = play_chunk(card_set, SETTINGS, 5, 0, 30)
    parts = [play_chunk(card_set, SETTINGS, 5, start, stop) for start, stop in ((20, 30), (0, 7), (7, 20))]
    assert merge(parts) == whole
    assert play_chunk(card_set, SETTINGS, 5, 0, 30) == whole       # the same seed plays the same games


def test_a_chunk_past_the_last_game_plays_nothing_and_stops_when_asked():
    card_set = official_cards().restrict(BASE)
    assert play_chunk(card_set, SETTINGS, 5, 72, 80)["games"] == 0
    asked = []
    tally = play_chunk(card_set, SETTINGS, 5, 0, 10, should_stop=lambda: asked.append(1) or len(asked) > 3)
    assert tally["games"] == 3
