"""What a real server (uvicorn, config/serve.py) does with a client that sends bad frames or leaves mid-reply, on
the three sockets a visitor can open: the list of open games, a game's page and a game's RPC referee.

- A text frame that is not UTF-8 closes the socket with 1007 (invalid payload), one over the server's 1 MiB
  with 1009, which the client can read, not a dropped connection (1006, what a network fault looks like).
- A frame that crosses the server's close (a refused handshake is accepted, then closed with 4403/4404, and
  the client has already sent a frame), or a client that sends a frame and closes at once, leaves no traceback
  in the server's log: what the consumer would answer goes nowhere, quietly (games/socket_close.py). Under
  daphne the refused sockets logged "Attempt to send on a closed protocol" and an AttributeError for each such
  frame.
"""
import asyncio
import base64
import json
import os
import socket
import struct
import subprocess

import pytest

from tests.browser.live_site import PYTHON, ROOT
from games.tests.default_site import default_site, server_log, sockets_closed, wait_for

SETUP = """
import json

import django

django.setup()
from django.contrib.auth import get_user_model

from games import services
from games.identity import Identity
from games.tests.helpers import session_for, started_counting_game

users = [get_user_model().objects.create_user(name) for name in ("ann", "bob")]
ann, bob = (Identity(user_id=u.pk, name=u.username) for u in users)
game = started_counting_game(ann, bob, target=60)
lobby = services.create_game(host=ann, ruleset_slug="countrpc", options={"target": 12}, public=True,
                             min_players=2, max_players=3, turn_seconds=0)
print(json.dumps({"game": game.code, "lobby": lobby.code, "key": session_for(users[0])}))
"""

PING = {"open": '{"type": "ping"}', "game": '{"type": "ping", "ref": 1}',
        "rpc": '{"jsonrpc": "2.0", "id": 1, "method": "volity.send_state", "params": []}'}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    pytest.importorskip("websockets")
    with pytest.MonkeyPatch.context() as monkeypatch:
        site = default_site(tmp_path_factory.mktemp("closing"), monkeypatch, access_log=True, extra_env={
            "GAMES_EXTRA": "games.tests.counting.GAME,games.tests.rpc.counting_rpc.GAME"})
        with site:
            result = subprocess.run([PYTHON, "-c", SETUP], cwd=ROOT, env=site.env, capture_output=True, text=True,
                                    timeout=120)
            assert result.returncode == 0, result.stderr[-3000:]
            site.game = json.loads(result.stdout.strip().splitlines()[-1])
            site.paths = {"open": "/ws/games/", "game": f"/ws/games/{site.game['game']}/",
                          "rpc": f"/ws/games/{site.game['lobby']}/rpc/"}
            yield site


async def opened(site, name):
    import websockets  # optional: the live tests' client, skipped without it

    port = site.ports[0]
    return await websockets.connect(f"ws://127.0.0.1:{port}{site.paths[name]}", origin=f"http://127.0.0.1:{port}",
                                    additional_headers={"Cookie": f"sessionid={site.game['key']}"}, open_timeout=10)


async def close_code_after(site, name, frame):
    import websockets  # optional: the live tests' client, skipped without it

    socket = await opened(site, name)
    await socket.send(frame, text=True)
    try:
        while True:
            await asyncio.wait_for(socket.recv(), 10)
    except websockets.ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


@pytest.mark.parametrize("name", ["open", "game", "rpc"])
def test_a_text_frame_that_is_not_utf8_closes_the_socket_with_1007(site, name):
    assert asyncio.run(close_code_after(site, name, b'{"type": "ping", "ref": "\xff"}')) == 1007


def test_a_frame_over_the_servers_limit_closes_the_socket_with_1009(site):
    assert asyncio.run(close_code_after(site, "game", b" " * (1024 * 1024 + 1))) == 1009


def masked_frame(opcode, payload):
    """One client frame, built by hand (a client's frames are masked)."""
    mask = os.urandom(4)
    length = bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + struct.pack(">H", len(payload))
    return bytes([0x80 | opcode]) + length + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


TEXT, CLOSE = 1, 8


def raw_socket(site, path):
    """A socket past the WebSocket handshake, read by no WebSocket library: what it writes goes out at once."""
    port = site.ports[0]
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                        f"Origin: http://127.0.0.1:{port}\r\nCookie: sessionid={site.game['key']}\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += connection.recv(4096)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return connection


def server_closes(data):
    """Whether the server's (unmasked, short) frames in `data` include a close frame."""
    at = 0
    while at + 2 <= len(data):
        opcode, length = data[at] & 0x0F, data[at + 1] & 0x7F
        if opcode == CLOSE:
            return True
        at += 2 + (2 if length == 126 else 8 if length == 127 else 0) + (
            struct.unpack(">H", data[at + 2:at + 4])[0] if length == 126 else length)
    return False


def send_then_read_to_the_end(site, path, *frames):
    """Send `frames`, then read until the server ends the connection, answering its close frame as a browser
    would (else the server waits its close time-out for an answer that never comes)."""
    connection = raw_socket(site, path)
    connection.sendall(b"".join(frames))
    answered = any(frame[0] & 0x0F == CLOSE for frame in frames)
    received = b""
    try:
        while chunk := connection.recv(4096):
            received += chunk
            if not answered and server_closes(received):
                connection.sendall(masked_frame(CLOSE, struct.pack(">H", 1000)))
                answered = True
    except OSError:
        pass
    connection.close()


def assert_no_traceback_after(site, start, sockets):
    """Nothing but access lines in the log since `start` once `sockets` more sockets have closed."""
    # Every socket's close has reached the server, and so, before it, everything it tried to send.
    assert wait_for(lambda: sockets_closed(server_log(site)[start:]) >= sockets, timeout=30)
    log = server_log(site)[start:]
    assert "Traceback" not in log and "closed protocol" not in log, log[-3000:]


@pytest.mark.parametrize("path, frame", [
    ("/ws/games/nosuchgame/", PING["game"]), ("/ws/games/nosuchgame/rpc/", PING["rpc"]),
    ("/ws/games/{lobby}/rpc/?token=1-bad", PING["rpc"]), ("/ws/games/{lobby}/rpc/?token=", PING["rpc"])])
def test_a_frame_that_crosses_the_servers_close_is_dropped_quietly(site, path, frame):
    start = len(server_log(site))
    for _ in range(10):
        send_then_read_to_the_end(site, path.format(lobby=site.game["lobby"]), masked_frame(TEXT, frame.encode()))
    assert_no_traceback_after(site, start, 10)


@pytest.mark.parametrize("name", ["open", "game", "rpc"])
def test_a_client_that_sends_then_closes_at_once_leaves_no_traceback(site, name):
    start = len(server_log(site))
    for _ in range(10):
        send_then_read_to_the_end(site, site.paths[name], masked_frame(TEXT, PING[name].encode()),
                                  masked_frame(CLOSE, struct.pack(">H", 1000)))
    assert_no_traceback_after(site, start, 10)
