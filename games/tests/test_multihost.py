"""The several-hosts recipe (docs/operations.md) run locally: three ASGI servers and a Celery worker against
one PostgreSQL and one Redis. Games are played to the end with each game's players on different servers,
bot moves are made by the worker, and every player sees every move in the same order. When nginx is
installed, the documented nginx configuration is run in front of the three servers and one player of
each game goes through it."""
import asyncio
import json
import re
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path
from socket import create_connection

import pytest
from django.conf import settings

from games import services
from games.models import Game, GameEvent
from tests.browser.live_site import LiveSite, free_port

from games.tests.helpers import counting_lobby, session_for
from games.tests.test_multiprocess import client, frame_of, shared_database_url

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

OPERATIONS = Path(__file__).resolve().parents[2] / "docs" / "operations.md"
GAMES = 3
TARGET = 12


def documented_nginx_config():
    """The nginx block of docs/operations.md, as written."""
    text = OPERATIONS.read_text(encoding="utf-8")
    return re.search(r"```nginx\n(.*?)```", text, re.S).group(1)


class Nginx:
    """The documented configuration pointed at the local servers, in a throwaway nginx."""

    def __init__(self, workdir, ports):
        self.workdir = Path(workdir) / "nginx"
        self.port = free_port()
        config = documented_nginx_config()
        upstreams = "".join(f"    server 127.0.0.1:{port} max_fails=3 fail_timeout=10s;\n" for port in ports)
        config = re.sub(r"(upstream cards_asgi \{\n    least_conn;\n)(?:    server .*\n)+", r"\g<1>" + upstreams,
                        config)
        config = config.replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        assert f"127.0.0.1:{ports[-1]}" in config and f"127.0.0.1:{self.port}" in config
        for name in ("logs", "tmp"):
            (self.workdir / name).mkdir(parents=True, exist_ok=True)
        temp = self.workdir / "tmp"
        (self.workdir / "nginx.conf").write_text(
            "daemon off;\nworker_processes 1;\npid nginx.pid;\nerror_log logs/error.log;\n"
            "events { worker_connections 256; }\n"
            f"http {{\n access_log logs/access.log;\n client_body_temp_path {temp};\n proxy_temp_path {temp};\n"
            f" fastcgi_temp_path {temp};\n uwsgi_temp_path {temp};\n scgi_temp_path {temp};\n{config}\n}}\n")
        self.process = None

    def __enter__(self):
        command = [shutil.which("nginx"), "-p", str(self.workdir), "-c", str(self.workdir / "nginx.conf")]
        checked = subprocess.run(command + ["-t"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:   # nginx forks and binds after Popen returns: connect only once it listens
            assert self.process.poll() is None, (self.workdir / "logs" / "error.log").read_text()
            try:
                create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                assert time.monotonic() < deadline, "nginx did not listen within 30 s"
                time.sleep(0.1)

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait(timeout=10)


async def play_to_the_end(ports, code, keys):
    """Every human of the game on its own server, connected in the lobby; they say they are ready over their
    sockets (the game starts in a server), then whoever is to act adds 1..3 until someone wins; the bot's
    moves come from the worker. Returns, per player, the event number of its snapshot and the update
    numbers it received after it, and the last update."""
    sockets = [await client(port, code, key) for port, key in zip(ports, keys)]
    for socket in sockets:
        await socket.send(json.dumps({"type": "hello", "since": None}))
        await frame_of(socket, "snapshot", timeout=30)
    for socket in sockets:
        await socket.send(json.dumps({"type": "ready", "ready": True}))

    async def player(socket):
        await frame_of(socket, "started", timeout=30)
        await socket.send(json.dumps({"type": "hello", "since": None}))
        # A move's update may overtake the snapshot being built (as on the game page, which keeps it):
        # updates that arrive first and are newer than the snapshot are read right after it.
        early = []
        while (frame := await frame_of(socket, "snapshot", "update", timeout=30))["type"] == "update":
            early.append(frame)
        base, updates = frame["seq"], []
        pending = [update for update in early if update["seq"] > base]
        while True:
            if frame.get("actions") and frame["seq"] == (updates[-1] if updates else base):
                await socket.send(json.dumps({"type": "act", "seq": frame["seq"],
                                              "action": {"type": "add", "amount": 1 + frame["seq"] % 3}}))
            frame = pending.pop(0) if pending else await frame_of(socket, "update", timeout=30)
            if frame["seq"] <= (updates[-1] if updates else base):
                continue    # a move made before the snapshot, delivered after it
            updates.append(frame["seq"])
            if frame["progress"]["status"] != "playing":
                return base, updates, frame

    results = await asyncio.gather(*(player(socket) for socket in sockets))
    for socket in sockets:
        await socket.close()
    return results


async def play_all(tables):
    return await asyncio.gather(*(play_to_the_end(ports, code, keys) for code, ports, keys in tables))


@pytest.mark.django_db(transaction=True)
def test_games_played_across_three_servers_and_a_worker(tmp_path, make_player, django_user_model):
    pytest.importorskip("websockets")
    site = LiveSite(tmp_path, servers=3, database_url=shared_database_url(), migrate=False, load_cards=False,
                    worker=True, extra_env={"GAMES_EXTRA": "games.tests.counting.GAME",
                                            "DJANGO_SECRET_KEY": settings.SECRET_KEY, "GAMES_BOT_DELAY": "0.05"})
    with site:
        for index in range(3):   # the documented health checks, on every server
            with urllib.request.urlopen(f"{site.url(index)}/health/ready/") as answer:
                assert json.loads(answer.read()) == {"status": "ok", "database": "ok", "redis": "ok"}
        nginx = Nginx(tmp_path, site.ports) if shutil.which("nginx") else None
        tables, games = [], []
        for number in range(GAMES):
            humans = [make_player(f"p{number}x{seat}") for seat in range(3)]
            game = counting_lobby(humans[0], target=TARGET, max_players=4)
            for human in humans[1:]:
                services.join_game(game_id=game.pk, identity=human)
            services.add_bot(game_id=game.pk, identity=humans[0], kind=game_bot_kind())
            users = [django_user_model.objects.get(username=h.name) for h in humans]
            # Player s of game g on server (g + s) % 3: every game spans the three servers.
            ports = [site.ports[(number + seat) % 3] for seat in range(3)]
            if nginx is not None:
                ports[0] = nginx.port
            tables.append((game.code, ports, [session_for(u) for u in users]))
            games.append(game)
        if nginx is not None:
            with nginx:
                results = asyncio.run(play_all(tables))
            handshakes = (nginx.workdir / "logs" / "access.log").read_text()
            assert handshakes.count('/ws/games/') >= GAMES and '" 101 ' in handshakes   # upgraded via nginx
        else:
            results = asyncio.run(play_all(tables))
    for game, players in zip(games, results):
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED and game.state["count"] >= TARGET
        numbers = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
        assert numbers == list(range(1, game.event_seq + 1))
        for base, updates, last in players:   # every player saw every move after its snapshot, in order
            assert updates == list(range(base + 1, game.event_seq + 1))
            assert last["progress"]["status"] == "finished"
        bys = set(GameEvent.objects.filter(game=game).values_list("by", flat=True))
        assert bys == {"player", "bot"}       # the worker's bot played too


def game_bot_kind():
    from games.rulesets import get_ruleset

    return get_ruleset("counting").bot_kinds[0]
