"""bench/live.py's Aquarius mode: five-seat games played over the referee's JSON-RPC socket.

Each seat is a program as the seed's clients are: it connects to /ws/games/<code>/rpc/ with its seat token,
rebuilds its view with volity.send_state() and plays the greedy policy of the stand-alone client
(games/aquarius/client.py), knowing nothing but the RPC messages. A move is measured from sending the
accepted call until every seat has the notification that closes it (game.your_turn / game.other_turn, or
volity.end_game), and each call's reply separately.
"""
import asyncio
import time

from bench.live_tables import StartedGames

SEATS = 5
CLOSING = ("game.your_turn", "game.other_turn", "volity.end_game")


class AquariusTables(StartedGames):
    """Started five-seat Aquarius games; each seat's credential is its RPC seat token."""

    players = SEATS
    ruleset = "aquarius"
    options = {"chicken": False}

    def __init__(self):
        super().__init__()
        from cards.aquarius.data import load_aquarius
        from cards.aquarius.data import AQUARIUS_FILE
        from cards.loading import read_json

        load_aquarius(read_json(AQUARIUS_FILE))      # idempotent: games freeze the deck from the card database

    def table(self, bench, index, connect):
        return AquariusTable(bench, index, connect)

    def new(self, head_start=False):
        from games.models import Seat
        from games.rpc.tokens import seat_token

        game, _ = self.start_game(head_start)
        return game.code, [seat_token(game, s) for s in Seat.objects.filter(game=game).order_by("position")]


class AquariusTable:
    """One game's five RPC seats; a finished game is replaced by a new one (as the Machi Koro tables)."""

    def __init__(self, bench, index, connect):
        self.bench = bench
        self.index = index
        self.connect = connect
        self.first_game = True   # starts a random part of the way in (bench/live_tables.py)
        self.generation = 0

    async def run(self):
        import websockets

        from games.clients.rpc import RpcConnection

        while True:
            code, tokens = await self.bench.maker.new(self.first_game)
            self.first_game = False
            ports = self.bench.ports
            sockets = await asyncio.gather(*(
                self.connect(ports[(self.index + p) % len(ports)], f"/ws/games/{code}/rpc/?token={token}")
                for p, token in enumerate(tokens)))
            self.generation += 1
            self.sent_at, self.closed_moves, self.seated = [], [0] * SEATS, [False] * SEATS
            try:
                connections = []
                for p, socket in enumerate(sockets):
                    connection = RpcConnection(None, None, on_frame=self._frame_watcher(p), timeout=3600)
                    connection.socket = socket
                    connections.append(connection)
                await asyncio.gather(*(self.seat(p, c) for p, c in enumerate(connections)))
                self.bench.games_finished += 1
            except websockets.exceptions.ConnectionClosed:
                self.bench.closed_by_server(self)
            finally:
                for socket in sockets:
                    await socket.close()

    def _frame_watcher(self, position):
        """Times every frame a seat receives: the closing notification of the k-th move reaches it."""
        def watch(direction, text):
            if direction != "in" or not self.seated[position]:
                return
            self.bench.frame_bytes.append(len(text))
            if any(f'"method":"{m}"' in text or f'"method": "{m}"' in text for m in CLOSING):
                self.arrived(position, time.perf_counter())
        return watch

    def arrived(self, position, now):
        k = self.closed_moves[position]
        self.closed_moves[position] += 1
        if k < len(self.sent_at) and all(c > k for c in self.closed_moves):
            waiting = self.bench.pending.pop((id(self), k), None)
            if waiting is not None:
                waiting.samples.append(now - self.sent_at[k])

    async def seat(self, position, connection):
        from games.aquarius.engine import load_deck
        from games.aquarius.client import MAX_TRIES, TableView, make_policy
        from games.clients.rpc import RpcError

        view, policy = TableView(load_deck()), make_policy("greedy", seed=hash((self.index, position)))
        await connection.call("volity.send_state")
        generation = self.generation
        while True:
            note = await connection.notification()
            view.apply(note)
            method = note["method"]
            if method == "volity.state_sent":
                self.seated[position] = True
                if all(self.seated):
                    self.bench.seated += 1
            if method == "volity.end_game" or (method == "volity.state_sent" and view.state == "finished"):
                return
            if not (view.my_turn and not view.in_burst and view.state == "active"):
                continue
            while not all(self.seated):   # a move before every seat has its state would reach some twice
                await asyncio.sleep(0.05)
            measured = await self.bench.wait_turn("game", since=self.sent_at[-1] if self.sent_at else None)
            if generation != self.generation:
                return
            for method, params in [*policy.candidates(view)[:MAX_TRIES], ("game.pass", [])]:
                k = len(self.sent_at)
                started = time.perf_counter()
                self.sent_at.append(started)
                self.bench.pending[(id(self), k)] = measured
                try:
                    await connection.call(method, *params)
                except RpcError as error:
                    self.sent_at.pop()
                    self.bench.pending.pop((id(self), k), None)
                    if error.code == 606:
                        continue      # the rebuilt view was wrong about this card: the next candidate
                    measured.errors.append(error.code)
                    break
                measured.sent += 1
                measured.replies.append(time.perf_counter() - started)
                if params:
                    view.played(params[0])
                view.my_turn = False
                break
