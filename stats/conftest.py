"""Fixtures of the statistics tests.

Tests marked `worker` run a real Celery worker against PostgreSQL and Redis; they are selected only when
asked for (`pytest stats -m worker`, as .ci/run does) and left out of every other run.
"""
import pytest

from config.celery import app as celery_app


def pytest_configure(config):
    config.addinivalue_line("markers", "worker: starts a real Celery worker (PostgreSQL + Redis); run with -m worker")


def pytest_collection_modifyitems(config, items):
    if "worker" in (config.option.markexpr or ""):
        return
    kept, dropped = [], []
    for item in items:
        (dropped if item.get_closest_marker("worker") is not None else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(autouse=True)
def eager_tasks(request):
    """Tasks run in-process even when REDIS_URL configures a broker, except in the real-worker tests."""
    if request.node.get_closest_marker("worker") is not None:
        yield
        return
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before
