"""What a move costs the database thread, in-process on PostgreSQL: the play service, the game's lock, the engine,
the event row, the log's words per language, the frames per language, the commit.

    python bench/move_path.py [--moves 400] [--games 20] [--rounds 4] [--languages en|en,fr]
                              [--profile 25] [--database-url URL]

Four-player Machi Koro games (the live bench's tables) are created through the services on a scratch database
(made on DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres, and dropped at the end),
then moves are played through `services.play_action`, one game after another, each move as a socket's
database thread runs it (`games.db_threads._in_pool_thread`: stale connections closed around it, its
broadcasts collected, not sent). A finished game is
replaced by a new one outside the measured time.

Five variants are timed in alternating rounds, A B C D E A B C D E, so a busy machine weighs on each alike:
- `current`: the move path as it is;
- `begin_apart`: the transaction's BEGIN sent alone, as psycopg does by default, not with the lock
  (games/fastsql.py PIPELINE_BEGIN);
- `every_language`: the same move with the update worded in every site language whatever the game's readers
  (the cost a game pays for each language its pages are read in);
- `program_reading`: the same move in games a program's RPC socket was opened on (Game.rpc_readers), which
  build each seat's RPC notifications too (what a game played on the pages alone no longer pays);
- `beside_a_busy_thread`: the same move while another thread of the process runs Python (encoding and
  decoding frames, as a server's event loop does beside its database threads): what taking turns at the
  interpreter's lock (the GIL) costs the move's own thread.

For each: the CPU of the thread making the moves (its thread time, so the busy thread's is not counted) and
wall milliseconds per move, and the statements per move (counted with
Django's query log). With --profile N, the first N moves of a separate pass are profiled and the top functions
by own time printed to stderr. The last line is one JSON object.
"""
import argparse
import contextlib
import cProfile
import io
import json
import os
import pstats
import sys
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/postgres"
PLAYERS = 4
OPTIONS = {"extensions": [], "market_rule": False, "stacks": None}


def _with_database(url, name):
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


class Tables:
    """Started games whose next move the autopilot chooses; a finished game is replaced."""

    def __init__(self, games, languages):
        self.languages = languages
        self.run = uuid.uuid4().hex[:6]
        self.count = 0
        self.program_reading = False
        self.games = [self.new_game() for _ in range(games)]

    def set_program_reading(self, reading):
        """Whether the games are read by a program's RPC socket (new games too), set outside the timed moves."""
        from games.models import Game

        self.program_reading = reading
        Game.objects.filter(pk__in=[game_id for game_id, _ids in self.games]).update(rpc_readers=reading)

    def new_game(self):
        from django.contrib.auth import get_user_model

        from games import services
        from games.identity import Identity

        self.count += 1
        users = [get_user_model().objects.create_user(f"mp{self.run}g{self.count}p{p}", password=None)
                 for p in range(PLAYERS)]
        ids = [Identity(user_id=u.pk, name=u.username) for u in users]
        game = services.create_game(host=ids[0], ruleset_slug="machikoro", public=True, min_players=PLAYERS,
                                    max_players=PLAYERS, turn_seconds=0, options=OPTIONS)
        for identity in ids[1:]:
            services.join_game(game_id=game.pk, identity=identity)
        for identity in ids:
            services.set_ready(game_id=game.pk, identity=identity, ready=True)
        for language in self.languages:
            services.note_reader_language(game.pk, language)
        if self.program_reading:
            services.note_program_reader(game.pk)
        return game.pk, ids

    def next_move(self, index):
        """(game id, identity, expected seq, action) of the autopilot's move in table `index`, a new game
        first if its game is over."""
        from games.models import Game, Seat
        from games.selectors.lookup import current_match

        game_id, ids = self.games[index]
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.PLAYING:
            self.games[index] = game_id, ids = self.new_game()
            game = Game.objects.get(pk=game_id)
        ruleset, match = current_match(game)
        position = match.progress().to_act[0]
        action = match.bot_action(position, ruleset.autopilot_bot, game.event_seq + 1)
        user_id = Seat.objects.get(game=game, position=position).user_id
        identity = next(i for i in ids if i.user_id == user_id)
        return game_id, identity, game.event_seq, action


def every_language(game):
    from django.conf import settings

    return [code for code, _name in settings.LANGUAGES]


class BusyThread:
    """Another thread running Python without pause but for short sleeps, as a loaded event loop does."""

    def __init__(self):
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="busy", daemon=True)

    def _run(self):
        frame = {"type": "update", "view": {"players": [{"coins": n, "cards": list(range(20))} for n in range(4)]}}
        while not self.stopped.is_set():
            for _ in range(100):
                json.loads(json.dumps(frame))
            time.sleep(0.001)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stopped.set()
        self.thread.join()


def play(tables, moves, variant, profiler=None):
    """(CPU seconds of this thread, wall seconds, statements) of `moves` moves; only the service call is timed."""
    from django.db import connection
    from games import fastsql
    from games.selectors import frames

    original = frames.worded_languages
    connection.force_debug_cursor = True
    try:
        if variant == "every_language":
            frames.worded_languages = every_language
        fastsql.PIPELINE_BEGIN = variant != "begin_apart"
        tables.set_program_reading(variant == "program_reading")
        with BusyThread() if variant == "beside_a_busy_thread" else contextlib.nullcontext():
            return _timed_moves(tables, moves, profiler)
    finally:
        frames.worded_languages = original
        fastsql.PIPELINE_BEGIN = True
        tables.set_program_reading(False)
        connection.force_debug_cursor = False


def _timed_moves(tables, moves, profiler):
    from django.db import connection, reset_queries
    from games import services
    from games.db_threads import _in_pool_thread

    cpu = wall = 0.0
    statements = 0
    for n in range(moves):
        game_id, identity, seq, action = tables.next_move(n % len(tables.games))
        reset_queries()
        c0, w0 = time.thread_time(), time.perf_counter()
        if profiler:
            profiler.enable()
        _result, _messages, error = _in_pool_thread(
            services.play_action, (), {"game_id": game_id, "identity": identity, "expected_seq": seq,
                                       "action": action}, "en")
        if profiler:
            profiler.disable()
        cpu += time.thread_time() - c0
        wall += time.perf_counter() - w0
        statements += len(connection.queries)
        if error is not None:
            raise error
    return cpu, wall, statements


def row_bytes_per_move():
    """What a move writes, in stored bytes: its event row, and the game row it rewrites (PostgreSQL's sizes, after
    compression): the base of the database's write volume (WAL) per move."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT avg(pg_column_size(e.*)) FROM games_gameevent e")
        event = cursor.fetchone()[0]
        cursor.execute("SELECT avg(pg_column_size(g.*) - pg_column_size(g.rules)) FROM games_game g "
                       "WHERE g.state IS NOT NULL")
        game = cursor.fetchone()[0]
    return {"event_row": round(float(event or 0)), "game_row_without_rules": round(float(game or 0))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400, help="moves per variant, over all rounds")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=4, help="A B rounds")
    parser.add_argument("--languages", default="en", help="the languages the games' pages are read in")
    parser.add_argument("--profile", type=int, default=0, help="profile this many moves and print the top functions")
    parser.add_argument("--database-url", help="a migrated database with the cards loaded, used as it is")
    args = parser.parse_args()

    admin_url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE
    created = None
    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url
    else:
        created = f"bench_move_path_{uuid.uuid4().hex[:8]}"
        import psycopg

        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{created}"')
        os.environ["DATABASE_URL"] = _with_database(admin_url, created)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-move-path")
    os.environ["DJANGO_DEBUG"] = "0"
    # As the servers run (bench/live.py, docs/operations.md): a database thread keeps its connection between
    # moves; at Django's default of 0 every move would open one, and that is most of what a profile shows.
    os.environ.setdefault("DATABASE_CONN_MAX_AGE", "600")
    os.environ.pop("REDIS_URL", None)   # broadcasts are collected, never sent; Celery eager is not reached
    try:
        import django

        django.setup()
        from django.core.management import call_command

        if created:
            call_command("migrate", verbosity=0)
            call_command("load_cards", verbosity=0)
        languages = [code for code in args.languages.split(",") if code and code != "en"]
        tables = Tables(args.games, languages)
        play(tables, args.games * 2, "current")   # warm: prepared statements, card-set caches
        variants = ("current", "begin_apart", "every_language", "program_reading", "beside_a_busy_thread")
        totals = {v: [0.0, 0.0, 0] for v in variants}
        per_round = max(1, args.moves // args.rounds)
        for _ in range(args.rounds):
            for variant in variants:
                cpu, wall, statements = play(tables, per_round, variant)
                totals[variant][0] += cpu
                totals[variant][1] += wall
                totals[variant][2] += statements
        moves = per_round * args.rounds
        result = {"bench": "move_path", "moves_per_variant": moves, "games": args.games,
                  "reader_languages": ["en", *languages]}
        for variant, (cpu, wall, statements) in totals.items():
            result[variant] = {"cpu_ms_per_move": round(cpu * 1000 / moves, 3),
                               "wall_ms_per_move": round(wall * 1000 / moves, 3),
                               "statements_per_move": round(statements / moves, 2)}
        if args.profile:
            profiler = cProfile.Profile(time.thread_time)   # CPU, not wall: what the move costs the process
            play(tables, args.profile, "current", profiler)
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(30)
            print(out.getvalue(), file=sys.stderr)
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(45)
            print(out.getvalue(), file=sys.stderr)
        result["row_bytes_per_move"] = row_bytes_per_move()
        result["machine_load_average"] = round(os.getloadavg()[0], 2)
        print(json.dumps(result))
    finally:
        if created:
            from django.db import connections

            connections.close_all()
            import psycopg

            with psycopg.connect(admin_url, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{created}" WITH (FORCE)')


if __name__ == "__main__":
    main()
