"""bench/live.py's CPU readings (Linux /proc): what each part of the measured machine has used so far."""
import os
from pathlib import Path


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


class HostParts:
    """CPU used so far by each part of the measured machine: the servers, the bench's own clients (this
    process and those making its games), the Celery worker, PostgreSQL, Redis, and the whole machine."""

    def __init__(self, server_pids, worker_pids, maker):
        self.server_pids, self.worker_pids, self.maker = server_pids, worker_pids, maker

    def read(self):
        return {
            "servers": cpu_seconds(self.server_pids),
            "clients": cpu_seconds([os.getpid(), *self.maker.pids()]),
            "worker": cpu_seconds(self.worker_pids),
            "postgres": cpu_seconds(pids_named("postgres")),
            "redis": cpu_seconds(pids_named("redis-server")),
            "machine": machine_busy_seconds(),
        }
