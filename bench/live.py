"""Live games over real WebSockets: latency at 100 games, capacity per core, and server CPU per move against an echo.

    python bench/live.py [--quick] [--game machikoro|aquarius] [--games 100] [--think 2.0] [--slice 5]
                         [--steps 25,50,100,...] [--servers 2,1] [--no-baseline] [--database-url URL]

Starts what it needs and stops it afterwards, even when interrupted (SIGINT, SIGTERM; bench/live_stacks.py):
a PostgreSQL database (a fresh one on DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres,
or --database-url used as it is), a redis-server of its own on a free port (so that Redis' CPU is the
bench's alone; --shared-redis: REDIS_URL's, default redis://127.0.0.1:6379/15), the site's servers
(`python -m config.serve`: uvicorn, with the site's default channel layer) and one Celery worker (the
statistics job each finished game queues). Beside the first servers it starts as many baseline servers (daphne with the
project's former layer, REDIS_CHANNEL_LAYER=lean; daphne is installed from requirements-dev.txt for this
only): in the latency step their echo slices alternate with the site's, and `echo_ratio` is the site's CPU
per echo message over the baseline's (target <= 0.55). Games are created through the services and played
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
the PostgreSQL backends serving the bench's database, the bench's Redis, and every core's busy time): host_cpu_ms_per_move says what a move costs the whole
machine, part by part ("other": what nothing named explains, such as other users of a shared host), and
machine_ceiling_moves_per_s the rate at which those parts would fill every core, the most a capacity
step could find on this machine.

The last line is one JSON object: p50_ms, p99_ms (target < 50 ms on a quiet host), echo_ratio,
capacity_moves_per_s and capacity_per_core ({"1": .., "2": ..}: the capacity over the CPU cores the servers
used in that step), cpu_ms_per_move, cpu_ms_per_echo, cpu_ratio (target <= 1.5), cpu_ms_per_move_split
(the servers' event loops: ASGI and channel layer; their database threads; Redis; PostgreSQL),
host_cpu_ms_per_move (the clients' and databases' CPU apart from the servers'), host_cpu_ms_per_echo,
machine_ceiling_moves_per_s. --quick: small defaults (25 games, 3 s slices, one pair per step, steps up to
100/s), a run of a few minutes.
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
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.live_aquarius import AquariusTables  # noqa: E402
from bench.live_figures import (capacity_per_core, capacity_plan, ceiling, judge_capacity, move_split,  # noqa: E402
                                per_part)
from bench.live_host import DatabaseBackends, HostParts  # noqa: E402
from bench.live_load import measure  # noqa: E402
from bench.live_machikoro import MachiKoroTables  # noqa: E402
from bench.live_stacks import BenchSite, OwnRedis, stop_everything_on_exit  # noqa: E402
from bench.live_tables import GameMaker  # noqa: E402

GAMES = {"machikoro": MachiKoroTables, "aquarius": AquariusTables}

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS = "redis://127.0.0.1:6379/15"
SECRET = "bench-live-secret-key"
TARGET_P99_MS = 50.0
TARGET_CPU_RATIO = 1.5
TARGET_ECHO_RATIO = 0.55
DEFAULT_STEPS = "25,50,100,150,200,250,300,400,500"
# --quick: a run of a few minutes, for trying a change (its figures are rougher: fewer moves per step).
QUICK = {"games": 25, "slice": 3.0, "pairs": 1, "steps": "10,25,50,100"}


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
    parser.add_argument("--quick", action="store_true", help=f"small defaults for a run of a few minutes: {QUICK}")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds a player waits before acting")
    parser.add_argument("--slice", type=float, default=5.0, help="seconds per game, echo or idle slice")
    parser.add_argument("--pairs", type=int, default=2, help="game+echo slice pairs per step (a p99 needs a few hundred moves)")
    parser.add_argument("--warm-up", type=int, default=1,
                        help="game+echo pairs played after the servers start and reported apart, not counted")
    parser.add_argument("--steps", default=DEFAULT_STEPS, help="offered moves per second, comma-separated")
    parser.add_argument("--database-url", help="use this PostgreSQL database as it is (migrated, cards loaded)")
    parser.add_argument("--servers", default="2,1", help="server counts to find the capacity of (first: latency)")
    parser.add_argument("--shared-redis", action="store_true",
                        help="use REDIS_URL's Redis instead of a redis-server of the bench's own (whose CPU is "
                             "the bench's alone)")
    parser.add_argument("--no-baseline", action="store_true",
                        help="leave out the baseline servers (daphne, the former layer) and echo_ratio")
    args = parser.parse_args()
    if args.quick:
        given = set(sys.argv[1:])
        for name, value in QUICK.items():
            if f"--{name}" not in given:
                setattr(args, name, value)
    stop_everything_on_exit()
    steps = [float(s) for s in args.steps.split(",") if s]
    server_counts = [int(n) for n in args.servers.split(",") if n]

    os.environ["DATABASE_URL"] = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE
    os.environ["REDIS_URL"] = os.environ.get("REDIS_URL") or DEFAULT_REDIS
    own_redis = None
    if not os.environ["DATABASE_URL"].startswith("postgres"):
        sys.exit("bench/live.py measures the production shape: DATABASE_URL must be a PostgreSQL URL")
    extra = {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": SECRET, "GAMES_ECHO_SOCKET": "1",
             "DATABASE_CONN_MAX_AGE": "600", "DJANGO_LOG_LEVEL": "ERROR"}
    workdir = tempfile.mkdtemp(prefix="bench-live-")

    def log(summary):
        print(json.dumps(summary), file=sys.stderr)

    latency, capacity, echo_over, cpu = None, {}, {}, {"game_cpu": 0.0, "moves": 0, "echo_cpu": 0.0, "echoes": 0}
    warm_up = {}                          # by server count: the first pairs after the start, not counted
    per_core, cores = {}, {}              # by server count: capacity_per_core, the servers' cores then
    baseline_echo = None                  # the latency step's echo on the baseline servers
    host_cpu = {"game": {}, "echo": {}}   # CPU seconds by part of the machine (HostParts), net of idle
    frame_bytes = finished = closed = 0
    database_url, created, admin_url = args.database_url, None, os.environ["DATABASE_URL"]
    began = time.perf_counter()
    maker = backends = None
    try:
        if not args.shared_redis:
            own_redis = OwnRedis(workdir).start()
            os.environ["REDIS_URL"] = own_redis.url
        for number, servers in enumerate(server_counts):
            site = BenchSite(workdir, "new", servers=servers, worker=True, extra_env=extra, database_url=database_url,
                             migrate=number == 0, load_cards=number == 0)
            base_site = None
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
                if backends is None:
                    backends = DatabaseBackends(admin_url, urlsplit(database_url).path.lstrip("/"))
                redis_pids = own_redis.pids() if own_redis else None
                host = HostParts(site.server_pids(), site.worker_pids(), maker, backends, redis_pids)
                baseline = None
                if number == 0 and not args.no_baseline:
                    print(f"starting {servers} baseline server(s) (daphne, the former layer) ...", file=sys.stderr)
                    base_site = BenchSite(workdir, "baseline", servers=servers, worker=False, extra_env=extra,
                                          database_url=database_url, migrate=False, load_cards=False)
                    base_site.start()
                    baseline = (base_site.ports, HostParts(base_site.server_pids(), [], maker, backends, redis_pids))
                plan = capacity_plan(args.games, steps, args.pairs)
                if number == 0:
                    plan = [("latency", args.think, args.pairs)] + plan
                if args.warm_up:
                    plan = [("warm-up", args.think, args.warm_up)] + plan
                quiet_client_collector()
                results, size, done, lost_sockets = asyncio.run(
                    measure(site.ports, tables, host, args.games, plan, args.slice, log, baseline))
                frame_bytes, finished, closed = size or frame_bytes, finished + done, closed + lost_sockets
                if args.warm_up:
                    first = results.pop(0)["game"]
                    warm_up[str(servers)] = {"p50_ms": first["p50_ms"], "p99_ms": first["p99_ms"],
                                             "cpu_ms_each": first["cpu_ms_each"]}
                if number == 0:
                    latency = results.pop(0)
                    baseline_echo = latency.get("baseline_echo")
                capacity[str(servers)], echo_over[str(servers)] = judge_capacity(results, steps)
                per_core[str(servers)], cores[str(servers)] = capacity_per_core(results, steps)
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
                if base_site is not None:
                    base_site.stop()
                site.stop()
    finally:
        if backends is not None:
            backends.close()
        if own_redis is not None:
            own_redis.stop()
        if created:
            import psycopg
            from django.db import connections

            connections.close_all()
            with psycopg.connect(admin_url, autocommit=True) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{created}" WITH (FORCE)')
    per_move = cpu["game_cpu"] * 1000 / cpu["moves"] if cpu["moves"] else None
    per_echo = cpu["echo_cpu"] * 1000 / cpu["echoes"] if cpu["echoes"] else None
    per_move_parts = per_part(host_cpu["game"], cpu["moves"])
    per_echo_parts = per_part(host_cpu["echo"], cpu["echoes"])
    new_echo = latency["echo"]["cpu_ms_each"]
    old_echo = baseline_echo["cpu_ms_each"] if baseline_echo else None
    echo_ratio = round(new_echo / old_echo, 3) if new_echo and old_echo else None
    result = {
        "bench": "live",
        "games": args.games,
        "game": args.game,
        "stack": "uvicorn (python -m config.serve), the site's default channel layer",
        "baseline": None if args.no_baseline else "daphne, REDIS_CHANNEL_LAYER=lean",
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
        "capacity_per_core": per_core,
        "capacity_server_cores_used": cores,
        "echo_ratio": echo_ratio,
        "cpu_ms_per_echo_latency_step": new_echo,
        "cpu_ms_per_echo_baseline": old_echo,
        "baseline_echo_p50_ms": baseline_echo["p50_ms"] if baseline_echo else None,
        "baseline_echo_p99_ms": baseline_echo["p99_ms"] if baseline_echo else None,
        "warm_up": warm_up,
        "capacity_ended_with_echo_p99_over_limit": echo_over,
        "cpu_ms_per_move": round(per_move, 3) if per_move else None,
        "cpu_ms_per_echo": round(per_echo, 3) if per_echo else None,
        "cpu_ratio": round(per_move / per_echo, 2) if per_move and per_echo else None,
        "cpu_ms_per_move_split": move_split(per_move_parts, per_echo_parts),
        "host_cpu_ms_per_move": per_move_parts,
        "host_cpu_ms_per_echo": per_echo_parts,
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
        "target_cpu_ratio": bool(per_move and per_echo and per_move / per_echo <= TARGET_CPU_RATIO),
        "target_echo_ratio": bool(echo_ratio is not None and echo_ratio <= TARGET_ECHO_RATIO),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
