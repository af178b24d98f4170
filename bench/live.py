"""Live games over real WebSockets: many concurrent four-player Machi Koro games against the ASGI server.

    python bench/live.py [--games 100] [--players 4] [--servers 2] [--think 2.0] [--duration 30] [--layer core]

Starts what it needs and stops it afterwards: a fresh PostgreSQL database (migrated, cards loaded) on
DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), N daphne processes sharing
the Redis channel layer (REDIS_URL, default redis://127.0.0.1:6379/15). It creates the players and starts
the games through the services, then connects every player to a server (a game's players are spread over
the servers, so moves cross processes) and plays: whenever a player's frame offers actions, he picks one
at random after a think time drawn from [0.5, 1.5] x --think seconds.

Measured, after a warm-up: actions per second, and the round trip from sending an action to the moment
the resulting update has reached every player of the game (p50, p99). The baseline is a plain Channels
echo on the same servers: the same number of sockets in rooms of the same size, the same pacing, one
client sending a message of the same size as a game update to its room through the channel layer, timed
until every member has it. The last line is one JSON object.
"""
import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS = "redis://127.0.0.1:6379/15"
SECRET = "bench-live-secret-key"
TARGET_P99_MS = 50.0
TARGET_RATIO = 3.0


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


def stores_cpu_since(before):
    """CPU used by PostgreSQL and Redis since `before` (backends started since then count from zero)."""
    now = cpu_by_pid(pids_named("postgres", "redis-server"))
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in now.items())


def pids_named(*names):
    """Processes whose command name is one of `names` (the database and Redis servers, for CPU figures)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() in names:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary_ms(samples):
    return {
        "count": len(samples),
        "p50": round(percentile(samples, 0.50) * 1000, 2) if samples else None,
        "p99": round(percentile(samples, 0.99) * 1000, 2) if samples else None,
        "max": round(max(samples) * 1000, 2) if samples else None,
        "mean": round(statistics.fmean(samples) * 1000, 2) if samples else None,
    }


# ---- setup: players, sessions and started games, through the services ------------------------------------

def setup_games(games, players):
    import django

    django.setup()
    from config.celery import app as celery_app

    celery_app.conf.task_always_eager = True  # nothing to schedule: no bots, no timers
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from games import services
    from games.identity import Identity

    User = get_user_model()
    tables = []
    for g in range(games):
        seats = []
        for p in range(players):
            user = User.objects.create_user(f"bench{g}x{p}", password=None)
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.save()
            seats.append((Identity(user_id=user.pk, name=user.username), session.session_key))
        host = seats[0][0]
        game = services.create_game(host=host, ruleset_slug="machikoro", public=False, min_players=players,
                                    max_players=players, turn_seconds=0,
                                    options={"extensions": [], "market_rule": False, "stacks": None})
        for identity, _ in seats[1:]:
            services.join_game(game_id=game.pk, identity=identity)
        for identity, _ in seats:
            services.set_ready(game_id=game.pk, identity=identity, ready=True)
        tables.append((game.code, [key for _, key in seats]))
    return tables


# ---- the game run --------------------------------------------------------------------------------------

class GameDriver:
    """One game's players: sends the actor's moves after a think time, times each move's arrival everywhere."""

    def __init__(self, code, sockets, think, clock):
        self.code = code
        self.sockets = sockets
        self.think = think
        self.clock = clock
        self.sent = {}          # seq of the resulting update -> send time
        self.arrivals = {}      # seq -> set of players who have it
        self.samples = []       # (send time, round trip to every player)
        self.first = []         # (send time, round trip to the first player who has it)
        self.frame_sizes = []
        self.actions = 0
        self.errors = []
        self.over = False

    async def run(self, stop_at):
        readers = [asyncio.create_task(self.read(i, s, stop_at)) for i, s in enumerate(self.sockets)]
        for index, socket in enumerate(self.sockets):
            await socket.send(json.dumps({"type": "hello", "since": None}))
        await asyncio.gather(*readers)

    async def read(self, index, socket, stop_at):
        while self.clock() < stop_at and not self.over:
            try:
                text = await asyncio.wait_for(socket.recv(), timeout=max(0.05, stop_at - self.clock()))
            except asyncio.TimeoutError:
                break
            now = self.clock()
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "update":
                self.frame_sizes.append(len(text))
                seq = frame["seq"]
                got = self.arrivals.setdefault(seq, set())
                got.add(index)
                if len(got) == 1 and seq in self.sent:
                    self.first.append((self.sent[seq], now - self.sent[seq]))
                if len(got) == len(self.sockets) and seq in self.sent:
                    self.samples.append((self.sent[seq], now - self.sent[seq]))
                if frame["progress"]["status"] != "playing":
                    self.over = True
            elif kind == "error":
                self.errors.append(frame["code"])
            if kind in ("snapshot", "events", "update") and frame.get("actions"):
                asyncio.create_task(self.act(socket, frame["seq"], frame["actions"], stop_at))

    async def act(self, socket, seq, actions, stop_at):
        await asyncio.sleep(self.think * random.uniform(0.5, 1.5))
        if self.clock() >= stop_at or self.over:
            return
        choice = random.choice(actions)["action"]
        self.sent[seq + 1] = self.clock()
        self.actions += 1
        await socket.send(json.dumps({"type": "act", "seq": seq, "action": choice}))


async def connect(port, path, session_key=None):
    import websockets

    headers = {"Cookie": f"sessionid={session_key}"} if session_key else {}
    return await websockets.connect(f"ws://127.0.0.1:{port}{path}", origin=f"http://127.0.0.1:{port}",
                                    additional_headers=headers, open_timeout=30, max_size=2 ** 22,
                                    ping_interval=None)


async def open_in_batches(factories, batch=50):
    sockets = []
    for start in range(0, len(factories), batch):
        sockets += await asyncio.gather(*(f() for f in factories[start:start + batch]))
    return sockets


async def run_games(tables, ports, think, duration, warmup):
    clock = time.perf_counter
    factories = []
    for g, (code, keys) in enumerate(tables):
        for p, key in enumerate(keys):
            port = ports[(g + p) % len(ports)]
            factories.append(lambda port=port, code=code, key=key: connect(port, f"/ws/games/{code}/", key))
    sockets = await open_in_batches(factories)
    size = len(tables[0][1])
    drivers = [GameDriver(code, sockets[i * size:(i + 1) * size], think, clock) for i, (code, _) in enumerate(tables)]
    start = clock()
    await asyncio.gather(*(d.run(start + warmup + duration) for d in drivers))
    for socket in sockets:
        await socket.close()
    measured = [rtt for d in drivers for sent, rtt in d.samples if sent >= start + warmup]
    first = [rtt for d in drivers for sent, rtt in d.first if sent >= start + warmup]
    actions = sum(1 for d in drivers for sent, _ in d.samples if sent >= start + warmup)
    sizes = [n for d in drivers for n in d.frame_sizes]
    return {
        "rtt": measured,
        "first": first,
        "actions_per_second": actions / duration,
        "errors": sorted(e for d in drivers for e in d.errors),
        "frame_bytes": int(statistics.median(sizes)) if sizes else 0,
        "games_over": sum(d.over for d in drivers),
    }


# ---- the echo baseline ----------------------------------------------------------------------------------

async def run_echo(rooms, size, ports, think, duration, warmup, payload_bytes):
    clock = time.perf_counter
    factories = []
    for r in range(rooms):
        for p in range(size):
            port = ports[(r + p) % len(ports)]
            factories.append(lambda port=port, r=r: connect(port, f"/ws/echo/bench{r}-{os.getpid()}/"))
    sockets = await open_in_batches(factories)
    start = clock()
    stop_at = start + warmup + duration
    samples = []
    pad = "x" * max(0, payload_bytes - 60)

    async def room(members):
        arrivals = {}
        sent = {}

        async def read(index, socket):
            while clock() < stop_at:
                try:
                    text = await asyncio.wait_for(socket.recv(), timeout=max(0.05, stop_at - clock()))
                except asyncio.TimeoutError:
                    return
                now = clock()
                n = json.loads(text)["n"]
                got = arrivals.setdefault(n, set())
                got.add(index)
                if len(got) == len(members):
                    samples.append((sent[n], now - sent[n]))

        async def speak():
            n = 0
            while True:
                await asyncio.sleep(think * random.uniform(0.5, 1.5))
                if clock() >= stop_at:
                    return
                n += 1
                sent[n] = clock()
                await members[n % len(members)].send(json.dumps({"n": n, "pad": pad}))

        await asyncio.gather(speak(), *(read(i, s) for i, s in enumerate(members)))

    await asyncio.gather(*(room(sockets[r * size:(r + 1) * size]) for r in range(rooms)))
    for socket in sockets:
        await socket.close()
    measured = [rtt for sent, rtt in samples if sent >= start + warmup]
    return {"rtt": measured, "messages_per_second": len(measured) / duration}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds a player waits before acting")
    parser.add_argument("--duration", type=float, default=30.0, help="measured seconds per phase")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--layer", choices=("core", "pubsub"), default="core",
                        help="channels-redis layer: core (the site's default) or pubsub (REDIS_CHANNEL_LAYER=pubsub)")
    args = parser.parse_args()

    os.environ["DATABASE_URL"] = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE
    os.environ["REDIS_URL"] = os.environ.get("REDIS_URL") or DEFAULT_REDIS
    if not os.environ["DATABASE_URL"].startswith("postgres"):
        sys.exit("bench/live.py measures the production shape: DATABASE_URL must be a PostgreSQL URL")
    from tests.browser.live_site import LiveSite

    extra = {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": SECRET, "GAMES_ECHO_SOCKET": "1",
             "DATABASE_CONN_MAX_AGE": "600", "DJANGO_LOG_LEVEL": "ERROR", "REDIS_CHANNEL_LAYER": args.layer}
    site = LiveSite(tempfile.mkdtemp(prefix="bench-live-"), servers=args.servers, worker=False, extra_env=extra)
    print(f"starting {args.servers} servers on a fresh database ...", file=sys.stderr)
    site.start()
    try:
        os.environ.update(DATABASE_URL=site.database_url, DJANGO_SECRET_KEY=SECRET,
                          DJANGO_SETTINGS_MODULE="config.settings")
        began = time.perf_counter()
        tables = setup_games(args.games, args.players)
        print(f"{args.games} games started in {time.perf_counter() - began:.1f}s; playing ...", file=sys.stderr)
        servers = [p.pid for p in site.processes[:args.servers]]
        cpu_before, me_before, wall = cpu_seconds(servers), cpu_seconds([os.getpid()]), time.perf_counter()
        stores_before = cpu_by_pid(pids_named("postgres", "redis-server"))
        game = asyncio.run(run_games(tables, site.ports, args.think, args.duration, args.warmup))
        wall = time.perf_counter() - wall
        game_cpu = {"servers": cpu_seconds(servers) - cpu_before, "client": cpu_seconds([os.getpid()]) - me_before,
                    "stores": stores_cpu_since(stores_before)}
        print("echo baseline ...", file=sys.stderr)
        cpu_before, me_before, echo_wall = cpu_seconds(servers), cpu_seconds([os.getpid()]), time.perf_counter()
        stores_before = cpu_by_pid(pids_named("postgres", "redis-server"))
        echo = asyncio.run(run_echo(args.games, args.players, site.ports, args.think, args.duration, args.warmup,
                                    game["frame_bytes"]))
        echo_wall = time.perf_counter() - echo_wall
        echo_cpu = {"servers": cpu_seconds(servers) - cpu_before, "client": cpu_seconds([os.getpid()]) - me_before,
                    "stores": stores_cpu_since(stores_before)}
    finally:
        site.stop()
    game_ms, echo_ms = summary_ms(game["rtt"]), summary_ms(echo["rtt"])
    ratio = round(game_ms["p99"] / echo_ms["p99"], 2) if game_ms["p99"] and echo_ms["p99"] else None
    result = {
        "bench": "live",
        "games": args.games,
        "players_per_game": args.players,
        "servers": args.servers,
        "think_seconds": args.think,
        "channel_layer": args.layer,
        "measured_seconds": args.duration,
        "actions_per_second": round(game["actions_per_second"], 1),
        "update_frame_bytes": game["frame_bytes"],
        "action_to_every_player_ms": game_ms,
        "action_to_first_player_ms": summary_ms(game["first"]),
        "echo_to_every_member_ms": echo_ms,
        "p99_ratio_to_echo": ratio,
        "server_cpu_share": {"game": round(game_cpu["servers"] / wall, 2), "echo": round(echo_cpu["servers"] / echo_wall, 2)},
        "client_cpu_share": {"game": round(game_cpu["client"] / wall, 2), "echo": round(echo_cpu["client"] / echo_wall, 2)},
        "postgres_redis_cpu_share": {"game": round(game_cpu["stores"] / wall, 2),
                                     "echo": round(echo_cpu["stores"] / echo_wall, 2)},
        "machine_load_average": round(os.getloadavg()[0], 2),
        "errors": game["errors"],
        "games_over": game["games_over"],
        "target_p99_under_50ms": bool(game_ms["p99"] is not None and game_ms["p99"] < TARGET_P99_MS),
        "target_p99_under_3x_echo": bool(ratio is not None and ratio < TARGET_RATIO),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
