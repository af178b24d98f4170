"""An ASGI process's full garbage-collector passes come on a clock (config/collector.py)."""
import gc
import time
import weakref

import pytest

from config.collector import NEVER, PeriodicFullCollection


@pytest.fixture
def collector_settings():
    thresholds = gc.get_threshold()
    yield
    gc.set_threshold(*thresholds)
    gc.unfreeze()


class Cycle:
    def __init__(self):
        self.me = self


def wait_for(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)
    return condition()


def test_old_cycles_wait_for_the_clock_then_are_collected(collector_settings):
    full_passes = []

    def count_full_passes(phase, info):
        if phase == "start" and info["generation"] == 2:
            full_passes.append(1)

    periodic = PeriodicFullCollection(interval=0.5)
    periodic.start()
    gc.callbacks.append(count_full_passes)
    try:
        assert gc.get_threshold()[2] == NEVER
        cycle = Cycle()
        gc.collect(1)                     # it outlives the young passes: only a full pass can free it
        dead = weakref.ref(cycle)
        del cycle
        # A pass that met the cycle alive froze it until the whole pass, as designed; any other process-wide
        # collector (config/asgi.py's, started by an earlier test's import) may have too. Start from unfrozen.
        gc.unfreeze()
        full_passes.clear()
        for _ in range(50_000):           # many young passes meanwhile
            [[]]
        assert dead() is not None or full_passes, "a young pass collected an old cycle"
        assert wait_for(lambda: dead() is None), "the periodic full pass did not collect the cycle"
    finally:
        gc.callbacks.remove(count_full_passes)
        periodic.stop()


def test_no_interval_leaves_cpythons_schedule(collector_settings):
    before = gc.get_threshold()
    periodic = PeriodicFullCollection(interval=0).start()
    assert periodic.thread is None and gc.get_threshold() == before


def test_a_pass_sets_its_survivors_aside_until_the_whole_pass(collector_settings):
    periodic = PeriodicFullCollection(interval=60, whole_interval=180)   # every third pass
    cycle = Cycle()
    dead = weakref.ref(cycle)
    periodic.collect()                    # the cycle is alive: set aside with the rest
    assert gc.get_freeze_count() > 0
    del cycle
    periodic.collect()                    # walks only what came since
    assert dead() is not None
    periodic.collect()                    # the whole heap
    assert dead() is None
