"""Two ASGI processes behind the Redis channel layer, two stand-alone clients (`manage.py aquarius_client`, real
subprocesses with seat tokens), one on each process, and an observer: a whole Aquarius game over RPC."""
import asyncio
import json
import subprocess
import sys

import pytest
from django.conf import settings

from games.models import Game
from tests.browser import live_site
from tests.browser.live_site import LiveSite

from games.tests.test_multiprocess import shared_database_url
from games.tests.rpc.aquarius_tables import aquarius_table, tokens_of
from games.tests.rpc.rpc_sockets import schema_validator

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

PORTS = (8141, 8142)  # this worktree's port range


async def observe(port, code, validate):
    """An observer on `port`: its state burst, then every frame until volity.end_game; returns the frames."""
    import websockets

    frames = []
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/games/{code}/rpc/", origin=f"http://127.0.0.1:{port}",
                                  open_timeout=10) as socket:
        await socket.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "volity.send_state", "params": []}))
        while True:
            frame = json.loads(await asyncio.wait_for(socket.recv(), 120))
            validate(frame)
            frames.append(frame)
            if frame.get("method") == "volity.end_game":
                return frames


async def close_code(port, path):
    """The close code a real server's socket at `path` is closed with before any frame."""
    import websockets

    async with websockets.connect(f"ws://127.0.0.1:{port}{path}", origin=f"http://127.0.0.1:{port}", open_timeout=10) as socket:
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(socket.recv(), 10)
    return closed.value.rcvd.code


@pytest.mark.django_db(transaction=True)
def test_stand_alone_clients_on_two_processes_play_a_whole_game(tmp_path, monkeypatch, django_user_model):
    pytest.importorskip("websockets")
    game, ids, keys = aquarius_table(django_user_model, ("ann", "bob"))
    tokens = tokens_of(game)
    ports = iter(PORTS)
    monkeypatch.setattr(live_site, "free_port", lambda: next(ports))
    site = LiveSite(tmp_path, servers=2, database_url=shared_database_url(), migrate=False, load_cards=False,
                    worker=False, extra_env={"DJANGO_SECRET_KEY": settings.SECRET_KEY})  # seat tokens stay valid
    with site:
        observer_port = site.ports[1]

        async def scenario():
            # A refusal's code reaches a real client (not the HTTP 403 of a handshake closed unaccepted).
            assert await close_code(observer_port, f"/ws/games/{game.code}/rpc/?token=1-nonsense") == 4403
            assert await close_code(observer_port, "/ws/games/nosuchgame/rpc/") == 4404
            assert await close_code(observer_port, "/ws/games/nosuchgame/") == 4404
            refused = await asyncio.create_subprocess_exec(
                sys.executable, "manage.py", "aquarius_client", f"{site.url(0)}/games/{game.code}/",
                "--seat-token", "1-nonsense", "--timeout", "20", cwd=str(live_site.ROOT), env=site.env,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            _, refusal = await asyncio.wait_for(refused.communicate(), 60)
            assert refused.returncode == 1 and b"the referee refused the seat token" in refusal, refusal
            watching = asyncio.create_task(observe(observer_port, game.code, schema_validator()))
            # An idle socket outlives the Redis layer's 5 s blocking receive (redis-py 8's default read
            # timeout was as long: the consumer crashed with close code 1011).
            await asyncio.sleep(7)
            clients = [
                await asyncio.create_subprocess_exec(
                    sys.executable, "manage.py", "aquarius_client", f"{site.url(i)}/games/{game.code}/",
                    "--seat-token", tokens[name], "--bot", bot, "--seed", str(i), "--timeout", "120",
                    cwd=str(live_site.ROOT), env=site.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                for i, (name, bot) in enumerate((("ann", "greedy"), ("bob", "random")))
            ]
            outputs = [await asyncio.wait_for(c.communicate(), 240) for c in clients]
            frames = await asyncio.wait_for(watching, 30)
            return [(c.returncode, out.decode(), err.decode()) for c, (out, err) in zip(clients, outputs)], frames

        results, frames = asyncio.run(scenario())
    for code, out, err in results:
        assert code == 0, err
        assert "Game over:" in out
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.event_seq > 0
    winners = ", ".join(f"seat{w + 1}" for w in game.result["winners"])
    assert all(f"Game over: {winners} won" in out for _, out, _ in results)
    methods = [f.get("method") for f in frames]
    assert methods.count("game.place_card") >= 2 and "game.outcome" in methods
    assert "game.new_hand" not in methods and "game.new_goal" not in methods and "game.your_turn" not in methods
