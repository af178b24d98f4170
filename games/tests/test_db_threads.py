"""Where game sockets run their database work: one thread by default, a pool when GAMES_DB_THREADS asks."""
import threading

import pytest
import pytest_asyncio

from games import consumers

from .sockets import close_consumer_connections

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_consumer_connections()


def thread_name():
    return threading.current_thread().name


async def test_database_work_shares_the_sync_thread_by_default(settings):
    settings.GAMES_DB_THREADS = 1
    assert not (await consumers.db(thread_name)()).startswith("games-db")
    assert consumers._DB_POOL is None


@pytest.mark.postgres
async def test_a_pool_runs_database_work_on_postgresql_when_configured(settings):
    settings.GAMES_DB_THREADS = 2
    names = {await consumers.db(thread_name)() for _ in range(4)}
    assert names and all(name.startswith("games-db") for name in names)


async def test_broadcasts_collected_in_the_thread_are_returned_to_the_loop(monkeypatch):
    sent = []

    async def record(messages):
        sent.extend(messages)

    monkeypatch.setattr(consumers.broadcast, "send_collected", record)

    def publishes():
        consumers.broadcast.publish("game-x", {"type": "game.frame", "text": "{}"})
        return "done"

    assert await consumers.db(publishes)() == "done"
    assert sent == [("game-x", {"type": "game.frame", "text": "{}"})]
