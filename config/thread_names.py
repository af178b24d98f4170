"""Threads named for the operating system as well (Linux), so that `top -H`, `ps -L` and /proc tell a server's
threads apart: Python 3.11 keeps a thread's name to itself. bench/live.py reads them to part a move's CPU."""
import threading
from pathlib import Path

OS_NAME_BYTES = 15   # Linux keeps a thread's name in 16 bytes, the last one a NUL
DATABASE_THREADS = "games-db"     # games/db_threads.py's pool: games-db_0, games-db_1, ...
COLLECTOR_THREAD = "gc-full-passes"   # config/collector.py's full passes


def name_this_thread(name=None):
    """The calling thread named `name` (its Python name by default) for the OS, cut to what Linux keeps;
    nothing where /proc has no such file (another OS)."""
    name = (name or threading.current_thread().name).encode()[:OS_NAME_BYTES].decode(errors="ignore")
    try:
        Path(f"/proc/self/task/{threading.get_native_id()}/comm").write_text(name)
    except OSError:
        pass
