"""The server's promises, on a real `python -m config.serve` (uvicorn) process of the embedded default.

- A multipart body the site cannot parse gets the API's JSON error: uvicorn leaves every body to Django (under
  daphne, Twisted parsed multipart bodies itself and answered a bare 400 before the site saw them, issue 31).
- A text frame that is not UTF-8 closes the socket with 1007, a frame over 1 MiB with 1009 (codes the client
  can read, not a dropped connection), and the frames that crossed the close leave no traceback in the log.
- The server prints its URL, and serves on a Unix socket too (`--uds`).
The settings behind them (frame limit, handshake time-out, pings, proxy headers) are checked on the Config.
"""
import asyncio
import http.client
import json
import os
import socket
import subprocess
import time

import pytest
import uvicorn
import websockets

from config import serve
from games.tests.default_site import default_site, server_log, wait_for
from tests.browser.live_site import PYTHON, ROOT


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with pytest.MonkeyPatch.context() as monkeypatch:
        site = default_site(tmp_path_factory.mktemp("uvicorn"), monkeypatch)
        with site:
            yield site


def post(site, path, body, content_type):
    connection = http.client.HTTPConnection("127.0.0.1", site.ports[0], timeout=30)
    try:
        connection.request("POST", path, body=body, headers={"Content-Type": content_type})
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type") or "", response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("content_type", ["multipart/form-data; boundary=x", "multipart/form-data"])
@pytest.mark.parametrize("body", [b"--x--", b"x"])
@pytest.mark.parametrize("path", ["/api/lorenzo/score/", "/api/import/", "/api/colours/"])
def test_unparsable_multipart_bodies_get_the_json_error_shape(site, path, body, content_type):
    status, answer_type, answer = post(site, path, body, content_type)
    assert 400 <= status < 500
    assert answer_type.startswith("application/json"), (status, answer[:200])
    assert set(json.loads(answer)["error"]) >= {"code", "message"}


async def close_code_after(site, frame):
    """The close code the server sends after `frame` on the health socket."""
    port = site.ports[0]
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/health/", origin=f"http://127.0.0.1:{port}",
                                  max_size=None, open_timeout=10) as client:
        await client.send('{"ping": 1}')
        assert json.loads(await asyncio.wait_for(client.recv(), 10))["pong"] == 1   # the socket works
        await client.send(frame, text=True)
        try:
            while True:
                await asyncio.wait_for(client.recv(), 10)
        except websockets.ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else None


def test_a_text_frame_that_is_not_utf8_closes_the_socket_with_1007(site):
    assert asyncio.run(close_code_after(site, b'{"ping": "\xff"}')) == 1007


def test_a_frame_over_1_mib_closes_the_socket_with_1009_and_one_at_the_limit_does_not(site):
    assert asyncio.run(close_code_after(site, b" " * (serve.WS_MAX_SIZE + 1))) == 1009
    port = site.ports[0]

    async def at_the_limit():
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/health/", origin=f"http://127.0.0.1:{port}",
                                      open_timeout=10) as client:
            await client.send("x" * serve.WS_MAX_SIZE)   # not JSON: an error reply, the socket stays open
            return json.loads(await asyncio.wait_for(client.recv(), 10))

    assert "error" in asyncio.run(at_the_limit())


def test_the_server_printed_its_url_and_logged_no_traceback(site):
    log = server_log(site)
    assert f"Site ready at http://127.0.0.1:{site.ports[0]}/" in log
    assert "Traceback" not in log, log[-3000:]


def test_it_serves_on_a_unix_socket(site, tmp_path):
    path = tmp_path / "site.sock"
    log = open(tmp_path / "uds.log", "wb")
    process = subprocess.Popen([PYTHON, "-m", "config.serve", "--uds", str(path)], cwd=ROOT, env=site.env,
                               stdout=log, stderr=subprocess.STDOUT)
    try:
        assert wait_for(lambda: path.exists() or process.poll() is not None, timeout=60), "no socket file"
        assert process.poll() is None, (tmp_path / "uds.log").read_text()
        with socket.socket(socket.AF_UNIX) as client:
            client.settimeout(30)
            client.connect(str(path))
            client.sendall(b"GET /health/live/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := client.recv(4096):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 200") and b'"ok"' in answer, answer[:300]
    finally:
        process.terminate()
        process.wait(timeout=20)
    assert not path.exists()   # removed when the server stops
    assert f"Site ready at unix:{path}" in (tmp_path / "uds.log").read_text()


def test_the_site_config_carries_the_documented_limits(settings):
    settings.TRUSTED_PROXIES = 0
    config = serve.site_config(port=0)
    assert (config.ws_max_size, config.ws_ping_interval, config.ws_ping_timeout) == (1024 * 1024, 20, 30)
    assert (config.loop, config.http, config.lifespan) == ("uvloop", "httptools", "on")
    assert config.ws == "config.serve:SiteWebSocketProtocol" and not config.access_log
    assert config.ws_per_message_deflate is serve.WS_PER_MESSAGE_DEFLATE
    assert not config.proxy_headers   # no trusted proxy: X-Forwarded-* written by anyone are ignored
    settings.TRUSTED_PROXIES = 1
    assert serve.site_config(port=0).proxy_headers


def test_a_socket_not_accepted_within_the_handshake_time_out_is_dropped(monkeypatch):
    """websockets' own default is 10 s; the site's is daphne's documented 5 s (shortened here to 0.5 s)."""
    assert serve.WS_HANDSHAKE_SECONDS == 5
    monkeypatch.setattr(serve, "WS_HANDSHAKE_SECONDS", 0.5)

    async def never_accepts(scope, receive, send):
        if scope["type"] == "websocket":
            await asyncio.sleep(30)

    async def handshake_seconds():
        config = uvicorn.Config(never_accepts, port=0, ws="config.serve:SiteWebSocketProtocol", lifespan="off",
                                log_level="critical")
        server = uvicorn.Server(config)
        serving = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        port = server.servers[0].sockets[0].getsockname()[1]
        started = time.monotonic()
        try:
            with pytest.raises((websockets.InvalidHandshake, websockets.ConnectionClosed, OSError)):
                await websockets.connect(f"ws://127.0.0.1:{port}/", open_timeout=10)
            return time.monotonic() - started
        finally:
            server.should_exit = True
            await serving

    assert 0.4 <= asyncio.run(handshake_seconds()) < 3


def test_reload_and_workers_do_not_mix():
    with pytest.raises(SystemExit):
        serve.parse_arguments(["--reload", "--workers", "2"])
    arguments = serve.parse_arguments(["--port", "0", "--workers", "2"])
    assert (arguments.port, arguments.workers, arguments.reload) == (0, 2, False)
    assert os.environ.get("DJANGO_SETTINGS_MODULE")
