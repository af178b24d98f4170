"""When an ASGI process's cyclic garbage collector makes its full passes: on a clock, and mostly short.

CPython 3.11 walks every tracked object on a full pass, and a server holding a few hundred sockets tracks
tens of thousands (each socket's coroutines, queues, protocol and request objects: about 160 per socket),
beyond what it froze at start: 40 to 130 ms during which no socket of the process is served. The automatic
full passes come whenever enough objects have outlived the young passes, every few seconds under load, so
a move in flight often met one. Here the automatic full passes are switched off (the young passes, cheap,
stay as they are) and a daemon thread runs a pass every `interval` seconds instead. After each pass what
survived it is frozen (set aside from later passes), so the next one walks only what came since: the
sockets opened meanwhile, not all of them. About every `whole_interval` seconds a pass unfreezes everything
first and walks it all, the start-up objects included.

Refcounting frees objects as usual, frozen or not; only cyclic garbage waits for a pass: up to `interval`
for what died young, up to `whole_interval` for cycles among frozen objects (a socket that was open at a
pass and closed later).
"""
import gc
import random
import threading
import time

from config.thread_names import COLLECTOR_THREAD, name_this_thread

NEVER = 2**31 - 1   # young-generation passes between automatic full passes: none


class PeriodicFullCollection:
    """Automatic full passes off; a pass every `interval` seconds in a daemon thread, over the whole heap
    about every `whole_interval` seconds (`interval` <= 0: CPython's own schedule is left as it is)."""

    def __init__(self, interval, whole_interval=300):
        self.interval = interval
        self.whole_every = max(1, round(whole_interval / interval)) if interval > 0 else 1
        self.stopped = threading.Event()
        self.thread = None
        self.passes = 0

    def start(self):
        if self.interval <= 0 or self.thread is not None:
            return self
        young, middle, _full = gc.get_threshold()
        gc.set_threshold(young, middle, NEVER)
        self.thread = threading.Thread(target=self._run, name=COLLECTOR_THREAD, daemon=True)
        self.thread.start()
        return self

    def stop(self):
        self.stopped.set()

    def collect(self):
        """One pass: over what came since the last freeze, or (every `whole_every`-th) over everything."""
        self.passes += 1
        if self.passes % self.whole_every == 0:
            gc.unfreeze()
        gc.collect()
        gc.freeze()

    def _run(self):
        name_this_thread()   # its CPU apart from the database threads' in `top -H` and bench/live.py
        # Processes started together would otherwise pause together, every interval, for good.
        if self.stopped.wait(self.interval * random.random()):
            return
        while not self.stopped.wait(self.interval):
            started = time.monotonic()
            self.collect()
            # On a host so busy that a pass takes long, passes are spaced by at least their own length.
            self.stopped.wait(min(self.interval, time.monotonic() - started))
