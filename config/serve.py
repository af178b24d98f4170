"""Serve the site with uvicorn: the one way every configuration starts a server (`make start`, the tests' live
sites, the benches, production; docs/operations.md "Processes").

    python -m config.serve [--host H] [--port P | --fd N | --uds PATH] [--reload] [--workers N] [--access-log]

It prints the URL once the socket is bound (with `--port 0`, the port the system chose). What is not a flag is
the site's promise, the same on every server (docs/operations.md "The server"): frames over 1 MiB close the
socket with 1009, a handshake must complete within 5 seconds, every socket is pinged every 20 seconds and
dropped when it has not answered within 30, proxy headers are read only behind the trusted proxies of
DJANGO_TRUSTED_PROXIES, the ASGI lifespan starts the in-process scheduler, and no permessage-deflate (measured:
it would compress each frame again for every socket and hold a compressor per socket).
"""
import argparse
import os
import sys
import warnings
from pathlib import Path

import uvicorn
from django.conf import settings
from uvicorn.config import UvicornDeprecationWarning

# uvicorn (pinned) calls this protocol deprecated in favour of `websockets-sansio`, which as of 0.54 logs a
# traceback for an invalid UTF-8 frame and has no handshake time-out: kept until it does both, without the
# warning printed at every start.
warnings.filterwarnings("ignore", "The `websockets` implementation is deprecated", UvicornDeprecationWarning)
from uvicorn.protocols.websockets.websockets_impl import WebSocketProtocol  # noqa: E402
from uvicorn.supervisors import ChangeReload, Multiprocess  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")   # read when `settings` is first used

ROOT = Path(__file__).resolve().parents[1]
APPLICATION = "config.asgi:application"

WS_MAX_SIZE = 1024 * 1024        # bytes in one message; a bigger one closes the socket with 1009
WS_HANDSHAKE_SECONDS = 5         # a socket not accepted by then is dropped (daphne's websocket_connect_timeout)
WS_PING_INTERVAL = 20            # seconds between the server's pings on an idle socket
WS_PING_TIMEOUT = 30             # seconds a ping may wait for its pong before the socket is dropped
WS_CLOSE_SECONDS = 2             # after its close frame, how long the server waits for the client's before it hangs up
WS_PER_MESSAGE_DEFLATE = False   # measured on real frames: see docs/operations.md "The server"

# What `--reload` watches: the site's code and compiled translations. Templates and static files need no
# restart (Django reads templates again in debug mode, WhiteNoise serves files as they are).
RELOAD_DIRS = [str(ROOT / name) for name in ("config", "cards", "games", "stats")]
RELOAD_INCLUDES = ["*.py", "*.mo"]
RELOAD_EXCLUDES = ["tests/*", "*/tests/*"]


class SiteWebSocketProtocol(WebSocketProtocol):
    """uvicorn's `websockets` protocol with the site's handshake and closing time-outs (uvicorn leaves the
    library's 10 s for both: a client that never answers a close would hold its connection that long)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.open_timeout = WS_HANDSHAKE_SECONDS
        self.close_timeout = WS_CLOSE_SECONDS


class SiteServer(uvicorn.Server):
    """uvicorn's server, saying where the site is once its socket is bound, and removing its Unix socket."""

    async def startup(self, sockets=None):
        await super().startup(sockets=sockets)
        if self.started:   # each time under --reload, which hands the restarted server its socket
            listening = sockets[0] if sockets else self.servers[0].sockets[0]
            print(f"Site ready at {listening_url(self.config, listening)}", flush=True)

    async def shutdown(self, sockets=None):
        await super().shutdown(sockets=sockets)
        # Here, not after run(): uvicorn raises the SIGTERM it caught again once serving ends, ending the process.
        if self.config.uds and os.path.exists(self.config.uds):
            os.remove(self.config.uds)


def listening_url(config, sock):
    if config.uds:
        return f"unix:{config.uds}"
    if config.fd is not None:
        return f"fd {config.fd} ({sock.getsockname()})"
    host = config.host if ":" not in config.host else f"[{config.host}]"
    return f"http://{host}:{sock.getsockname()[1]}/"


def proxy_options():
    """Proxy headers (the client's scheme and address) are believed only behind trusted proxies: with
    DJANGO_TRUSTED_PROXIES at 0 anyone could write them. FORWARDED_ALLOW_IPS (uvicorn's own variable) may name the
    proxies' addresses; by default any peer is taken as a proxy, the servers being reachable only through them."""
    if settings.TRUSTED_PROXIES <= 0:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": os.environ.get("FORWARDED_ALLOW_IPS", "*")}


def site_config(host="127.0.0.1", port=8000, fd=None, uds=None, reload=False, workers=1, access_log=False):
    return uvicorn.Config(
        APPLICATION,
        host=host, port=port, fd=fd, uds=uds,
        loop="uvloop", http="httptools", ws="config.serve:SiteWebSocketProtocol", lifespan="on",
        ws_max_size=WS_MAX_SIZE, ws_ping_interval=WS_PING_INTERVAL, ws_ping_timeout=WS_PING_TIMEOUT,
        ws_per_message_deflate=WS_PER_MESSAGE_DEFLATE,
        # uvicorn logs every socket's opening and closing at "info", an access log of its own: only with the
        # access log. Warnings and errors are always logged; the URL is printed by SiteServer.
        access_log=access_log, log_level="info" if access_log else "warning",
        reload=reload, reload_dirs=RELOAD_DIRS if reload else None,
        reload_includes=RELOAD_INCLUDES if reload else None, reload_excludes=RELOAD_EXCLUDES if reload else None,
        workers=workers,
        **proxy_options(),
    )


def serve(config):
    """Run `config` as `uvicorn.run` does, with the site's server class; the exit status of the run."""
    server = SiteServer(config=config)
    try:
        if config.should_reload:
            ChangeReload(config, target=server.run, sockets=[config.bind_socket()]).run()
        elif config.workers > 1:
            listening = config.bind_socket()
            print(f"Site ready at {listening_url(config, listening)} ({config.workers} workers)", flush=True)
            Multiprocess(config, sockets=[listening]).run()
        else:
            server.run()
    except KeyboardInterrupt:
        pass
    started = server.started or config.should_reload or config.workers > 1
    return 0 if started else 3   # 3: uvicorn's STARTUP_FAILURE


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="python -m config.serve", description="Serve the site with uvicorn.")
    parser.add_argument("--host", default="127.0.0.1")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--port", type=int, default=8000, help="0: any free port (the URL printed says which)")
    where.add_argument("--fd", type=int, help="serve on this already bound socket (a supervisor's)")
    where.add_argument("--uds", help="serve on this Unix domain socket")
    parser.add_argument("--reload", action="store_true", help="restart when the code changes (development)")
    parser.add_argument("--workers", type=int, default=1, help="processes sharing the socket")
    parser.add_argument("--access-log", action="store_true", help="log every request (off: it costs CPU)")
    arguments = parser.parse_args(argv)
    if arguments.reload and arguments.workers > 1:
        parser.error("--reload runs one process: leave --workers out")
    if arguments.workers < 1:
        parser.error("--workers must be 1 or more")
    return arguments


def main(argv=None):
    arguments = parse_arguments(argv)
    return serve(site_config(host=arguments.host, port=arguments.port, fd=arguments.fd, uds=arguments.uds,
                             reload=arguments.reload, workers=arguments.workers, access_log=arguments.access_log))


if __name__ == "__main__":
    sys.exit(main())
