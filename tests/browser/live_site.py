"""Start the real site in subprocesses for tests and benchmarks: a fresh database, uvicorn, a Celery worker.

Used by the browser test, the multi-process test and bench/live.py. Everything started here is stopped
by `LiveSite.stop()`.
"""
import atexit
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def free_port():
    """A free local port; within LIVE_SITE_PORTS (e.g. "8170-8179") when set, so parallel runs keep apart.

    Under pytest-xdist each worker takes its own span below the kernel's ephemeral range: a port picked
    from that range can be taken as the local end of an outgoing connection (to PostgreSQL, Redis, another
    worker's server) before our server binds it."""
    span = os.environ.get("LIVE_SITE_PORTS", "") or _xdist_worker_span()
    candidates = range(int(span.split("-")[0]), int(span.split("-")[1]) + 1) if "-" in span else [0]
    for port in candidates:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            if port and port in _TAKEN:
                continue
            _TAKEN.add(probe.getsockname()[1])
            return probe.getsockname()[1]
    raise RuntimeError(f"no free port in LIVE_SITE_PORTS={span}")


def _xdist_worker_span():
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker.startswith("gw"):
        return ""
    start = 21000 + 300 * int(worker[2:])
    return f"{start}-{start + 299}"


_TAKEN = set()   # ports handed out but maybe not bound yet by their server

# Migrating a fresh database and loading the cards takes up to a minute of CPU: a test process does it once per
# kind of site (cards loaded or not) and copies the result for every later site, which still gets a database of
# its own: a SQLite file copied, or a PostgreSQL database created from a template database.
_SQLITE_TEMPLATES = {}     # load_cards (bool) -> a migrated SQLite file made by this process
_POSTGRES_TEMPLATES = {}   # (server URL, load_cards) -> the name of a migrated database made by this process


def _new_template_path(load_cards):
    folder = Path(tempfile.mkdtemp(prefix="live-site-template-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder / f"site-{'cards' if load_cards else 'empty'}.sqlite3"


def _drop_postgres_database(admin_url, name):
    import psycopg

    try:
        with psycopg.connect(admin_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    except psycopg.Error:
        pass   # the server is gone at exit: nothing left to drop


def _postgres_url_with_database(url, name):
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


class LiveSite:
    """A throwaway copy of the site: its own database (SQLite file, or a new PostgreSQL database when
    DATABASE_URL is set) unless `database_url` names one to share, N server processes (`python -m config.serve`,
    uvicorn; each logs to `server-PORT.log` in `workdir`, with every request and socket when `access_log`), and
    a Celery worker when REDIS_URL is set."""

    def __init__(self, workdir, servers=1, extra_env=None, worker=None, load_cards=True, database_url=None,
                 migrate=True, access_log=False):
        self.workdir = Path(workdir)
        self.servers = servers
        self.server_options = ["--access-log"] if access_log else []
        self.processes = []
        self.ports = []
        self.created_database = None
        self.load_cards = load_cards
        self.migrate = migrate
        base_db = os.environ.get("DATABASE_URL", "")
        self.own_sqlite_file = False
        if database_url:
            self.database_url = database_url
        elif base_db.startswith("postgres"):
            self.created_database = f"live_{uuid.uuid4().hex[:12]}"
            self.database_url = _postgres_url_with_database(base_db, self.created_database)
            self.admin_url = base_db
        else:
            self.database_url = f"sqlite:///{self.workdir / 'site.sqlite3'}"
            self.own_sqlite_file = True
        self.redis = os.environ.get("REDIS_URL", "")
        self.worker = bool(self.redis) if worker is None else worker
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DJANGO_SECRET_KEY": "live-site-for-tests",
            "DJANGO_DEBUG": "1",
            "DATABASE_URL": self.database_url,
            "CELERY_TASK_DEFAULT_QUEUE": f"live-{uuid.uuid4().hex[:8]}",
            "GAMES_BOT_DELAY": "0.05",
            "PYTHONUNBUFFERED": "1",
            # Tests and benches make many guests and API calls from one address; the limits are tested apart
            # (tests/test_rate_limits.py), and a test may set them again in `extra_env`.
            "GAMES_GUEST_RATE": "off", "GAMES_SIGNUP_RATE": "off", "GAMES_PASSWORD_RESET_RATE": "off", "API_THROTTLE_ANON": "off", "API_THROTTLE_USER": "off",
            "API_THROTTLE_CALCULATOR": "off",
            **(extra_env or {}),
        }
        if not self.redis:
            self.env.pop("REDIS_URL", None)
            self.env.pop("CELERY_BROKER_URL", None)

    def _run(self, *args):
        result = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=self.env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stderr[-3000:]}")

    def start(self):
        if self.created_database:
            self._create_postgres_database()
        elif not self._copy_sqlite_template():
            self._prepare_database()
        servers = [self._start_server() for _ in range(self.servers)]
        if self.worker:
            log = open(self.workdir / "celery.log", "wb")
            self.processes.append(subprocess.Popen(
                [PYTHON, "-m", "celery", "-A", "config", "worker", "-l", "warning", "-P", "threads", "-c", "4",
                 "-Q", self.env["CELERY_TASK_DEFAULT_QUEUE"], "--without-gossip", "--without-mingle",
                 "--without-heartbeat"],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT))
        for index, (port, process) in enumerate(servers):
            for _ in range(3):
                self._wait_for(port)
                time.sleep(0.3)
                if process.poll() is None:
                    break
                # Another process took the port between free_port() and the server's bind (parallel tests):
                # what answered was not ours. Start ours again on another port.
                self.processes.remove(process)
                self.ports.remove(port)
                port, process = self._start_server()
                self.ports.insert(index, self.ports.pop())
        return self

    def _prepare_database(self):
        if self.migrate:
            self._run("migrate", "--noinput")
        if self.load_cards:
            self._run("load_cards")

    def _copy_sqlite_template(self):
        """A fresh SQLite site's database as a copy of this process's first one (migrated, cards loaded or not);
        the first is prepared and kept as the template. False for a database the site was given or PostgreSQL."""
        if not (self.migrate and self.own_sqlite_file):
            return False
        database = Path(self.database_url[len("sqlite:///"):])
        template = _SQLITE_TEMPLATES.get(self.load_cards)
        if template is None:
            self._prepare_database()
            template = _new_template_path(self.load_cards)
            shutil.copyfile(database, template)
            _SQLITE_TEMPLATES[self.load_cards] = template
        else:
            shutil.copyfile(template, database)
        return True

    def _create_postgres_database(self):
        """The site's own PostgreSQL database, made from this process's template for such a site (migrated, cards
        loaded or not), which is prepared the first time and dropped when the process exits."""
        import psycopg

        template = None
        if self.migrate:
            key = (self.admin_url, self.load_cards)
            template = _POSTGRES_TEMPLATES.get(key)
            if template is None:
                template = f"live_template_{uuid.uuid4().hex[:12]}"
                with psycopg.connect(self.admin_url, autocommit=True) as connection:
                    connection.execute(f'CREATE DATABASE "{template}"')
                atexit.register(_drop_postgres_database, self.admin_url, template)
                site_url = self.env["DATABASE_URL"]
                self.env["DATABASE_URL"] = _postgres_url_with_database(self.admin_url, template)
                try:
                    self._prepare_database()
                finally:
                    self.env["DATABASE_URL"] = site_url
                _POSTGRES_TEMPLATES[key] = template
        copy_of = f' TEMPLATE "{template}"' if template else ""
        with psycopg.connect(self.admin_url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{self.created_database}"{copy_of}')
        if not self.migrate:
            self._prepare_database()   # cards loaded into an unmigrated database: the caller's affair, as before

    def _start_server(self):
        port = free_port()
        log = open(self.workdir / f"server-{port}.log", "wb")
        process = subprocess.Popen(
            [PYTHON, "-m", "config.serve", "--host", "127.0.0.1", "--port", str(port), *self.server_options],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.processes.append(process)
        self.ports.append(port)
        return port, process

    def _wait_for(self, port, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/games/", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"the server on port {port} did not start; see {self.workdir}")

    def url(self, index=0):
        return f"http://127.0.0.1:{self.ports[index]}"

    def stop(self):
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        self.processes = []
        _TAKEN.difference_update(self.ports)
        if self.worker and self.redis:
            import redis

            redis.Redis.from_url(self.redis).delete(self.env["CELERY_TASK_DEFAULT_QUEUE"])
        if self.created_database:
            import psycopg

            with psycopg.connect(self.admin_url, autocommit=True) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{self.created_database}" WITH (FORCE)')
            self.created_database = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
