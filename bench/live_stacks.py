"""bench/live.py's servers: the site's stack (uvicorn through `python -m config.serve`, the site's default channel
layer, Redis pub/sub) and the baseline kept for comparison (daphne with the project's former layer, `lean`), and
the guarantee that every process the bench started is stopped when it ends, however it ends.

Each server runs in a process group of its own, so a Ctrl-C at the terminal reaches only the bench, which then
stops them in order; on Linux each also gets SIGTERM from the kernel if the bench itself dies without a word
(SIGKILL, an out-of-memory kill). SIGINT and SIGTERM make the bench unwind its `finally` blocks; `atexit` stops
whatever is left.
"""
import atexit
import ctypes
import os
import signal
import subprocess
import sys
import time

import redis

from tests.browser.live_site import PYTHON, ROOT, LiveSite, free_port

# stack -> (the server's command for a port, REDIS_CHANNEL_LAYER: None leaves the site's default)
STACKS = {
    "new": (lambda port: [PYTHON, "-m", "config.serve", "--host", "127.0.0.1", "--port", str(port)], None),
    "baseline": (lambda port: [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
                 "lean"),
}
PR_SET_PDEATHSIG = 1

_running = []   # every BenchSite (and OwnRedis) started and not yet stopped


def _die_with_the_bench():
    """In the child, before exec: its own process group, and SIGTERM when the bench's process dies (Linux)."""
    os.setpgrp()
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass   # not Linux: the signal handlers and atexit still stop the servers


class BenchSite(LiveSite):
    """A LiveSite whose servers run `stack`'s server and layer, each in a process group of its own."""

    def __init__(self, workdir, stack, **kwargs):
        command, layer = STACKS[stack]
        extra = dict(kwargs.pop("extra_env", None) or {})
        super().__init__(workdir, extra_env=extra, **kwargs)
        if layer is None:
            self.env.pop("REDIS_CHANNEL_LAYER", None)
        else:
            self.env["REDIS_CHANNEL_LAYER"] = layer
        self.stack, self.command = stack, command

    def _start_server(self):
        port = free_port()
        log = open(self.workdir / f"{self.stack}-{port}.log", "wb")
        process = subprocess.Popen(self.command(port), cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                   preexec_fn=_die_with_the_bench)
        self.processes.append(process)
        self.ports.append(port)
        return port, process

    def start(self):
        _running.append(self)
        return super().start()

    def stop(self):
        for process in self.processes:   # the group too: anything a server started goes with it
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except (ProcessLookupError, PermissionError):
                    pass
        try:
            super().stop()
        finally:
            if self in _running:
                _running.remove(self)

    def server_pids(self):
        return [p.pid for p in self.processes[:self.servers]]

    def worker_pids(self):
        return [p.pid for p in self.processes[self.servers:]]


class OwnRedis:
    """A Redis server of the bench's own on a free port, nothing persisted: its CPU is the bench's alone."""

    def __init__(self, workdir):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log = open(os.path.join(workdir, f"redis-{self.port}.log"), "wb")
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no"],
            stdout=self.log, stderr=subprocess.STDOUT, preexec_fn=_die_with_the_bench)
        _running.append(self)
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return self
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(f"redis-server did not start on port {self.port}") from None
                time.sleep(0.1)

    def pids(self):
        return [self.process.pid]

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        if self in _running:
            _running.remove(self)


def stop_all():
    """Stop every site (and the bench's own Redis) still running (atexit, and after a signal)."""
    while _running:
        site = _running[-1]
        try:
            site.stop()
        except Exception as exc:   # the next site must still be stopped
            print(f"stopping {site!r} failed: {exc!r}", file=sys.stderr)
            if site in _running:
                _running.remove(site)


def _interrupted(signum, frame):
    # Unwind the bench's finally blocks (which stop the sites and drop the database); atexit stops the rest.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise KeyboardInterrupt(f"signal {signum}")


def stop_everything_on_exit():
    atexit.register(stop_all)
    signal.signal(signal.SIGINT, _interrupted)
    signal.signal(signal.SIGTERM, _interrupted)
