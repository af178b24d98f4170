"""Real server processes in the embedded default configuration (`make start`): a SQLite file, Channels'
in-memory layer, eager Celery, and so each server process running its in-process scheduler.

Whatever the outer environment (`make test-services` sets DATABASE_URL and REDIS_URL), the processes get the
default one: these tests are about what a site with no configuration does. The test process does not touch
that database through Django (its own test database is elsewhere): a short `manage.py`-like script run with
the site's environment sets a game up, and the test reads the file with the standard library's sqlite3.
"""
import json
import re
import sqlite3
import subprocess
import time

from tests.browser.live_site import PYTHON, ROOT, LiveSite, free_port

NOT_DEFAULT = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "CELERY_TASK_ALWAYS_EAGER", "GAMES_SCHEDULER")


def default_site(tmp_path, monkeypatch, servers=1, extra_env=None, access_log=False):
    """A LiveSite on a SQLite file of its own with no Redis and no worker (the scheduler on, by default)."""
    for name in NOT_DEFAULT:
        monkeypatch.delenv(name, raising=False)
    site = LiveSite(tmp_path, servers=servers, load_cards=False, worker=False, access_log=access_log,
                    extra_env={"GAMES_EXTRA": "games.tests.counting.GAME", **(extra_env or {})})
    assert site.database_url.startswith("sqlite:///") and not site.redis
    site.database_file = site.database_url[len("sqlite:///"):]
    return site


def migrate(site):
    result = subprocess.run([PYTHON, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=site.env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]


SETUP = """
import json, sys
from datetime import timedelta

import django

django.setup()
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.identity import Identity
from games.models import Game, Seat
from games.tests.helpers import session_for, started_counting_game

args = json.loads(sys.argv[1])
users = [get_user_model().objects.create_user(name) for name in ("ann", "bob")]
game = started_counting_game(*(Identity(user_id=u.pk, name=u.username) for u in users), target=60,
                             turn_seconds=args["turn_seconds"])
if args["overdue"]:
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=args["overdue"]))

print(json.dumps({"id": game.pk, "code": game.code, "keys": {u.username: session_for(u) for u in users},
                  "seats": {s.name: s.pk for s in Seat.objects.filter(game=game)}}))
"""


def started_game(site, turn_seconds=0, overdue=0):
    """ann and bob's running counting game in the site's database: {id, code, keys: {name: session key},
    seats: {name: seat id}}. With `overdue`, its turn deadline passed that many seconds ago."""
    result = subprocess.run([PYTHON, "-c", SETUP, json.dumps({"turn_seconds": turn_seconds, "overdue": overdue})],
                            cwd=ROOT, env=site.env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def query(site, sql, *params):
    """Rows of `sql` read from the site's SQLite file (waiting, as the servers do, while one of them writes)."""
    connection = sqlite3.connect(site.database_file, timeout=20)
    try:
        return connection.execute(sql, params).fetchall()
    finally:
        connection.close()


def start_silent_server(site):
    """One more server process of the site, and nothing else: no request is made to it (LiveSite's start waits
    for an HTTP answer). Its log (`server_log`) includes the access log: a line for each request or socket."""
    port = free_port()
    log = open(site.workdir / f"server-{port}.log", "wb")
    process = subprocess.Popen(
        [PYTHON, "-m", "config.serve", "--access-log", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env=site.env, stdout=log, stderr=subprocess.STDOUT)
    site.processes.append(process)  # stopped with the site
    site.ports.append(port)
    return process


def server_log(site, index=0):
    """What the site's `index`th server process has written so far."""
    return (site.workdir / f"server-{site.ports[index]}.log").read_text(errors="replace")


def access_lines(log):
    """uvicorn's access-log lines in `log`: one per HTTP request (`"GET / HTTP/1.1" 200`) or socket opened."""
    return [line for line in log.splitlines() if re.search(r'" (\d{3}|\[accepted\])', line) and ' - "' in line]


def sockets_closed(log):
    """How many sockets the access log saw close (websockets logs one line each)."""
    return log.count("connection closed")


def wait_for(condition, timeout, every=0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return False
