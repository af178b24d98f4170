"""Started games with fresh players for bench/live.py's modes, made in processes of their own."""
import asyncio
import itertools
import multiprocessing
import os
import random
import uuid
from concurrent.futures import ProcessPoolExecutor


class StartedGames:
    """`new()` makes a started game of `players` fresh users; each mode turns its seats into credentials."""

    players = 0
    ruleset = ""
    options = {}

    def __init__(self):
        import django

        django.setup()
        self.run_id = uuid.uuid4().hex[:6]
        self.numbers = itertools.count(1)   # tables are made in several threads at once

    def start_game(self, head_start=False):
        """(game, users in seat order) of a game every player joined and is ready for (so it has started);
        with `head_start`, a random part of the way in. The bench's first games start that way, the games
        replacing finished ones from the beginning (as new games do), and the moves made here in the
        bench's own process do not compete with its clients during the measurements."""
        game, users, ids = self._started_game()
        if head_start:
            self._head_start(game, ids)
        return game, users

    def _head_start(self, game, ids):
        """Play a random part of the game as its autopilot would, through the services (event rows and all):
        games then end, and are replaced, all through a run, not together after its first minutes."""
        from games import services
        from games.models import Game, Seat
        from games.selectors.lookup import current_match

        rng = random.Random()
        game = Game.objects.get(pk=game.pk)   # started by the last player's readiness
        ruleset, match = current_match(game)
        moves = []
        while not match.progress().over:   # the autopilot's whole game, in memory
            seat = match.progress().to_act[0]
            action = match.bot_action(seat, ruleset.autopilot_bot, rng.randrange(2**62))
            moves.append((seat, action))
            match, _ = match.apply(seat, action)
        by_position = {s.position: s.user_id for s in Seat.objects.filter(game=game)}
        by_user = {identity.user_id: identity for identity in ids}
        seq = game.event_seq
        for seat, action in moves[:rng.randrange(len(moves))]:   # the same moves give the same game
            services.play_action(game_id=game.pk, identity=by_user[by_position[seat]], expected_seq=seq, action=action)
            seq += 1

    def _started_game(self):
        from django.contrib.auth import get_user_model
        from django.db import close_old_connections

        from games import services
        from games.identity import Identity

        close_old_connections()
        number = next(self.numbers)
        users = [get_user_model().objects.create_user(f"{self.ruleset[:2]}{self.run_id}g{number}p{p}", password=None)
                 for p in range(self.players)]
        ids = [Identity(user_id=u.pk, name=u.username) for u in users]
        game = services.create_game(host=ids[0], ruleset_slug=self.ruleset, public=True, min_players=self.players,
                                    max_players=self.players, turn_seconds=0, options=self.options)
        for identity in ids[1:]:
            services.join_game(game_id=game.pk, identity=identity)
        for identity in ids:
            services.set_ready(game_id=game.pk, identity=identity, ready=True)
        return game, users, ids


_TABLES = None   # in a game-making process: its StartedGames


def _start_maker(tables_class):
    global _TABLES
    _TABLES = tables_class()


def _make_game(head_start):
    return _TABLES.new(head_start)


class GameMaker:
    """Makes the tables' games in separate processes. In a thread of the bench's own process, a new game's
    Django work (users, seats, the start, a head start's moves) held the GIL for a hundred milliseconds and
    more while the clients' event loop waited to timestamp the replies: the bench measured itself."""

    def __init__(self, tables_class, processes=2):
        # Spawned, not forked: the bench's database connections stay its own.
        self.pool = ProcessPoolExecutor(max_workers=processes, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_start_maker, initargs=(tables_class,))

    async def new(self, head_start):
        """(game code, the players' credentials) of a new started game."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, _make_game, head_start)

    def pids(self):
        """The making processes (their CPU is the clients' part of the machine): the bench's only
        multiprocessing children (its servers and worker are plain subprocesses)."""
        return [child.pid for child in multiprocessing.active_children() if child.pid != os.getpid()]

    def close(self):
        self.pool.shutdown(cancel_futures=True)
