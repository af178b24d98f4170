"""Two ASGI server processes behind the Redis channel layer serve one game: a move made through one
process reaches the players connected to the other, and back."""
import asyncio
import json
import os
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.db import connection

from tests.browser.live_site import LiveSite

from games.tests.helpers import session_for, started_counting_game

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def shared_database_url():
    """The URL of the test database pytest-django created, for the server processes to share."""
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit((parts.scheme, parts.netloc, "/" + connection.settings_dict["NAME"], parts.query, ""))


async def client(port, code, session_key):
    import websockets

    socket = await websockets.connect(
        f"ws://127.0.0.1:{port}/ws/games/{code}/", origin=f"http://127.0.0.1:{port}",
        additional_headers={"Cookie": f"sessionid={session_key}"}, open_timeout=10,
    )
    return socket


async def frame_of(socket, *types, timeout=10):
    while True:
        frame = json.loads(await asyncio.wait_for(socket.recv(), timeout))
        if frame["type"] in types:
            return frame


async def play_across_processes(ports, code, keys):
    ann = await client(ports[0], code, keys["ann"])
    bob = await client(ports[1], code, keys["bob"])
    eve = await client(ports[1], code, keys["eve"])
    sockets = {"ann": ann, "bob": bob, "eve": eve}
    snapshots = {}
    for name, socket in sockets.items():
        await socket.send(json.dumps({"type": "hello", "since": None}))
        snapshots[name] = await frame_of(socket, "snapshot")
    seq = snapshots["eve"]["seq"]
    movers = [n for n in ("ann", "bob") if snapshots[n]["actions"]]
    assert len(movers) == 1
    mover = movers[0]
    for _ in range(4):  # moves alternate between a player on process 1 and a player on process 2
        await sockets[mover].send(json.dumps({"type": "act", "seq": seq, "action": {"type": "add", "amount": 1}}))
        seq += 1
        updates = {name: await frame_of(socket, "update") for name, socket in sockets.items()}
        assert {u["seq"] for u in updates.values()} == {seq}
        other = "bob" if mover == "ann" else "ann"
        assert updates[other]["actions"] and not updates[mover]["actions"]
        mover = other
    await ann.send(json.dumps({"type": "chat", "text": "hello from process 1"}))
    assert (await frame_of(eve, "chat"))["message"]["text"] == "hello from process 1"
    for socket in sockets.values():
        await socket.close()
    return seq


@pytest.mark.django_db(transaction=True)
def test_a_move_through_one_process_reaches_players_on_another(tmp_path, make_player, django_user_model):
    pytest.importorskip("websockets")
    ann, bob, eve = make_player("ann"), make_player("bob"), make_player("eve")
    game = started_counting_game(ann, bob, target=40)
    users = {u.username: u for u in django_user_model.objects.all()}
    keys = {name: session_for(users[name]) for name in ("ann", "bob", "eve")}
    site = LiveSite(tmp_path, servers=2, database_url=shared_database_url(), migrate=False, load_cards=False,
                    worker=False, extra_env={"GAMES_EXTRA": "games.tests.counting.GAME",
                                             "DJANGO_SECRET_KEY": settings.SECRET_KEY})  # sessions stay valid
    with site:
        assert site.env["REDIS_URL"]
        final_seq = asyncio.run(play_across_processes(site.ports, game.code, keys))
    game.refresh_from_db()
    assert game.event_seq == final_seq == 4 and game.state["count"] == 4


async def watch_until_autopilot_moves(port, code, key):
    socket = await client(port, code, key)
    await socket.send(json.dumps({"type": "hello", "since": None}))
    await frame_of(socket, "snapshot")
    seats = await frame_of(socket, "seats", timeout=20)
    while not any(s["autopilot"] for s in seats["seats"]):
        seats = await frame_of(socket, "seats", timeout=20)
    update = await frame_of(socket, "update", timeout=20)
    await socket.close()
    return update


@pytest.mark.django_db(transaction=True)
def test_turn_timers_and_bot_moves_run_in_a_celery_worker(tmp_path, make_player, django_user_model):
    """The turn timer task fires in the worker, a bot takes the late seat, and its move reaches the sockets."""
    from datetime import timedelta

    from django.utils import timezone

    from config.celery import app as celery_app
    from games import tasks
    from games.models import Game

    pytest.importorskip("websockets")
    ann, bob, eve = make_player("ann"), make_player("bob"), make_player("eve")
    game = started_counting_game(ann, bob, target=40, turn_seconds=30)
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    key = session_for(django_user_model.objects.get(username="eve"))
    site = LiveSite(tmp_path, servers=1, database_url=shared_database_url(), migrate=False, load_cards=False,
                    worker=True, extra_env={"GAMES_EXTRA": "games.tests.counting.GAME",
                                            "DJANGO_SECRET_KEY": settings.SECRET_KEY})
    with site:
        async def scenario():
            watcher = asyncio.create_task(watch_until_autopilot_moves(site.ports[0], game.code, key))
            await asyncio.sleep(1.0)  # the spectator is connected
            celery_app.conf.task_always_eager = False
            tasks.expire_turn.apply_async(args=[game.pk], queue=site.env["CELERY_TASK_DEFAULT_QUEUE"])
            return await watcher

        update = asyncio.run(scenario())
    assert update["entry"]["by"] == "autopilot" and update["seq"] == 1
    assert Game.objects.get(pk=game.pk).event_seq >= 1
