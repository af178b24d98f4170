"""Seat lists and the open-games list, sent at every socket opened or closed and at every start and end of a
game: read in as few queries as possible, and never with a game's rules or state."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Game
from games.selectors.frames import seat_list_of, seats_and_presence, seats_frame
from games.selectors.lists import open_games_frames, public_games
from games.selectors.presence import present_seat_ids

from games.tests.helpers import started_counting_game

pytestmark = pytest.mark.django_db


def test_seats_and_their_presence_come_from_one_query(ann, bob):
    game = started_counting_game(ann, bob, target=30)
    services.socket_opened(game_id=game.pk, identity=bob)
    with CaptureQueriesContext(connection) as queries:
        fresh, seats, present = seat_list_of(game.pk)
    assert len(queries) == 1
    assert [s.position for s in seats] == [0, 1]
    assert present == present_seat_ids(game.pk) == {s.pk for s in seats if s.user_id == bob.user_id}
    assert fresh.pk == game.pk and fresh.code == game.code
    assert {"rules", "state"} <= fresh.get_deferred_fields()


def test_a_seat_list_is_the_same_from_one_query_as_from_three(ann, bob):
    game = started_counting_game(ann, bob, target=30)
    services.socket_opened(game_id=game.pk, identity=ann)
    fresh, seats, present = seat_list_of(game.pk)
    reference = Game.objects.get(pk=game.pk)
    assert seats_and_presence(game.pk) == (seats, present)
    assert seats_frame(fresh, seats, present) == seats_frame(reference, list(reference.seats.order_by("position")),
                                                             present_seat_ids(game.pk))


def test_an_opened_socket_is_recorded_and_announced_in_three_queries(ann, bob, broadcasts):
    game = started_counting_game(ann, bob, target=30)
    broadcasts.clear()
    with CaptureQueriesContext(connection) as queries:
        services.socket_opened(game_id=game.pk, identity=bob)
    # The seat (locked), the new presence row; then the seat list in one query.
    statements = [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) == 3, statements
    (group, frame), = broadcasts
    assert frame["type"] == "seats"
    assert {s["name"]: s["connected"] for s in frame["seats"]} == {ann.name: False, bob.name: True}


def test_the_open_games_list_never_reads_rules_or_state(ann, bob):
    started_counting_game(ann, bob, target=30)
    playing = list(public_games(Game.Status.PLAYING))
    assert playing and all({"rules", "state", "table", "result"} <= g.get_deferred_fields() for g in playing)
    frames = open_games_frames()
    row = frames["en"]["playing"][0]
    assert row["players"] == 2 and sorted(row["names"]) == sorted([ann.name, bob.name])


def _lists_sent(broadcasts):
    return [frame for group, frame in broadcasts if frame.get("type") == "games"]


@pytest.mark.parametrize("newer_games, public, listed", [(0, True, True), (19, True, True), (20, True, False),
                                                         (0, False, False)])
def test_a_game_end_resends_the_list_only_when_the_list_showed_the_game(ann, bob, make_player, broadcasts,
                                                                      newer_games, public, listed):
    from games.tests.test_play_services import play_to_the_end

    game = started_counting_game(ann, bob, target=7, public=public)
    for n in range(newer_games):   # started later: the list shows the newest running games first
        started_counting_game(make_player(f"host{n}"), make_player(f"guest{n}"), target=7)
    broadcasts.clear()
    play_to_the_end(game, ann, bob)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    sent = _lists_sent(broadcasts)
    assert bool(sent) == listed
    if sent:
        assert game.code not in [row["code"] for row in sent[-1]["playing"]]


def test_a_closed_socket_is_forgotten_and_announced_in_three_queries(ann, bob, broadcasts):
    game = started_counting_game(ann, bob, target=30)
    presence = services.socket_opened(game_id=game.pk, identity=bob)
    broadcasts.clear()
    with CaptureQueriesContext(connection) as queries:
        services.socket_closed(presence)
    # The seat (locked) through its presence row; the row deleted and the seat marked disconnected unless
    # another live socket is left (one statement on PostgreSQL, two on SQLite); then the seat list.
    statements = [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) == (3 if connection.vendor == "postgresql" else 4), statements
    (group, frame), = [b for b in broadcasts if b[1]["type"] == "seats"]
    assert {s["name"]: s["connected"] for s in frame["seats"]} == {ann.name: False, bob.name: False}
