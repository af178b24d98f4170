"""Faults mid-game on the production shape (`make test-faults`): PostgreSQL, Redis, two servers, a Celery
worker and beat. The site's Redis connections are killed, then the worker, then a server, while three
players, a bot and a spectator play on; nothing is lost or doubled, every socket resumes, and the absent
player's seat goes to a bot within the documented time (docs/live-games.md, "When Redis or a process fails").

The presence and sweep times are shortened through the servers' environment (FAULT_TIMES) so the run takes
well under a minute; the bounds asserted are the documented ones computed from those settings.
"""
import asyncio
import collections
import json
import os
import signal
import socket
import subprocess
import time

import pytest
from django.conf import settings
from django.db import connection

from config.pubsub_layer import ResyncingPubSubChannelLayer
from games import broadcast, services
from games.models import Game, GameEvent, Seat
from tests.browser.live_site import PYTHON, ROOT, LiveSite

from games.tests.helpers import counting_lobby, session_for
from games.tests.redis_faults import kill_redis_clients
from games.tests.test_killed_server import start_beat
from games.tests.test_multiprocess import client, shared_database_url

pytestmark = [pytest.mark.faults, pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

GRACE = 3.0
SWEEP = 0.5
FAULT_TIMES = {"GAMES_ABSENCE_GRACE": str(GRACE), "GAMES_PRESENCE_HEARTBEAT": "0.5", "GAMES_PRESENCE_TTL": "1.5",
               "GAMES_SWEEP_SECONDS": str(SWEEP), "GAMES_BOT_STALL": "1", "GAMES_BOT_DELAY": "0.05"}
# The documented bound (docs/live-games.md, "Presence"): the grace after the last heartbeat, plus a sweep; the
# slack covers the worker's round trip and the spectator's frame on a loaded machine.
ABSENCE_BOUND = GRACE + SWEEP + 2.5
CATCH_UP_FIRST, CATCH_UP_MAX = 0.5, 8.0   # static/js/game-page.js: CATCH_UP_FIRST_MS, CATCH_UP_MAX_MS
STEP = 20   # seconds any one step (a move, a reconnection) may take before the test fails


class Page:
    """A game page as static/js/game-page.js behaves: resumes from its last event number, answers a gap or a
    `resync` frame with `hello`, pings with its last number when quiet (CATCH_UP_FIRST, doubling), and (for a
    player) adds 1 whenever its seat is to act. `reading` cleared: it stops reading its socket (a slow client)."""

    def __init__(self, name, key, port, plays, slow=False):
        self.name, self.key, self.port, self.plays, self.slow = name, key, port, plays, slow
        self.last = None            # the last event number shown
        self.shown = set()          # every event number shown, live or caught up
        self.shown_at = {}          # event number -> when it was first shown (time.time())
        self.resyncs = 0            # `resync` frames received
        self.fillers = 0            # the test's filler frames received (`flood`)
        self.reading = asyncio.Event()
        self.reading.set()
        self.heard_at = time.monotonic()   # the last frame other than a pong
        self.resync_asked = None           # when the last `resync` frame came (time.monotonic())
        self.resynced = []                 # how long each resync took: `resync` frame to the events caught up
        self.live = collections.Counter()   # update frames received, per event number (a double shows here)
        self.acted = set()          # event numbers this page acted at
        self.errors = []
        self.connections = 0
        self.dropped = asyncio.Event()
        self.come_back = asyncio.Event()    # cleared: a dropped page stays away until set
        self.come_back.set()
        self.frames = asyncio.Queue()       # every frame, for the test to watch
        self.socket = None

    async def run(self):
        import websockets

        while True:
            connect = slow_client if self.slow else client
            self.socket = await connect(self.port, CODE[0], self.key)
            self.connections += 1
            await self._send({"type": "hello", "since": self.last})
            catching_up = asyncio.create_task(self._catch_up())
            try:
                async for text in self.socket:
                    await self.reading.wait()   # a slow client: frames wait in the socket's buffers
                    await self._handle(json.loads(text))
            except websockets.ConnectionClosed:
                pass
            finally:
                catching_up.cancel()
            if self.socket.close_code == 1000:   # closed by the test
                return
            self.dropped.set()
            await self.come_back.wait()

    async def _catch_up(self):
        """The page's check for a lost last update: a ping with its last number, CATCH_UP_FIRST after the last
        frame, then twice as late each time (at most CATCH_UP_MAX)."""
        wait = CATCH_UP_FIRST
        while True:
            heard = self.heard_at
            await asyncio.sleep(0.05)
            if self.heard_at != heard:
                wait = CATCH_UP_FIRST
            if self.reading.is_set() and self.last is not None and time.monotonic() - self.heard_at >= wait:
                self.heard_at = time.monotonic()
                wait = min(CATCH_UP_MAX, wait * 2)
                await self._send({"type": "ping", "since": self.last})

    def _show(self, seq):
        self.shown.add(seq)
        self.shown_at.setdefault(seq, time.time())

    async def _handle(self, frame):
        self.frames.put_nowait(frame)
        kind = frame["type"]
        if kind != "pong":
            self.heard_at = time.monotonic()
        if kind in ("snapshot", "events"):
            if self.resync_asked is not None:
                self.resynced.append(time.monotonic())
                self.resync_asked = None
            for entry in frame["entries"]:
                self._show(entry["seq"])
            self.last = frame["seq"]
            await self._act_if_asked(frame)
        elif kind == "update":
            self.live[frame["seq"]] += 1
            if self.last is not None and frame["seq"] > self.last + 1:
                await self._send({"type": "hello", "since": self.last})   # a gap: ask for what was missed
            elif self.last is not None and frame["seq"] == self.last + 1:
                self._show(frame["seq"])
                self.last = frame["seq"]
                await self._act_if_asked(frame)
        elif kind == "resync":   # the server may have lost frames for this page
            self.resyncs += 1
            self.resync_asked = time.monotonic()
            await self._send({"type": "hello", "since": self.last})
        elif kind == "error":
            self.errors.append(frame)
        elif kind == "filler":
            self.fillers += 1

    async def _act_if_asked(self, frame):
        if self.plays and frame.get("actions") and frame["seq"] not in self.acted:
            self.acted.add(frame["seq"])
            await self._send({"type": "act", "seq": frame["seq"], "action": {"type": "add", "amount": 1}})

    async def _send(self, message):
        await self.socket.send(json.dumps(message))

    async def close(self):
        await self.socket.close()


CODE = [None]   # the game's code, for the pages


async def slow_client(port, code, session_key):
    """A page's socket with the smallest buffers: when it stops reading, the server's sends soon wait."""
    import websockets

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)   # before connecting: the window stays small
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    return await websockets.connect(
        f"ws://127.0.0.1:{port}/ws/games/{code}/", sock=sock, origin=f"http://127.0.0.1:{port}",
        additional_headers={"Cookie": f"sessionid={session_key}"}, open_timeout=10, max_queue=1)


async def until(condition, what, timeout=STEP):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what() if callable(what) else what}: not within {timeout} s"
        await asyncio.sleep(0.05)


async def moves_past(watcher, count):
    """Until the watching page has shown `count` more events."""
    target = watcher.last + count
    await until(lambda: watcher.last >= target, f"{count} more moves")


def start_worker(site, workdir, number):
    """A Celery worker as LiveSite starts one (a supervisor restarting the killed one)."""
    log = open(workdir / f"celery-{number}.log", "wb")
    process = subprocess.Popen(
        [PYTHON, "-m", "celery", "-A", "config", "worker", "-l", "warning", "-P", "threads", "-c", "4",
         "-Q", site.env["CELERY_TASK_DEFAULT_QUEUE"], "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=ROOT, env=site.env, stdout=log, stderr=subprocess.STDOUT)
    site.processes.append(process)   # stopped with the site, even if the test fails
    return process


def worker_of(site):
    return next(p for p in site.processes if "worker" in p.args and p.poll() is None)


async def scenario(site, tmp_path, pages, bot_position):
    ann, bob, cid, eve = pages
    runners = [asyncio.create_task(page.run()) for page in pages]
    try:
        await until(lambda: all(p.last is not None for p in pages), "every page open")
        await moves_past(eve, 4)

        # 1. Redis drops every connection of the site (servers, worker, beat): no socket closes.
        assert await asyncio.to_thread(kill_redis_clients, site.env["REDIS_URL"]) >= 4
        await moves_past(eve, 8)
        assert [p.connections for p in pages] == [1, 1, 1, 1], "a socket closed when Redis dropped its connections"

        # 2. The worker is killed as the bot is to act; a new one starts (as a supervisor would).
        await until(lambda: eve.last is not None and _to_act(eve) == bot_position, "the bot to act")
        worker = worker_of(site)
        worker.send_signal(signal.SIGKILL)
        await asyncio.to_thread(worker.wait)
        start_worker(site, tmp_path, 2)
        await moves_past(eve, 8)   # the bot's move came (run by the new worker, or restarted by the sweeper)

        # 3. The first server dies with ann's and cid's sockets. cid reconnects at once to the other server;
        # ann stays away, and a bot takes her seat within the documented time.
        ann.come_back.clear()
        ann.port = cid.port = site.ports[1]
        site.processes[0].send_signal(signal.SIGKILL)
        await asyncio.to_thread(site.processes[0].wait)
        killed = time.monotonic()
        await until(lambda: ann.dropped.is_set() and cid.dropped.is_set(), "the dead server's sockets drop")
        await until(lambda: _autopilot(eve, "ann"), "ann's seat handed to a bot", timeout=ABSENCE_BOUND + 5)
        handed_after = time.monotonic() - killed
        assert handed_after <= ABSENCE_BOUND, handed_after
        await moves_past(eve, 8)   # her autopilot plays on
        ann.come_back.set()        # she returns and catches up from her last event number
        await until(lambda: ann.connections == 2 and ann.last == eve.last, "ann resumed")
        await moves_past(eve, 4)
        await until(lambda: all(p.last == eve.last for p in pages), "every page at the last event")
        return handed_after, eve.last   # the bots play on while the pages close: later events may reach some
    finally:
        for page in pages:
            page.come_back.set()
            if page.socket is not None:
                await page.close()
        await asyncio.gather(*runners, return_exceptions=True)


SEATS = {}   # the latest seat list the spectator saw


def _to_act(page):
    last = None
    while not page.frames.empty():
        frame = page.frames.get_nowait()
        if frame["type"] == "seats":
            SEATS["list"] = frame["seats"]
        if "progress" in frame:
            last = frame["progress"]["to_act"]
    if last is not None:
        SEATS["to_act"] = last
    to_act = SEATS.get("to_act") or [None]
    return to_act[0]


def _autopilot(page, name):
    _to_act(page)
    return any(s["name"] == name and s["autopilot"] for s in SEATS.get("list", ()))


@pytest.mark.timeout(170)
def test_a_game_survives_redis_worker_and_server_faults(tmp_path, make_player, django_user_model):
    pytest.importorskip("websockets")
    players = {name: make_player(name) for name in ("ann", "bob", "cid", "eve")}
    keys = {u.username: session_for(u) for u in django_user_model.objects.all()}
    env = {"GAMES_EXTRA": "games.tests.counting.GAME", "DJANGO_SECRET_KEY": settings.SECRET_KEY,
           "GAMES_SCHEDULER": "0", "CELERY_TASK_ALWAYS_EAGER": "0", **FAULT_TIMES}
    site = LiveSite(tmp_path, servers=2, database_url=shared_database_url(), migrate=False, load_cards=False,
                    worker=True, extra_env=env)
    with site:
        start_beat(site, tmp_path)
        ann = players["ann"]
        lobby = counting_lobby(ann, target=100, max_players=4)
        for name in ("bob", "cid"):
            services.join_game(game_id=lobby.pk, identity=players[name])
        services.add_bot(game_id=lobby.pk, identity=ann, kind="greedy")
        for name in ("ann", "bob", "cid"):
            services.set_ready(game_id=lobby.pk, identity=players[name], ready=True)
        game = Game.objects.get(pk=lobby.pk)
        assert game.status == Game.Status.PLAYING
        CODE[0] = game.code
        SEATS.clear()
        bot_position = Seat.objects.get(game=game, bot_kind="greedy").position
        first, second = site.ports
        pages = [Page("ann", keys["ann"], first, plays=True), Page("bob", keys["bob"], second, plays=True),
                 Page("cid", keys["cid"], first, plays=True), Page("eve", keys["eve"], second, plays=False)]
        handed_after, agreed = asyncio.run(scenario(site, tmp_path, pages, bot_position))

    events = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", "seat", "by", "action"))
    game.refresh_from_db()
    # Nothing lost or doubled: events numbered 1..n, the seats in turn, the count their sum.
    assert [seq for seq, *_ in events] == list(range(1, game.event_seq + 1))
    seats = game.seats.count()
    assert [seat for _, seat, *_ in events] == [n % seats for n in range(len(events))]
    assert game.state["count"] == sum(action["amount"] for *_, action in events)
    # Each page showed every event up to the last one it had when it closed, which is at least the one all pages
    # agreed on (the bots may move while the pages close one by one), and no update came twice on one socket.
    for page in pages:
        assert page.shown >= set(range(1, page.last + 1)), page.name
        assert agreed <= page.last <= game.event_seq, (page.name, agreed, page.last, game.event_seq)
        assert not [seq for seq, times in page.live.items() if times > 1], page.name
        assert not page.errors, (page.name, page.errors)
    assert pages[0].connections == pages[2].connections == 2 and pages[1].connections == pages[3].connections == 1
    ann_seat = Seat.objects.get(game=game, user_id=ann.user_id)
    assert ann_seat.autopilot and "autopilot" in {by for _, _, by, _ in events}
    assert handed_after <= ABSENCE_BOUND


# ---- at most once, then resync (docs/live-games.md, "Delivery: at most once, then resync") ----------------------

DROPPED = (6, 11, 17)   # event numbers the servers' channel layer drops on delivery (CHANNEL_LAYER_TEST_DROP_SEQS)
RESUME = 1.0            # seconds: each page shows a lost event, or is resynced, within this
SOCKET_CAPACITY = 20    # CHANNEL_SOCKET_CAPACITY: messages a socket may leave untaken before it is resynced
FILLER_FRAMES = 300     # 16 kB frames the slow page does not read: more than the largest socket buffers hold


async def flood(count):
    """`count` frames of 16 kB to the game's sockets, as the servers' own messages travel; pages ignore their type
    (a game frame's size, without the hundreds of moves a counting game does not have)."""
    layer = ResyncingPubSubChannelLayer(hosts=[os.environ["REDIS_URL"]])
    filler = json.dumps({"type": "filler", "pad": "x" * 16000})
    try:
        for _ in range(count):
            await layer.group_send(broadcast.game_group(CODE[0]), {"type": "game.frame", "text": filler})
    finally:
        await layer.flush()


def _created_at(seqs):
    """When the events were committed; in a thread of its own, whose connection is closed so that the test
    database can be dropped at the end."""
    try:
        return list(GameEvent.objects.filter(game__code=CODE[0], seq__in=seqs).values_list("seq", "created_at"))
    finally:
        connection.close()


async def resync_scenario(pages, slow):
    eve = pages[3]
    runners = [asyncio.create_task(page.run()) for page in pages]
    try:
        await until(lambda: all(p.last is not None for p in pages), "every page open")

        # 1. Lost messages: every page shows each dropped event within RESUME of its commit, from the next
        # update's gap or (a lost last update) from its quiet ping.
        await until(lambda: eve.last >= DROPPED[-1] + 3, "the dropped events played")
        created = dict(await asyncio.to_thread(_created_at, DROPPED))
        late = {(p.name, seq): round(p.shown_at[seq] - created[seq].timestamp(), 3)
                for p in pages for seq in DROPPED}
        assert max(late.values()) <= RESUME, late

        # 2. Every subscription of the site is killed: each page is told to resync and is in step within RESUME.
        before = [len(p.resynced) for p in pages]
        killed = time.monotonic()
        assert await asyncio.to_thread(kill_redis_clients, os.environ["REDIS_URL"]) >= 2
        await until(lambda: all(len(p.resynced) > n for p, n in zip(pages, before)), "every page resynced")
        resumed = [round(p.resynced[n] - killed, 3) for p, n in zip(pages, before)]
        assert max(resumed) <= RESUME, resumed
        await moves_past(eve, 8)

        # 3. A slow client: it stops reading while the game moves on; the server keeps the process's other sockets
        # going, drops what it queued for the slow one and sends it one resync; reading again, it is in step
        # within RESUME, on the same socket.
        slow.reading.clear()
        await flood(FILLER_FRAMES)
        await moves_past(eve, 4)
        resyncs = slow.resyncs
        slow.reading.set()
        back = time.monotonic()
        target = eve.last
        await until(lambda: slow.resyncs > resyncs and slow.last >= target,
                    lambda: f"the slow page resynced ({slow.resyncs} resyncs, at {slow.last} of {target}, "
                            f"{[p.fillers for p in pages]} fillers)")
        assert time.monotonic() - back <= RESUME
        assert slow.fillers < FILLER_FRAMES   # what it could not take was dropped, not queued without end
        await moves_past(eve, 4)
        await until(lambda: all(p.last == eve.last for p in pages), "every page at the last event")
        return late, resumed
    finally:
        for page in pages:
            page.reading.set()
            if page.socket is not None:
                await page.close()
        await asyncio.gather(*runners, return_exceptions=True)


@pytest.mark.timeout(120)
def test_lost_messages_a_lost_subscription_and_a_slow_client_each_resync_within_a_second(
        tmp_path, make_player, django_user_model):
    pytest.importorskip("websockets")
    players = {name: make_player(name) for name in ("ann", "bob", "cid", "eve", "sam")}
    keys = {u.username: session_for(u) for u in django_user_model.objects.all()}
    env = {"GAMES_EXTRA": "games.tests.counting.GAME", "DJANGO_SECRET_KEY": settings.SECRET_KEY,
           "GAMES_SCHEDULER": "0", "CELERY_TASK_ALWAYS_EAGER": "1",
           "CHANNEL_LAYER_TEST_DROP_SEQS": ",".join(map(str, DROPPED)), "CHANNEL_SOCKET_CAPACITY": str(SOCKET_CAPACITY)}
    site = LiveSite(tmp_path, servers=2, database_url=shared_database_url(), migrate=False, load_cards=False,
                    worker=False, extra_env=env)
    with site:
        lobby = counting_lobby(players["ann"], target=100, max_players=3)
        for name in ("bob", "cid"):
            services.join_game(game_id=lobby.pk, identity=players[name])
        for name in ("ann", "bob", "cid"):
            services.set_ready(game_id=lobby.pk, identity=players[name], ready=True)
        game = Game.objects.get(pk=lobby.pk)
        assert game.status == Game.Status.PLAYING
        CODE[0] = game.code
        first, second = site.ports
        slow = Page("sam", keys["sam"], first, plays=False, slow=True)
        pages = [Page("ann", keys["ann"], first, plays=True), Page("bob", keys["bob"], second, plays=True),
                 Page("cid", keys["cid"], first, plays=True), Page("eve", keys["eve"], second, plays=False), slow]
        late, resumed = asyncio.run(resync_scenario(pages, slow))
        print("lost event shown after (s):", sorted(late.values())[-5:], "resynced after a kill (s):", resumed)

    events = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", "seat", "action"))
    game.refresh_from_db()
    # Nothing applied twice: events numbered 1..n, the seats in turn, the count their sum.
    assert [seq for seq, *_ in events] == list(range(1, game.event_seq + 1))
    assert [seat for _, seat, _ in events] == [n % 3 for n in range(len(events))]
    assert game.state["count"] == sum(action["amount"] for *_, action in events)
    for page in pages:
        assert page.connections == 1, page.name   # resynced, never dropped
        assert page.shown >= set(range(1, page.last + 1)), page.name
        assert not [seq for seq, times in page.live.items() if times > 1], page.name
        assert not page.errors, (page.name, page.errors)
    assert all(seq not in page.live for page in pages for seq in DROPPED)   # the hook did drop them
