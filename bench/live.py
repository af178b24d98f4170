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
"""
import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.live_aquarius import AquariusTables  # noqa: E402
from bench.live_machikoro import MachiKoroTables  # noqa: E402
from bench.live_tables import GameMaker  # noqa: E402

GAMES = {"machikoro": MachiKoroTables, "aquarius": AquariusTables}

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS = "redis://127.0.0.1:6379/15"
SECRET = "bench-live-secret-key"
TARGET_P99_MS = 50.0
CAPACITY_P99_MS = 100.0
TARGET_CAPACITY = 250.0
TARGET_CPU_RATIO = 1.5
DRAIN_SECONDS = 15.0
DEFAULT_STEPS = "25,50,100,150,200,250,300,400,500"


def cpu_by_pid(pids):
    """{pid: user + system CPU seconds used so far} (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[pid] = (int(fields[11]) + int(fields[12])) / ticks
    return found


def cpu_seconds(pids):
    return sum(cpu_by_pid(pids).values())


def pids_named(name):
    """Processes whose command is `name` (PostgreSQL's backends come and go: looked up at each reading)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def machine_busy_seconds():
    """CPU seconds every core of the machine spent on anything but idling and waiting for I/O (/proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


class HostParts:
    """CPU used so far by each part of the measured machine: the servers, the bench's own clients (this
    process and those making its games), the Celery worker, PostgreSQL, Redis, and the whole machine."""

    def __init__(self, server_pids, worker_pids, maker):
        self.server_pids, self.worker_pids, self.maker = server_pids, worker_pids, maker

    def read(self):
        return {
            "servers": cpu_seconds(self.server_pids),
            "clients": cpu_seconds([os.getpid(), *self.maker.pids()]),
            "worker": cpu_seconds(self.worker_pids),
            "postgres": cpu_seconds(pids_named("postgres")),
            "redis": cpu_seconds(pids_named("redis-server")),
            "machine": machine_busy_seconds(),
        }


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def ms(value):
    return round(value * 1000, 2) if value is not None else None


_CONNECTING = None


async def connect(port, path, session_key=None):
    """A client socket; a few handshakes at a time (daphne drops one not accepted within 5 s), retried."""
    import websockets

    global _CONNECTING
    if _CONNECTING is None:
        _CONNECTING = asyncio.Semaphore(16)
    headers = {"Cookie": f"sessionid={session_key}"} if session_key else {}
    for attempt in range(4):
        try:
            async with _CONNECTING:
                return await websockets.connect(f"ws://127.0.0.1:{port}{path}", origin=f"http://127.0.0.1:{port}",
                                                additional_headers=headers, open_timeout=60, max_size=2 ** 22,
                                                ping_interval=None)
        except (OSError, websockets.exceptions.InvalidMessage, websockets.exceptions.InvalidStatus):
            if attempt == 3:
                raise
            await asyncio.sleep(1 + attempt)


# ---- the load: game tables and echo rooms, paced, measured by slice ------------------------------------

class Slice:
    """What was sent in one slice and how long each took to reach everyone."""

    def __init__(self, kind):
        self.kind = kind
        self.sent = 0
        self.samples = []
        self.errors = []
        self.lost = 0
        self.replies = []                # RPC mode: from a call to its reply


class Bench:
    def __init__(self, ports, tables, pool_size, maker):
        self.ports = ports
        self.tables = tables
        self.maker = maker               # makes each table's games (bench/live_tables.py)
        self.players = tables.players
        self.pool_size = pool_size
        self.think = 2.0
        self.current = None              # the Slice being measured, or None between slices
        # Set while moves (or echo messages) may be sent: held players wait on it, not polling, so that the
        # clients' CPU in a slice is what its sends and replies cost.
        self.open = {"game": asyncio.Event(), "echo": asyncio.Event(), "idle": asyncio.Event()}
        self.pending = {}                # (owner, number) -> Slice, for sends not yet everywhere
        self.frame_bytes = []
        self.games_finished = 0
        self.seated = 0                  # tables whose players all have their first frame
        self.closed = 0                  # sockets the server closed under us

    def closed_by_server(self, owner):
        self.closed += 1
        if self.current is not None:
            self.current.errors.append("socket closed by the server")
        for key in [k for k in self.pending if k[0] == id(owner)]:
            measured = self.pending.pop(key)
            measured.lost += 1

    def echo_pad(self):
        """Echo messages as long as a typical game update."""
        size = int(statistics.median(self.frame_bytes[-200:])) if self.frame_bytes else 1500
        return "x" * max(0, size - 40)

    def may_send(self, kind):
        return self.current is not None and self.current.kind == kind and self.open[kind].is_set()

    async def wait_turn(self, kind, since=None):
        """Wait a think time from `since` (when the game's previous move was sent; the echo's rooms send on
        such a clock too), or from now: a game's moves are paced send to send, at the offered rate, not a
        think time plus each move's latency (which kept the offered rate under the step's: 240 for 250/s)."""
        delay = self.think * random.uniform(0.5, 1.5)
        if since is not None:
            delay -= time.perf_counter() - since
        await asyncio.sleep(max(0.0, delay))
        while not self.may_send(kind):
            # Held while another slice runs. Once this kind's slice opens, each held player waits a fresh
            # random part of a think time: the slice starts at the offered rate, not with every held player's
            # move at the same instant (a burst whose queue, not the move's path, set the latency).
            await self.open[kind].wait()
            await asyncio.sleep(self.think * random.random())
        return self.current

    async def run_slice(self, kind, seconds, host):
        measured = Slice(kind)
        before = host.read()
        started = time.perf_counter()
        self.current = measured
        self.open[kind].set()
        await asyncio.sleep(seconds)
        self.open[kind].clear()
        deadline = time.perf_counter() + DRAIN_SECONDS
        while any(s is measured for s in self.pending.values()) and time.perf_counter() < deadline:
            await asyncio.sleep(0.02)
        measured.lost = sum(1 for s in self.pending.values() if s is measured)
        for key in [k for k, s in self.pending.items() if s is measured]:
            del self.pending[key]
        measured.wall = time.perf_counter() - started
        after = host.read()
        measured.parts = {part: after[part] - before[part] for part in after}
        measured.cpu = measured.parts["servers"]
        self.current = None
        return measured


class EchoRoom:
    """Four echo sockets; one member speaks at the game's pacing, every member must hear it."""

    def __init__(self, bench, index, room):
        self.bench = bench
        self.index = index
        self.room = room
        self.arrivals = {}
        self.sent_at = {}

    async def run(self):
        import websockets

        ports, n = self.bench.ports, 0
        while True:
            members = await asyncio.gather(*(connect(ports[(self.index + p) % len(ports)], f"/ws/echo/{self.room}/")
                                             for p in range(self.bench.players)))
            self.members = members
            readers = [asyncio.create_task(self.read(i, s)) for i, s in enumerate(members)]
            try:
                while True:
                    measured = await self.bench.wait_turn("echo")
                    n += 1
                    self.sent_at[n] = time.perf_counter()
                    self.bench.pending[(id(self), n)] = measured
                    measured.sent += 1
                    await members[n % self.bench.players].send(json.dumps({"n": n, "pad": self.bench.echo_pad()}))
                    if any(r.done() for r in readers):
                        raise websockets.exceptions.ConnectionClosedError(None, None)
            except websockets.exceptions.ConnectionClosed:
                self.bench.closed_by_server(self)
            finally:
                for reader in readers:
                    reader.cancel()
                for socket in members:
                    await socket.close()

    async def read(self, index, socket):
        while True:
            text = await socket.recv()
            now = time.perf_counter()
            n = json.loads(text)["n"]
            got = self.arrivals.setdefault(n, set())
            got.add(index)
            if len(got) == self.bench.players:
                del self.arrivals[n]
                waiting = self.bench.pending.pop((id(self), n), None)
                if waiting is not None:
                    waiting.samples.append(now - self.sent_at.pop(n))


async def measure(ports, tables, host, games, plan, slice_seconds, log):
    """Start `games` tables and as many echo rooms, then run `plan`: [(label, think, pairs)] -> results."""
    bench = Bench(ports, tables, games, host.maker)
    run = uuid.uuid4().hex[:6]
    global _CONNECTING
    _CONNECTING = asyncio.Semaphore(16)         # one per event loop
    tasks = [asyncio.create_task(tables.table(bench, i, connect).run()) for i in range(games)]
    deadline = time.perf_counter() + 300
    while bench.seated < games and time.perf_counter() < deadline and not any(t.done() for t in tasks):
        await asyncio.sleep(0.2)
    rooms = [EchoRoom(bench, i, f"bench-{run}-{i}") for i in range(games)]
    tasks += [asyncio.create_task(room.run()) for room in rooms]
    while sum(hasattr(r, "members") for r in rooms) < games and time.perf_counter() < deadline \
            and not any(t.done() for t in tasks):
        await asyncio.sleep(0.2)
    results = []
    for label, think, pairs in plan:
        bench.think = think
        step = {"label": label, "think": think, "slices": []}
        for _ in range(pairs):
            for kind in ("game", "echo"):
                step["slices"].append(await bench.run_slice(kind, slice_seconds, host))
        # The servers' CPU with every socket open and nothing sent (timers, keep-alives, the layer's polls):
        # subtracted from both kinds, so the figures are the cost of a move and of an echo message.
        step["slices"].append(await bench.run_slice("idle", slice_seconds, host))
        crashed = [t for t in tasks if t.done()]
        if crashed:
            raise RuntimeError(f"a client failed: {crashed[0].exception()!r}")
        summary = summarise(step, slice_seconds)
        summary["games_finished_so_far"] = bench.games_finished
        results.append(summary)
        log(summary)
        if label.startswith("capacity") and not summary["passed"]:
            break
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    frame_bytes = int(statistics.median(bench.frame_bytes)) if bench.frame_bytes else 0
    return results, frame_bytes, bench.games_finished, bench.closed


def summarise(step, slice_seconds):
    out = {"label": step["label"], "think_s": round(step["think"], 3)}
    idle = [s for s in step["slices"] if s.kind == "idle"]
    idle_rate = sum(s.cpu for s in idle) / sum(s.wall for s in idle) if idle else 0.0
    out["idle_server_cpu_share"] = round(idle_rate, 3)
    for kind in ("game", "echo"):
        slices = [s for s in step["slices"] if s.kind == kind]
        samples = [x for s in slices for x in s.samples]
        sent = sum(s.sent for s in slices)
        open_seconds = slice_seconds * len(slices)
        net_cpu = sum(s.cpu - idle_rate * s.wall for s in slices)
        out[kind] = {
            "sent": sent,
            "per_s": round(sent / open_seconds, 1),
            "p50_ms": ms(percentile(samples, 0.5)),
            "p99_ms": ms(percentile(samples, 0.99)),
            "max_ms": ms(max(samples)) if samples else None,
            "errors": [e for s in slices for e in s.errors],
            "lost": sum(s.lost for s in slices),
            "server_cpu_s": round(sum(s.cpu for s in slices), 3),
            "server_cpu_net_s": round(net_cpu, 3),
            "cpu_ms_each": round(net_cpu * 1000 / sent, 3) if sent else None,
            "cpu_ms_each_with_idle": round(sum(s.cpu for s in slices) * 1000 / sent, 3) if sent else None,
        }
        idle_parts = {part: sum(s.parts[part] for s in idle) / sum(s.wall for s in idle) if idle else 0.0
                      for part in slices[0].parts} if slices else {}
        out[kind]["host_cpu_s"] = {part: round(sum(s.parts[part] - rate * s.wall for s in slices), 3)
                                   for part, rate in idle_parts.items()}
        replies = [x for s in slices for x in s.replies]
        if replies:
            out[kind].update(reply_p50_ms=ms(percentile(replies, 0.5)), reply_p99_ms=ms(percentile(replies, 0.99)))
    game = out["game"]
    out["passed"] = bool(game["p99_ms"] is not None and game["p99_ms"] <= CAPACITY_P99_MS and not game["errors"]
                         and not game["lost"])
    return out


def per_part(seconds_by_part, count):
    """{part: ms per move (or echo message)}, and "other": what the machine spent beyond the parts named."""
    if not count or not seconds_by_part:
        return {}
    out = {part: round(seconds * 1000 / count, 3) for part, seconds in seconds_by_part.items()}
    out["other"] = round(out.pop("machine") - sum(out.values()), 3)
    return out


def ceiling(ms_by_part):
    """Moves per second the machine could make if its every core did nothing but moves (servers, clients,
    worker, PostgreSQL and Redis, at their measured CPU per move): the most any capacity step could find."""
    spent = sum(v for part, v in ms_by_part.items() if part != "other")
    return round(os.cpu_count() * 1000 / spent, 1) if spent > 0 else None


def capacity_plan(games, steps, pairs):
    return [(f"capacity {rate}/s", games / rate, pairs) for rate in steps]


def judge_capacity(results, steps):
    """(the highest move rate made in a passing step that made at least 90 % of what it offered, whether the
    step that ended the search also had the echo's p99 over the limit: the host, not the game path, ran out)."""
    best, host_limited = 0.0, False
    for result, rate in zip(results, steps):
        made = result["game"]["per_s"]
        result["offered_per_s"] = rate
        result["passed"] = result["passed"] and made >= 0.9 * rate
        if not result["passed"]:
            echo_p99 = result["echo"]["p99_ms"]
            host_limited = echo_p99 is not None and echo_p99 > CAPACITY_P99_MS
            break
        best = max(best, made)
    return best, host_limited


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
