"""bench/live.py's Machi Koro mode: four-player games over the game page's socket, /ws/games/<code>/.

A player acts when his frame offers actions, after the bench's think time; he builds a landmark when he can
(so games end in minutes), otherwise picks at random. A move is measured from sending it until its update
reached all four players.
"""
import asyncio
import json
import random
import time

from bench.live_tables import StartedGames

PLAYERS = 4


class MachiKoroTables(StartedGames):
    """Started four-player games; each player's credential is a session cookie."""

    players = PLAYERS
    ruleset = "machikoro"
    options = {"extensions": [], "market_rule": False, "stacks": None}

    def table(self, bench, index, connect):
        return MachiKoroTable(bench, index, connect)

    def new(self, head_start=False):
        from games.tests.helpers import session_for

        game, users = self.start_game(head_start)
        return game.code, [session_for(user) for user in users]


class MachiKoroTable:
    """One game's four players; a finished game is replaced by a new one."""

    def __init__(self, bench, index, connect):
        self.bench = bench
        self.index = index
        self.connect = connect
        self.first_game = True   # starts a random part of the way in (bench/live_tables.py)

    async def run(self):
        import websockets

        while True:
            code, keys = await self.bench.maker.new(self.first_game)
            self.first_game = False
            ports = self.bench.ports
            sockets = await asyncio.gather(*(self.connect(ports[(self.index + p) % len(ports)], f"/ws/games/{code}/", key)
                                             for p, key in enumerate(keys)))
            try:
                await self.play(sockets)
                self.bench.games_finished += 1
            except websockets.exceptions.ConnectionClosed:
                self.bench.closed_by_server(self)   # counted as an error; the table starts a new game
            finally:
                self.over = True
                for socket in sockets:
                    await socket.close()

    async def play(self, sockets):
        self.arrivals, self.sent_at, self.over, self.greeted = {}, {}, False, 0
        self.generation = getattr(self, "generation", 0) + 1
        readers = [asyncio.create_task(self.read(i, s)) for i, s in enumerate(sockets)]
        for socket in sockets:
            await socket.send(json.dumps({"type": "hello", "since": None}))
        await asyncio.gather(*readers)      # each returns once its player has the final update

    async def read(self, index, socket):
        bench = self.bench
        while True:
            text = await socket.recv()
            now = time.perf_counter()
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "update":
                bench.frame_bytes.append(len(text))
                seq = frame["seq"]
                got = self.arrivals.setdefault(seq, set())
                got.add(index)
                if len(got) == PLAYERS:
                    del self.arrivals[seq]
                    waiting = bench.pending.pop((id(self), seq), None)
                    if waiting is not None:
                        waiting.samples.append(now - self.sent_at[seq])
                if frame["progress"]["status"] != "playing":
                    self.over = True
                    return
            elif kind in ("snapshot", "events"):
                self.greeted += 1
                if self.greeted == PLAYERS:
                    bench.seated += 1
            elif kind == "error":
                if bench.current is not None:
                    bench.current.errors.append(frame.get("code"))
            if kind in ("snapshot", "events", "update") and frame.get("actions"):
                asyncio.create_task(self.act(socket, frame["seq"], frame["actions"], self.generation))

    async def act(self, socket, seq, actions, generation):
        measured = await self.bench.wait_turn("game", since=self.sent_at.get(seq))
        if self.over or generation != self.generation:
            return
        builds = [a["action"] for a in actions if a["action"]["type"] == "build"]
        choice = random.choice(builds) if builds else random.choice(actions)["action"]
        self.sent_at[seq + 1] = time.perf_counter()
        self.bench.pending[(id(self), seq + 1)] = measured
        measured.sent += 1
        try:
            await socket.send(json.dumps({"type": "act", "seq": seq, "action": choice}))
        except Exception:   # the socket closed: run() counts it and starts a new game
            pass
