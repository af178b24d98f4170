"""When an ASGI process's cyclic garbage collector makes its full passes: on a clock, not on allocations.

CPython 3.11 walks every tracked object on a full pass, and a server holding a few hundred sockets tracks
tens of thousands (each socket's coroutines, queues, protocol and request objects: about 160 per socket),
beyond what it froze at start: 40 to 130 ms during which no socket of the process is served. The automatic
full passes come whenever enough objects have outlived the young passes, every few seconds under load, so
a move in flight often met one. Here the automatic full passes are switched off (the young passes, cheap,
stay as they are) and a daemon thread runs one full pass every `interval` seconds instead.

Refcounting frees objects as usual; only cyclic garbage that outlived the young passes waits, for at most
`interval`, before it is collected.
"""
import gc
import random
import threading
import time

NEVER = 2**31 - 1   # young-generation passes between automatic full passes: none


class PeriodicFullCollection:
    """Automatic full passes off, one every `interval` seconds in a daemon thread (`interval` <= 0: CPython's
    own schedule is left as it is)."""

    def __init__(self, interval):
        self.interval = interval
        self.stopped = threading.Event()
        self.thread = None
        self.passes = 0

    def start(self):
        if self.interval <= 0 or self.thread is not None:
            return self
        young, middle, _full = gc.get_threshold()
        gc.set_threshold(young, middle, NEVER)
        self.thread = threading.Thread(target=self._run, name="gc-full-passes", daemon=True)
        self.thread.start()
        return self

    def stop(self):
        self.stopped.set()

    def _run(self):
        # Processes started together would otherwise pause together, every interval, for good.
        if self.stopped.wait(self.interval * random.random()):
            return
        while not self.stopped.wait(self.interval):
            started = time.monotonic()
            gc.collect()
            self.passes += 1
            # On a host so busy that a pass takes long, passes are spaced by at least their own length.
            self.stopped.wait(min(self.interval, time.monotonic() - started))
