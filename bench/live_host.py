"""bench/live.py's CPU readings (Linux /proc): what each part of the measured machine has used so far."""
import os
from pathlib import Path

import psycopg

from config.thread_names import COLLECTOR_THREAD, DATABASE_THREADS


def cpu_by_pid(pids):
    """{pid: user + system CPU seconds used so far} (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[pid] = (int(fields[11]) + int(fields[12])) / ticks
    return found


def cpu_seconds(pids):
    return sum(cpu_by_pid(pids).values())


def server_thread_cpu_seconds(pids):
    """{part: CPU seconds} of the servers' threads, told apart by their names (config/thread_names.py): the main
    threads (the task whose id is the pid: the event loop, where the ASGI server, the channel layer and the
    consumers run), the database threads (games-db_N) and the collector's thread (gc-full-passes). A thread that
    has ended is missed (the process total in "servers" keeps its CPU)."""
    ticks = os.sysconf("SC_CLK_TCK")
    totals = dict.fromkeys(SERVER_THREAD_PARTS, 0.0)
    for pid in pids:
        for task in _tasks(pid):
            try:
                name = (task / "comm").read_text().strip()
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:   # the thread ended meanwhile
                continue
            if task.name == str(pid):
                part = SERVER_EVENT_LOOPS
            elif name.startswith(DATABASE_THREADS):
                part = SERVER_DATABASE_THREADS
            elif name == COLLECTOR_THREAD:
                part = SERVER_COLLECTOR
            else:
                continue
            totals[part] += (int(fields[11]) + int(fields[12])) / ticks
    return totals


def _tasks(pid):
    try:
        return list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:   # the process is gone
        return []


def pids_named(name):
    """Processes whose command is `name` (PostgreSQL's backends come and go: looked up at each reading)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def machine_busy_seconds():
    """CPU seconds every core of the machine spent on anything but idling and waiting for I/O (/proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


# Parts of "servers", not beside it: its threads by name (what is left is the other threads').
SERVER_EVENT_LOOPS = "servers_event_loops"
SERVER_DATABASE_THREADS = "servers_database_threads"
SERVER_COLLECTOR = "servers_collector_thread"
SERVER_THREAD_PARTS = (SERVER_EVENT_LOOPS, SERVER_DATABASE_THREADS, SERVER_COLLECTOR)


class DatabaseBackends:
    """The PostgreSQL backends serving one database (pg_stat_activity), their CPU read from /proc: the bench's
    database alone, not the other databases of a shared server. A backend's CPU is kept once it is gone, so the
    total never goes back (what it used after the last reading is missed); the server's shared processes
    (WAL writer, checkpointer) are left out."""

    def __init__(self, admin_url, name):
        self.connection = psycopg.connect(admin_url, autocommit=True)
        self.name = name
        self.seen = {}

    def cpu_seconds(self):
        rows = self.connection.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", [self.name]).fetchall()
        self.seen.update(cpu_by_pid([pid for (pid,) in rows]))
        return sum(self.seen.values())

    def close(self):
        self.connection.close()


class HostParts:
    """CPU used so far by each part of the measured machine: the servers, the bench's own clients (this
    process and those making its games), the Celery worker, PostgreSQL, Redis, and the whole machine."""

    def __init__(self, server_pids, worker_pids, maker, database=None, redis_pids=None):
        """`database`: a DatabaseBackends (else every `postgres` process); `redis_pids`: the bench's own Redis
        (else every `redis-server`: on a shared host, other users' work too)."""
        self.server_pids, self.worker_pids, self.maker = server_pids, worker_pids, maker
        self.database, self.redis_pids = database, redis_pids

    def read(self):
        return {
            "servers": cpu_seconds(self.server_pids),
            **server_thread_cpu_seconds(self.server_pids),
            "clients": cpu_seconds([os.getpid(), *self.maker.pids()]),
            "worker": cpu_seconds(self.worker_pids),
            "postgres": self.database.cpu_seconds() if self.database else cpu_seconds(pids_named("postgres")),
            "redis": cpu_seconds(self.redis_pids if self.redis_pids is not None else pids_named("redis-server")),
            "machine": machine_busy_seconds(),
        }
