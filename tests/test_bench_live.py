"""bench/live.py's arithmetic (bench/live_figures.py, bench/live_load.py): what each part of the machine spends
per move, the ceiling it implies, and slices whose held players send nothing until their kind's slice opens."""
import asyncio
import os
import time

from bench.live_figures import ceiling, move_split, per_part, summarise
from bench.live_load import Bench


class FakeHost:
    """HostParts with readings scripted per call."""

    def __init__(self, readings):
        self.readings = iter(readings)

    def read(self):
        return next(self.readings)


def reading(servers, clients, machine):
    return {"servers": servers, "clients": clients, "worker": 0.0, "postgres": 0.0, "redis": 0.0,
            "machine": machine}


def test_per_part_names_what_the_parts_leave_unexplained():
    parts = per_part({"servers": 0.8, "clients": 0.2, "postgres": 0.1, "machine": 1.5}, 100)
    assert parts == {"servers": 8.0, "clients": 2.0, "postgres": 1.0, "other": 4.0}
    assert per_part({}, 100) == {} and per_part({"machine": 1.0}, 0) == {}


def test_ceiling_is_the_cores_over_the_cpu_a_move_takes():
    assert ceiling({"servers": 8.0, "clients": 2.0, "other": 30.0}) == round(os.cpu_count() * 1000 / 10.0, 1)
    assert ceiling({"other": 3.0}) is None


def test_slices_subtract_each_parts_idle_rate():
    bench = Bench([0], tables=type("T", (), {"players": 4})(), pool_size=1, maker=None)
    host = FakeHost([reading(0, 0, 0), reading(1.0, 0.5, 2.0),      # game slice
                     reading(1.0, 0.5, 2.0), reading(1.6, 0.7, 3.0),  # echo slice
                     reading(1.6, 0.7, 3.0), reading(1.7, 0.7, 3.2)])  # idle slice

    async def run():
        game = await bench.run_slice("game", 0.01, host)
        game.sent, game.wall = 100, 1.0
        echo = await bench.run_slice("echo", 0.01, host)
        echo.sent, echo.wall = 100, 1.0
        idle = await bench.run_slice("idle", 0.01, host)
        idle.wall = 1.0
        return {"label": "step", "think": 1.0, "slices": [game, echo, idle]}

    summary = summarise(asyncio.run(run()), slice_seconds=1.0)
    assert summary["game"]["host_cpu_s"] == {"servers": 0.9, "clients": 0.5, "worker": 0.0, "postgres": 0.0,
                                             "redis": 0.0, "machine": 1.8}
    assert summary["game"]["cpu_ms_each"] == 9.0
    assert summary["echo"]["host_cpu_s"]["servers"] == 0.5


def test_held_players_wait_for_their_slice_without_sending():
    bench = Bench([0], tables=type("T", (), {"players": 4})(), pool_size=1, maker=None)
    bench.think = 0.01
    host = FakeHost([reading(0, 0, 0)] * 4)

    async def run():
        player = asyncio.create_task(bench.wait_turn("game"))
        await bench.run_slice("echo", 0.05, host)       # another kind's slice: the player is held
        assert not player.done()
        measured = asyncio.create_task(bench.run_slice("game", 0.2, host))
        got = await asyncio.wait_for(player, 1)
        return got, await measured

    got, measured = asyncio.run(run())
    assert got is measured and measured.kind == "game"


def test_moves_are_paced_send_to_send_so_the_offered_rate_is_the_steps():
    """A move whose update came back late is sent at once, not a whole think time after the update: a
    game's moves then follow each other a think time apart, whatever the latency."""
    bench = Bench([0], tables=type("T", (), {"players": 4})(), pool_size=1, maker=None)
    bench.think = 0.2
    host = FakeHost([reading(0, 0, 0)] * 2)

    async def run():
        slice_ = asyncio.create_task(bench.run_slice("game", 0.5, host))
        await asyncio.sleep(0)
        started = time.perf_counter()
        await bench.wait_turn("game", since=started - 0.4)     # the previous move left 0.4 s ago (> 1.5 x 0.2)
        late = time.perf_counter() - started
        started = time.perf_counter()
        await bench.wait_turn("game", since=started)           # it has just left: a whole think time
        fresh = time.perf_counter() - started
        await slice_
        return late, fresh

    late, fresh = asyncio.run(run())
    assert late < 0.05 and fresh >= 0.1


def test_the_servers_cpu_is_parted_by_their_threads_names():
    parts = {"servers": 0.9, "servers_event_loops": 0.3, "servers_database_threads": 0.4,
             "servers_collector_thread": 0.1, "clients": 0.2, "machine": 1.2}
    per_move = per_part(parts, 100)
    assert per_move["other"] == 1.0                      # the servers' parts are inside "servers", not beside it
    split = move_split(per_move, {"servers": 2.0, "servers_event_loops": 1.5, "servers_database_threads": 0.1})
    assert split["asgi_and_channel_layer"] == 3.0 and split["database_threads"] == 4.0
    assert split["collector_thread"] == 1.0 and split["other_threads"] == 1.0
    assert split["asgi_and_channel_layer_of_an_echo"] == 1.5 and split["database_threads_of_an_echo"] == 0.1
    assert split["redis"] == "unavailable"
