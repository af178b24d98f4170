"""Threads named for the OS (config/thread_names.py), and bench/live.py's reading of a server's CPU by them."""
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bench.live_host import SERVER_DATABASE_THREADS, SERVER_EVENT_LOOPS, server_thread_cpu_seconds
from config.thread_names import DATABASE_THREADS, OS_NAME_BYTES, name_this_thread

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="thread names in /proc are Linux's")


def os_name(native_id):
    return Path(f"/proc/self/task/{native_id}/comm").read_text().strip()


def test_a_thread_gets_its_python_name_cut_to_what_linux_keeps():
    seen = {}

    def run():
        name_this_thread()
        seen["id"] = threading.get_native_id()
        seen["name"] = os_name(seen["id"])

    thread = threading.Thread(target=run, name="a-rather-long-thread-name")
    thread.start()
    thread.join()
    assert seen["name"] == "a-rather-long-thread-name"[:OS_NAME_BYTES]


def test_a_database_threads_cpu_is_read_apart_from_the_main_threads():
    def burn():
        started = time.thread_time()
        while time.thread_time() - started < 0.2:
            sum(range(1000))

    before = server_thread_cpu_seconds([os.getpid()])
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix=DATABASE_THREADS, initializer=name_this_thread) as pool:
        pool.submit(burn).result()
        after = server_thread_cpu_seconds([os.getpid()])
    assert after[SERVER_DATABASE_THREADS] - before[SERVER_DATABASE_THREADS] >= 0.15
    assert after[SERVER_EVENT_LOOPS] - before[SERVER_EVENT_LOOPS] < 0.1
