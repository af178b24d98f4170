"""The in-process scheduler of the embedded default (no Celery worker): games move with no page open.

These run on the default configuration: eager Celery, where countdown jobs never fire, so only the
scheduler started with the ASGI application can end a turn or replace a player who closed the page.
"""
import asyncio
import time
from datetime import timedelta

import pytest
import pytest_asyncio
from django.db import connection
from django.utils import timezone

from config.asgi import application
from games import scheduler
from games.identity import Identity
from games.models import Game, GameEvent, Presence, Seat

from games.tests.helpers import seat_to_act, session_for, started_counting_game
from games.tests.sockets import close_consumer_connections, next_frame, open_socket, sync

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

GRACE = 1.5
TICK = 0.2


@pytest.fixture(autouse=True)
def scheduler_on(settings):
    settings.GAMES_SCHEDULER = True
    settings.GAMES_SCHEDULER_TICK = TICK
    settings.GAMES_ABSENCE_GRACE = GRACE


@pytest_asyncio.fixture(autouse=True)
async def stop_scheduler_and_database_threads():
    yield
    task = scheduler.stop()
    if task is not None:
        await asyncio.gather(task, return_exceptions=True)
    await close_consumer_connections()


def two_player_game(django_user_model, **settings):
    users = [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob")]
    ann, bob = (Identity(user_id=u.pk, name=u.username) for u in users)
    game = started_counting_game(ann, bob, target=60, **settings)
    return game, {"ann": ann, "bob": bob}, {u.username: session_for(u) for u in users}


async def until(condition, timeout):
    """Wait (without blocking the loop, where the scheduler runs) until `condition()` is true."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if await sync(condition)():
            return True
        await asyncio.sleep(0.05)
    return False


async def test_the_server_starts_the_scheduler_with_its_first_connection_or_lifespan():
    messages = [{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}]
    sent = []

    async def receive():
        return messages.pop(0)

    async def send(message):
        sent.append(message["type"])
        if message["type"] == "lifespan.startup.complete":
            assert scheduler._tasks[asyncio.get_running_loop()].get_name() == "games-scheduler"

    await application({"type": "lifespan"}, receive, send)
    assert sent == ["lifespan.startup.complete", "lifespan.shutdown.complete"]
    assert asyncio.get_running_loop() not in scheduler._tasks  # stopped at shutdown


async def test_no_scheduler_when_turned_off(settings):
    settings.GAMES_SCHEDULER = False
    assert scheduler.ensure_running() is None


async def test_a_player_who_closes_the_page_mid_turn_is_replaced_by_a_bot_in_time(django_user_model):
    game, players, keys = await sync(two_player_game)(django_user_model)
    mover = await sync(seat_to_act)(game, players["ann"], players["bob"])
    name = mover.name
    other = "bob" if name == "ann" else "ann"
    sockets = {n: await open_socket(f"/ws/games/{game.code}/", keys[n]) for n in ("ann", "bob")}
    assert scheduler._tasks.get(asyncio.get_running_loop()) is not None  # started by the first connection
    seat = await sync(Seat.objects.get)(game=game, user_id=mover.user_id)
    await asyncio.sleep(GRACE + 3 * TICK)
    assert not (await sync(Seat.objects.get)(pk=seat.pk)).autopilot  # the page is open: nobody takes over
    await sockets[name].disconnect()
    closed = time.monotonic()
    update = await next_frame(sockets[other], "update", timeout=GRACE + 3)
    elapsed = time.monotonic() - closed
    assert update["entry"]["by"] == "autopilot" and update["entry"]["seat"] == seat.position
    assert GRACE - 0.1 <= elapsed <= GRACE + 2  # after the grace period, not before, and not much later
    assert (await sync(Seat.objects.get)(pk=seat.pk)).autopilot
    await sockets[other].disconnect()


async def test_a_timed_turn_ends_with_no_page_open(django_user_model):
    game, players, _ = await sync(two_player_game)(django_user_model, turn_seconds=30)
    assert game.turn_deadline is not None
    await sync(Game.objects.filter(pk=game.pk).update)(turn_deadline=timezone.now() + timedelta(seconds=0.5))
    scheduler.ensure_running()  # as the server does when it starts
    moved = await until(lambda: GameEvent.objects.filter(game=game).exists(), timeout=4)
    assert moved
    event = await sync(GameEvent.objects.get)(game=game, seq=1)
    assert event.by == "autopilot"
    assert await sync(Seat.objects.filter(game=game, autopilot=True).count)() == 1
    assert not await sync(Presence.objects.exists)()


async def test_two_schedulers_do_each_thing_once(django_user_model):
    """Two processes each run a scheduler: the locked services make the second find nothing to do."""
    from games.services.housekeeping import sweep

    game, players, _ = await sync(two_player_game)(django_user_model, turn_seconds=30)
    await sync(Game.objects.filter(pk=game.pk).update)(turn_deadline=timezone.now() - timedelta(seconds=1))
    if connection.vendor == "postgresql":  # really at once, on two connections (row locks decide)
        def sweep_in_another_thread():
            try:
                return sweep(due_only=True)
            finally:
                connection.close()

        reports = await asyncio.gather(sync(sweep)(due_only=True), asyncio.to_thread(sweep_in_another_thread))
    else:  # SQLite's in-memory test database takes one writer: one after the other
        reports = [await sync(sweep)(due_only=True), await sync(sweep)(due_only=True)]
    assert sorted(r["turns"] for r in reports) == [0, 1]
    assert await sync(Seat.objects.filter(game=game, autopilot=True).count)() == 1


async def test_services_name_jobs_that_celery_knows():
    """Services start jobs by task name (no import of games.tasks, which imports them): every name resolves."""
    from config.celery import app
    from games import scheduling

    names = [scheduling.PLAY_BOT_MOVE, scheduling.EXPIRE_TURN, scheduling.CHECK_ABSENT_PLAYER]
    assert all(name in app.tasks for name in names)
    assert app.conf.beat_schedule["games-sweep"]["task"] in app.tasks
