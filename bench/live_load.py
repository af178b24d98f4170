"""bench/live.py's load: the game tables and as many echo rooms, paced by the think time, and measured slice by
slice (a game, an echo or an idle slice), each slice's sends timed until they reached everyone."""
import asyncio
import json
import random
import statistics
import time
import uuid

from bench.live_figures import summarise

DRAIN_SECONDS = 15.0   # a slice waits this long at most for the replies to what it sent
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


BASELINE_STEPS = ("latency",)   # the steps whose echo slices alternate with the baseline servers' echo slices


async def measure(ports, tables, host, games, plan, slice_seconds, log, baseline=None):
    """Start `games` tables and as many echo rooms, then run `plan`: [(label, think, pairs)] -> results.

    With `baseline` (the ports and HostParts of other servers: bench/live_stacks.py's baseline stack), as many
    echo rooms on those too, and in the BASELINE_STEPS each echo slice is followed by one on the baseline
    (then an idle slice of its own): the two stacks' echoes measured at neighbouring moments, in
    `result["baseline_echo"]`."""
    bench = Bench(ports, tables, games, host.maker)
    run = uuid.uuid4().hex[:6]
    global _CONNECTING
    _CONNECTING = asyncio.Semaphore(16)         # one per event loop
    tasks = [asyncio.create_task(tables.table(bench, i, connect).run()) for i in range(games)]
    deadline = time.perf_counter() + 300
    while bench.seated < games and time.perf_counter() < deadline and not any(t.done() for t in tasks):
        await asyncio.sleep(0.2)
    rooms = [EchoRoom(bench, i, f"bench-{run}-{i}") for i in range(games)]
    base = None
    if baseline is not None:
        base = Bench(baseline[0], tables, games, host.maker)
        base.frame_bytes = bench.frame_bytes   # the same pad: echo messages as long as this run's updates
        rooms += [EchoRoom(base, i, f"bench-{run}-base-{i}") for i in range(games)]
    tasks += [asyncio.create_task(room.run()) for room in rooms]
    while sum(hasattr(r, "members") for r in rooms) < len(rooms) and time.perf_counter() < deadline \
            and not any(t.done() for t in tasks):
        await asyncio.sleep(0.2)
    results = []
    for label, think, pairs in plan:
        bench.think = think
        step = {"label": label, "think": think, "slices": []}
        compared = base is not None and label in BASELINE_STEPS
        base_step = {"label": f"{label} (baseline)", "think": think, "slices": []}
        if base is not None:
            base.think = think
        for _ in range(pairs):
            for kind in ("game", "echo"):
                step["slices"].append(await bench.run_slice(kind, slice_seconds, host))
            if compared:
                base_step["slices"].append(await base.run_slice("echo", slice_seconds, baseline[1]))
        # The servers' CPU with every socket open and nothing sent (timers, keep-alives, the layer's polls):
        # subtracted from both kinds, so the figures are the cost of a move and of an echo message.
        step["slices"].append(await bench.run_slice("idle", slice_seconds, host))
        if compared:
            base_step["slices"].append(await base.run_slice("idle", slice_seconds, baseline[1]))
        crashed = [t for t in tasks if t.done()]
        if crashed:
            raise RuntimeError(f"a client failed: {crashed[0].exception()!r}")
        summary = summarise(step, slice_seconds)
        summary["games_finished_so_far"] = bench.games_finished
        if compared:
            summary["baseline_echo"] = summarise(base_step, slice_seconds)["echo"]
        results.append(summary)
        log(summary)
        if label.startswith("capacity") and not summary["passed"]:
            break
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    frame_bytes = int(statistics.median(bench.frame_bytes)) if bench.frame_bytes else 0
    return results, frame_bytes, bench.games_finished, bench.closed
