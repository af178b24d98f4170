"""A killed server process in the embedded default configuration (`make start`: SQLite, Channels' in-memory
layer, eager Celery, no Redis and no worker): test_killed_server.py's scenario without PostgreSQL.

Two server processes share one SQLite file, as operations.md allows (several processes on one database are
safe: every job locks the game row and re-checks). ann's page socket is on the first, bob's on the second. The
first is killed with SIGKILL: its sockets' closes never run and ann's presence row stays behind, no longer
refreshed. The second process's in-process scheduler must see her absent and hand her seat to a bot within
the absence grace (docs/playing.md promises 45 s; the timings are shortened here, in proportion: a 5 s grace
and a heartbeat every 0.5 s), and, on the in-memory layer, tell bob's socket, which is on that same process.

Why this is not flaky on SQLite: SQLite's locks are POSIX advisory locks that the kernel drops when a process
dies, so a process killed inside a write transaction leaves at most a hot journal, which the next writer rolls
back (no lost lock, no half-written row); the servers' transactions take the write lock when they begin
(IMMEDIATE) and wait up to 20 s for it, so the two processes' heartbeats and scheduler ticks queue instead of
failing with "database is locked". What the in-memory layer cannot do is tell a socket on one process what
another process did: so the players are checked through the database, and bob hears of the handover only
because the process that made it is his.
"""
import asyncio
import json
import time

import pytest

from games.tests.default_site import default_site, query, started_game, wait_for
from games.tests.test_multiprocess import client, frame_of

GRACE = 5.0
HEARTBEAT = 0.5
SHORT_TIMINGS = {"GAMES_ABSENCE_GRACE": str(GRACE), "GAMES_PRESENCE_HEARTBEAT": str(HEARTBEAT),
                 "GAMES_PRESENCE_TTL": "1.5", "GAMES_SCHEDULER_TICK": "0.3", "GAMES_SWEEP_SECONDS": "0.5"}


async def connect_and_wait(port, code, key):
    socket = await client(port, code, key)
    await socket.send(json.dumps({"type": "hello", "since": None}))
    await frame_of(socket, "snapshot")
    return socket


async def connect_both(ports, game):
    return (await connect_and_wait(ports[0], game["code"], game["keys"]["ann"]),
            await connect_and_wait(ports[1], game["code"], game["keys"]["bob"]))


async def seats_frame_with_autopilot(socket, position, timeout):
    """The first `seats` frame that shows the seat at `position` played by a bot."""
    deadline = time.monotonic() + timeout
    while True:
        frame = await frame_of(socket, "seats", timeout=max(0.1, deadline - time.monotonic()))
        if any(s["position"] == position and s["autopilot"] for s in frame["seats"]):
            return frame


def test_a_killed_server_process_hands_its_players_seat_to_a_bot_in_time_on_sqlite(tmp_path, monkeypatch):
    pytest.importorskip("websockets")
    site = default_site(tmp_path, monkeypatch, servers=2, extra_env=SHORT_TIMINGS)
    with site:  # migrates the SQLite file and starts both servers, each with its scheduler (the default)
        # Started now, with the servers running: the players open their pages well within the grace.
        game = started_game(site)
        ann_seat, bob_seat = game["seats"]["ann"], game["seats"]["bob"]
        (ann_position,), = query(site, "SELECT position FROM games_seat WHERE id = ?", ann_seat)

        def autopilot(seat):
            return query(site, "SELECT autopilot FROM games_seat WHERE id = ?", seat) == [(1,)]

        loop = asyncio.new_event_loop()
        try:
            ann_socket, bob_socket = loop.run_until_complete(connect_both(site.ports, game))
            assert query(site, "SELECT count(*) FROM games_presence WHERE seat_id = ?", ann_seat) == [(1,)]
            # Both players are there for longer than the grace: their heartbeats keep them, nobody is replaced.
            time.sleep(GRACE + 1)
            assert not autopilot(ann_seat) and not autopilot(bob_seat)

            site.processes[0].kill()  # ann's server dies: her socket's close never reaches anyone
            site.processes[0].wait()
            killed = time.monotonic()
            assert wait_for(lambda: autopilot(ann_seat), timeout=GRACE + 8), "ann's seat was never handed to a bot"
            elapsed = time.monotonic() - killed
            # Her grace counts from her last heartbeat, at most one beat before the kill; then one tick.
            assert GRACE - HEARTBEAT - 0.5 <= elapsed <= GRACE + 3, elapsed
            # Seen from bob's page, on the surviving process: the seat list says a bot plays ann's seat.
            # (what the server sent meanwhile waits in the client's buffers until the loop runs again)
            frame = loop.run_until_complete(seats_frame_with_autopilot(bob_socket, ann_position, timeout=10))
            assert [s["autopilot"] for s in frame["seats"] if s["position"] != ann_position] == [False]
            assert not autopilot(bob_seat)  # bob's server lives on, and so does his presence
            # No close was ever seen: her presence row was left behind by the dead process, never cleaned up by it.
            assert query(site, "SELECT disconnected_at FROM games_seat WHERE id = ?", ann_seat) == [(None,)]
            assert site.processes[1].poll() is None
            loop.run_until_complete(bob_socket.close())
        finally:
            loop.close()
