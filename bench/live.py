"""Live games over real WebSockets: latency at 100 games, capacity, and server CPU per move against an echo.

    python bench/live.py [--game machikoro|aquarius] [--games 100] [--think 2.0] [--slice 5]
                         [--steps 25,50,100,...] [--servers 2,1] [--database-url URL]

Starts what it needs and stops it afterwards: a PostgreSQL database (a fresh one on DATABASE_URL's
server, default postgres://postgres@127.0.0.1:5432/postgres, or --database-url used as it is), daphne
processes sharing the Redis channel layer (REDIS_URL, default redis://127.0.0.1:6379/15) and one Celery
worker (the statistics job each finished game queues). Games are created through the services and played
by WebSocket clients, each game's players spread over the servers, to the end: a finished game (its last
update, the open-games broadcast, the statistics job) is replaced by a new one, so the number of games in
play stays constant. The first games start a random part of the way in (the autopilot's moves played
through the services, event rows and all, before measuring), so games end all through a run, as on a
site where games are at every stage, not together after the first minutes. A player acts a think time
(drawn from [0.5, 1.5] x the mean) after his game's previous move was sent, or as soon as the update
offering him the move arrives if that is later: each game is paced send to send at the offered rate. --game machikoro
(live_machikoro.py): four players on the game page's socket; --game aquarius (live_aquarius.py): five
seats over the referee's JSON-RPC socket, each playing the stand-alone client's greedy policy, with the
p50/p99 of every call's reply reported beside the move's.

Every measurement alternates slices: a game slice (moves only) and an echo slice (a plain Channels echo
on the same servers: rooms of as many sockets as a game has players, one message fanned out to the room per "move", the same
pacing and frame size), then an idle slice (nothing sent) whose CPU rate is subtracted from both, so
the figures are the marginal cost of a move and of an echo message. Each slice ends by waiting for every reply to what was sent in it (nothing is
dropped), and the servers' CPU is read per slice, so CPU per move and CPU per echo message come from the
same servers at neighbouring moments. Latency is from sending a move until it reached every player
(echo: until every member has the message).

0. After each start, --warm-up pairs (1) at the --think time, reported apart as warm_up and counted nowhere
   else: a fresh process's first seconds (its database connections and prepared statements, its card-set
   and log caches, the collector's first passes over hundreds of new sockets) are a restart's cost, not
   the steady state's. Without it, the first step after a start had a run's worst p99 (three runs on
   24 November: 85 to 1,600 ms), worse than later steps at twice its rate.
1. At --games games with 2 servers and the --think time: p50 and p99 (target p99 < 50 ms).
2. Capacity, for 2 and then 1 server: the offered move rate is raised step by step (--steps, moves per
   second, with the think time set to games / rate) until p99 exceeds 100 ms, errors appear or fewer than
   90 % of the offered moves are made; the capacity is the highest rate made in a passing step (and the
   result says whether the echo's p99 was over the limit in the step that ended the search: then the host
   ran out, not the game path).

Each slice also reads the CPU of the rest of the machine (the bench's own clients, the Celery worker,
PostgreSQL, Redis, and every core's busy time): host_cpu_ms_per_move says what a move costs the whole
machine, part by part ("other": what nothing named explains, such as other users of a shared host), and
machine_ceiling_moves_per_s the rate at which those parts would fill every core, the most a capacity
step could find on this machine.

The last line is one JSON object: p50_ms, p99_ms, capacity_moves_per_s ({"1": .., "2": ..}),
cpu_ms_per_move, cpu_ms_per_echo, cpu_ratio (targets: 250 moves/s with 2 processes, ratio <= 1.5),
host_cpu_ms_per_move, host_cpu_ms_per_echo, machine_ceiling_moves_per_s.
The machine is shared: CPU figures are steadier than wall-clock ones; the load average is reported. The
bench's own process freezes what it holds before measuring and collects young objects in larger batches
(quiet_client_collector): its garbage collector's pauses are not the site's latency.

This file runs the sites and writes the result; the load (tables, echo rooms, slices) is bench/live_load.py,
the CPU readings bench/live_host.py, the step and capacity figures bench/live_figures.py.
"""
import argparse
import asyncio
import gc
import json
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.live_aquarius import AquariusTables  # noqa: E402
from bench.live_figures import capacity_plan, ceiling, judge_capacity, per_part  # noqa: E402
from bench.live_host import HostParts  # noqa: E402
from bench.live_load import measure  # noqa: E402
from bench.live_machikoro import MachiKoroTables  # noqa: E402
from bench.live_tables import GameMaker  # noqa: E402

GAMES = {"machikoro": MachiKoroTables, "aquarius": AquariusTables}

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS = "redis://127.0.0.1:6379/15"
SECRET = "bench-live-secret-key"
TARGET_P99_MS = 50.0
TARGET_CAPACITY = 250.0
TARGET_CPU_RATIO = 1.5
DEFAULT_STEPS = "25,50,100,150,200,250,300,400,500"


def quiet_client_collector():
    """The bench process's own cyclic-GC passes were counted as the site's latency: a full pass over the
    clients' process (hundreds of sockets, the samples, Django) paused every client socket at once, 100 to
    125 ms several times a run (24 November 2026), as long as the worst moves measured. What the process
    holds before measuring is frozen out of the collector's passes, and young objects are collected in
    larger batches, so the clients' pauses stay a few milliseconds. The servers keep their own settings."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="machikoro",
                        help="machikoro: four players on the game page's socket; aquarius: five RPC seats")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds a player waits before acting")
    parser.add_argument("--slice", type=float, default=5.0, help="seconds per game, echo or idle slice")
    parser.add_argument("--pairs", type=int, default=2, help="game+echo slice pairs per step (a p99 needs a few hundred moves)")
    parser.add_argument("--warm-up", type=int, default=1,
                        help="game+echo pairs played after the servers start and reported apart, not counted")
    parser.add_argument("--steps", default=DEFAULT_STEPS, help="offered moves per second, comma-separated")
    parser.add_argument("--database-url", help="use this PostgreSQL database as it is (migrated, cards loaded)")
    parser.add_argument("--channel-layer", choices=("core", "pubsub", "stock"), default="core",
                        help="the servers' REDIS_CHANNEL_LAYER: core (config/channel_layer.py), pubsub, or stock "
                             "(channels-redis' core layer as it ships)")
    parser.add_argument("--servers", default="2,1", help="server counts to find the capacity of (first: latency)")
    args = parser.parse_args()
    steps = [float(s) for s in args.steps.split(",") if s]
    server_counts = [int(n) for n in args.servers.split(",") if n]

    os.environ["DATABASE_URL"] = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE
    os.environ["REDIS_URL"] = os.environ.get("REDIS_URL") or DEFAULT_REDIS
    if not os.environ["DATABASE_URL"].startswith("postgres"):
        sys.exit("bench/live.py measures the production shape: DATABASE_URL must be a PostgreSQL URL")
    from tests.browser.live_site import LiveSite

    extra = {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": SECRET, "GAMES_ECHO_SOCKET": "1",
             "DATABASE_CONN_MAX_AGE": "600", "DJANGO_LOG_LEVEL": "ERROR", "REDIS_CHANNEL_LAYER": args.channel_layer}
    workdir = tempfile.mkdtemp(prefix="bench-live-")

    def log(summary):
        print(json.dumps(summary), file=sys.stderr)

    latency, capacity, echo_over, cpu = None, {}, {}, {"game_cpu": 0.0, "moves": 0, "echo_cpu": 0.0, "echoes": 0}
    warm_up = {}                          # by server count: the first pairs after the start, not counted
    host_cpu = {"game": {}, "echo": {}}   # CPU seconds by part of the machine (HostParts), net of idle
    frame_bytes = finished = closed = 0
    database_url, created, admin_url = args.database_url, None, os.environ["DATABASE_URL"]
    began = time.perf_counter()
    maker = None
    try:
        for number, servers in enumerate(server_counts):
            site = LiveSite(workdir, servers=servers, worker=True, extra_env=extra, database_url=database_url,
                            migrate=number == 0, load_cards=number == 0)
            print(f"starting {servers} server(s) ...", file=sys.stderr)
            try:
                site.start()
                if number == 0:
                    created, site.created_database = site.created_database, None   # kept for the next sites
                    database_url = site.database_url
                os.environ.update(DATABASE_URL=database_url, DJANGO_SECRET_KEY=SECRET,
                                  DJANGO_SETTINGS_MODULE="config.settings")
                tables = GAMES[args.game]()
                maker = GameMaker(GAMES[args.game])
                host = HostParts([p.pid for p in site.processes[:servers]], [p.pid for p in site.processes[servers:]],
                                 maker)
                plan = capacity_plan(args.games, steps, args.pairs)
                if number == 0:
                    plan = [("latency", args.think, args.pairs)] + plan
                if args.warm_up:
                    plan = [("warm-up", args.think, args.warm_up)] + plan
                quiet_client_collector()
                results, size, done, lost_sockets = asyncio.run(
                    measure(site.ports, tables, host, args.games, plan, args.slice, log))
                frame_bytes, finished, closed = size or frame_bytes, finished + done, closed + lost_sockets
                if args.warm_up:
                    first = results.pop(0)["game"]
                    warm_up[str(servers)] = {"p50_ms": first["p50_ms"], "p99_ms": first["p99_ms"],
                                             "cpu_ms_each": first["cpu_ms_each"]}
                if number == 0:
                    latency = results.pop(0)
                capacity[str(servers)], echo_over[str(servers)] = judge_capacity(results, steps)
                for result in ([latency] if number == 0 else []) + results:
                    cpu["game_cpu"] += result["game"]["server_cpu_net_s"]
                    cpu["moves"] += result["game"]["sent"]
                    cpu["echo_cpu"] += result["echo"]["server_cpu_net_s"]
                    cpu["echoes"] += result["echo"]["sent"]
                    for kind in ("game", "echo"):
                        for part, seconds in result[kind]["host_cpu_s"].items():
                            host_cpu[kind][part] = host_cpu[kind].get(part, 0.0) + seconds
            finally:
                if maker is not None:
                    maker.close()
                    maker = None
                site.stop()
    finally:
        if created:
            import psycopg
            from django.db import connections

            connections.close_all()
            with psycopg.connect(admin_url, autocommit=True) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{created}" WITH (FORCE)')
    per_move = cpu["game_cpu"] * 1000 / cpu["moves"] if cpu["moves"] else None
    per_echo = cpu["echo_cpu"] * 1000 / cpu["echoes"] if cpu["echoes"] else None
    per_move_parts = per_part(host_cpu["game"], cpu["moves"])
    result = {
        "bench": "live",
        "games": args.games,
        "game": args.game,
        "channel_layer": args.channel_layer,
        "players_per_game": GAMES[args.game].players,
        "think_seconds": args.think,
        "p50_ms": latency["game"]["p50_ms"],
        "p99_ms": latency["game"]["p99_ms"],
        "reply_p50_ms": latency["game"].get("reply_p50_ms"),
        "reply_p99_ms": latency["game"].get("reply_p99_ms"),
        "echo_p50_ms": latency["echo"]["p50_ms"],
        "echo_p99_ms": latency["echo"]["p99_ms"],
        "latency_servers": server_counts[0],
        "latency_moves_per_s": latency["game"]["per_s"],
        "capacity_moves_per_s": capacity,
        "warm_up": warm_up,
        "capacity_ended_with_echo_p99_over_limit": echo_over,
        "cpu_ms_per_move": round(per_move, 3) if per_move else None,
        "cpu_ms_per_echo": round(per_echo, 3) if per_echo else None,
        "cpu_ratio": round(per_move / per_echo, 2) if per_move and per_echo else None,
        "host_cpu_ms_per_move": per_move_parts,
        "host_cpu_ms_per_echo": per_part(host_cpu["echo"], cpu["echoes"]),
        "machine_ceiling_moves_per_s": ceiling(per_move_parts),
        "moves_measured": cpu["moves"],
        "echo_messages_measured": cpu["echoes"],
        "games_finished": finished,
        "update_frame_bytes": frame_bytes,
        "errors": latency["game"]["errors"] + latency["game"]["lost"] * ["lost"],
        "sockets_closed_by_servers": closed,
        "machine_load_average": round(os.getloadavg()[0], 2),
        "cpu_count": os.cpu_count(),
        "seconds": round(time.perf_counter() - began, 1),
        "target_p99_under_50ms": bool(latency["game"]["p99_ms"] is not None
                                      and latency["game"]["p99_ms"] < TARGET_P99_MS),
        "target_capacity_2_servers": capacity.get("2", 0.0) >= TARGET_CAPACITY,
        "target_cpu_ratio": bool(per_move and per_echo and per_move / per_echo <= TARGET_CPU_RATIO),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
