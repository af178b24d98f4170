"""A server process holding a player's socket is killed: no close ever arrives, the player's presence
stops being refreshed, and a bot takes the seat within the promised time.

Two server processes share the test database; the player is connected to the first, which is killed
(SIGKILL). The absent-player check runs in the surviving process's in-process scheduler (the embedded
default) or, with Redis, in Celery beat and a worker (the production shape, no in-process scheduler).
"""
import asyncio
import json
import os
import subprocess
import time

import pytest
from django.conf import settings

from games.models import Presence, Seat
from tests.browser.live_site import PYTHON, ROOT, LiveSite

from games.tests.helpers import session_for, started_counting_game
from games.tests.test_multiprocess import client, frame_of, shared_database_url

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

GRACE = 3.0
FAST_PRESENCE = {"GAMES_ABSENCE_GRACE": str(GRACE), "GAMES_PRESENCE_HEARTBEAT": "0.5", "GAMES_PRESENCE_TTL": "1.5",
                 "GAMES_SCHEDULER_TICK": "0.3", "GAMES_SWEEP_SECONDS": "0.5"}


async def connect_and_wait(port, code, key):
    socket = await client(port, code, key)
    await socket.send(json.dumps({"type": "hello", "since": None}))
    await frame_of(socket, "snapshot")
    return socket


def wait_for(condition, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def start_beat(site, workdir):
    log = open(workdir / "beat.log", "wb")
    process = subprocess.Popen(
        [PYTHON, "-m", "celery", "-A", "config", "beat", "-l", "warning", "-s", str(workdir / "beat-schedule")],
        cwd=ROOT, env=site.env, stdout=log, stderr=subprocess.STDOUT)
    site.processes.append(process)  # stopped with the site


@pytest.mark.parametrize("mode", ["in-process scheduler", "celery beat"])
def test_a_killed_server_process_hands_its_players_seats_to_bots_in_time(mode, tmp_path, make_player,
                                                                          django_user_model):
    pytest.importorskip("websockets")
    with_beat = mode == "celery beat"
    if with_beat and not os.environ.get("REDIS_URL"):
        pytest.skip("Celery beat needs a broker: set REDIS_URL")
    ann, bob = make_player("ann"), make_player("bob")
    keys = {u.username: session_for(u) for u in django_user_model.objects.all()}
    env = {"GAMES_EXTRA": "games.tests.counting.GAME", "DJANGO_SECRET_KEY": settings.SECRET_KEY,
           **FAST_PRESENCE}
    if with_beat:
        env.update(GAMES_SCHEDULER="0", CELERY_TASK_ALWAYS_EAGER="0")
    else:
        env.update(GAMES_SCHEDULER="1", CELERY_TASK_ALWAYS_EAGER="1")
    site = LiveSite(tmp_path, servers=2, database_url=shared_database_url(), migrate=False, load_cards=False,
                    worker=with_beat, extra_env=env)
    with site:
        if with_beat:
            start_beat(site, tmp_path)
        # Started now, with the servers running: the players open their pages well within the grace.
        game = started_counting_game(ann, bob, target=60)
        ann_seat = Seat.objects.get(game=game, user_id=ann.user_id)

        async def connect_both():
            return (await connect_and_wait(site.ports[0], game.code, keys["ann"]),
                    await connect_and_wait(site.ports[1], game.code, keys["bob"]))

        loop = asyncio.new_event_loop()
        try:
            ann_socket, bob_socket = loop.run_until_complete(connect_both())
            assert Presence.objects.filter(seat=ann_seat).count() == 1
            # Both players are there for longer than the grace: nobody is replaced.
            time.sleep(GRACE + 1)
            assert not Seat.objects.filter(game=game, autopilot=True).exists()
            site.processes[0].kill()  # ann's server dies: her socket's close never reaches anyone
            site.processes[0].wait()
            killed = time.monotonic()
            assert wait_for(lambda: Seat.objects.get(pk=ann_seat.pk).autopilot, timeout=GRACE + 5)
            elapsed = time.monotonic() - killed
            # The grace counts from her last heartbeat (at most one beat before the kill).
            assert elapsed <= GRACE + 3, elapsed
            assert not Seat.objects.get(game=game, user_id=bob.user_id).autopilot  # bob's server lives on
            assert Seat.objects.get(pk=ann_seat.pk).disconnected_at is None  # no close was ever seen
            loop.run_until_complete(bob_socket.close())
        finally:
            loop.close()
