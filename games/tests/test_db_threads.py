"""Where game sockets run their database work: one thread by default, a pool when GAMES_DB_THREADS asks."""
import threading

import pytest
import pytest_asyncio

from games import db_threads

from games.tests.sockets import close_consumer_connections

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_consumer_connections()


def thread_name():
    return threading.current_thread().name


async def test_database_work_shares_the_sync_thread_by_default(settings):
    settings.GAMES_DB_THREADS = 1
    assert not (await db_threads.db(thread_name)()).startswith("games-db")
    assert db_threads._DB_POOL is None


@pytest.mark.postgres
async def test_a_pool_runs_database_work_on_postgresql_when_configured(settings):
    settings.GAMES_DB_THREADS = 2
    names = {await db_threads.db(thread_name)() for _ in range(4)}
    assert names and all(name.startswith("games-db") for name in names)


async def test_broadcasts_collected_in_the_thread_are_returned_to_the_loop(monkeypatch):
    sent = []

    async def record(messages):
        sent.extend(messages)

    monkeypatch.setattr(db_threads.broadcast, "send_collected", record)

    def publishes():
        db_threads.broadcast.publish("game-x", {"type": "game.frame", "text": "{}"})
        return "done"

    assert await db_threads.db(publishes)() == "done"
    assert sent == [("game-x", {"type": "game.frame", "text": "{}"})]


@pytest.mark.postgres
async def test_moves_of_another_game_proceed_while_one_game_waits_for_its_lock(settings, ann, bob):
    """The pool's point: a game stuck behind its row lock does not hold up the other games' moves."""
    import asyncio

    import psycopg
    from django.db import connection

    from games import services

    from games.tests.helpers import seat_to_act, started_counting_game
    from games.tests.sockets import sync

    settings.GAMES_DB_THREADS = 4
    stuck, free = await sync(started_counting_game)(ann, bob), await sync(started_counting_game)(ann, bob)
    movers = [await sync(seat_to_act)(game, ann, bob) for game in (stuck, free)]
    params = connection.settings_dict
    holder = await asyncio.to_thread(psycopg.connect, host=params["HOST"] or None, port=params["PORT"] or None,
                                     user=params["USER"], dbname=params["NAME"])
    try:
        await asyncio.to_thread(holder.execute, "SELECT id FROM games_game WHERE id = %s FOR UPDATE", [stuck.pk])
        waiting = asyncio.create_task(db_threads.db(services.play_action)(
            game_id=stuck.pk, identity=movers[0], expected_seq=0, action={"type": "add", "amount": 1}))
        await asyncio.sleep(0.3)
        assert not waiting.done()
        event = await asyncio.wait_for(db_threads.db(services.play_action)(
            game_id=free.pk, identity=movers[1], expected_seq=0, action={"type": "add", "amount": 1}), 10)
        assert event.seq == 1 and not waiting.done()
    finally:
        await asyncio.to_thread(holder.rollback)
        await asyncio.to_thread(holder.close)
    assert (await asyncio.wait_for(waiting, 10)).seq == 1
