"""What a move costs its database thread (bench/move_path.py measures it): the statements and round trips of a
move, and its update worded once per language read at the table, not once per seat or socket."""
import json

import psycopg
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import broadcast, services
from games.db_threads import _run
from games.models import Game
from games.selectors.lookup import current_match
from games.selectors import log_entries

from games.tests.helpers import join_and_ready, seat_to_act

pytestmark = [pytest.mark.django_db]


def started_game(ann, bob):
    game = services.create_game(host=ann, ruleset_slug="machikoro", public=True, min_players=2, max_players=4,
                                turn_seconds=0, options={"extensions": []})
    return join_and_ready(game, ann, bob)


def move(game, ann, bob):
    """The autopilot's move for the player to act, as a socket's database thread makes it; (its collected
    broadcasts, the error if any)."""
    return play(next_move(game, ann, bob))


def play(request):
    _result, messages, error = _run(services.play_action, **request)
    return messages, error


def next_move(game, ann, bob):
    """play_action's arguments for the autopilot's move of the player to act."""
    game = Game.objects.get(pk=game.pk)
    player = seat_to_act(game, ann, bob)
    ruleset, match = current_match(game)
    position = match.progress().to_act[0]
    action = match.bot_action(position, ruleset.autopilot_bot, game.event_seq + 1)
    return {"game_id": game.pk, "identity": player, "expected_seq": game.event_seq, "action": action}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_move_is_the_lock_and_one_write_in_one_transaction(official_cards, ann, bob):
    game = started_game(ann, bob)
    request = next_move(game, ann, bob)
    with CaptureQueriesContext(connection) as queries:
        _messages, error = play(request)
    assert error is None
    statements = [q["sql"].split()[0] for q in queries.captured_queries]
    assert statements == ["BEGIN", "SELECT", "WITH", "COMMIT"]   # lock with seats; the event and the game at once


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_transactions_begin_travels_with_the_lock(official_cards, ann, bob, monkeypatch):
    """BEGIN and the lock in one round trip (a pipeline), the write after the engine in its own: the BEGIN is no
    longer a round trip of its own."""
    game = started_game(ann, bob)
    opened = []
    real_pipeline = psycopg.Connection.pipeline

    def pipeline(self):
        opened.append(self.info.transaction_status)
        return real_pipeline(self)

    monkeypatch.setattr(psycopg.Connection, "pipeline", pipeline)
    for _ in range(2):
        _messages, error = move(game, ann, bob)
        assert error is None
    game.refresh_from_db()
    assert opened == [psycopg.pq.TransactionStatus.IDLE] * 2   # once a move, before anything else of it
    assert game.event_seq == 2 and game.events.count() == 2


def test_an_update_is_worded_once_per_language_read_not_per_seat(official_cards, ann, bob, monkeypatch):
    game = started_game(ann, bob)
    worded = []
    real_entry = log_entries.entry_payload

    def entry_payload(*args, **kwargs):
        worded.append(1)
        return real_entry(*args, **kwargs)

    monkeypatch.setattr("games.selectors.frames.entry_payload", entry_payload)
    messages, error = move(game, ann, bob)
    assert error is None and len(worded) == 1
    services.note_reader_language(game.pk, "fr")
    worded.clear()
    messages, error = move(game, ann, bob)
    frames = next(m for group, m in messages if m["type"] == "game.frames")
    assert len(worded) == 2 and set(frames["public"]) == {"en", "fr"}
    # Every text is ready to send as it is: a socket forwards its language's string, encoding nothing.
    assert all(isinstance(text, str) and json.loads(text)["seq"] == frames["seq"]
               for texts in [frames["public"], *frames["private"].values()] for text in texts.values())
    assert broadcast.game_group(game.code) == next(group for group, m in messages if m is frames)
