"""Fixtures of the live-games tests: the counting test game, eager jobs, recorded broadcasts, players."""
import pytest

from config.celery import app as celery_app
from games.rulesets import register

from games.tests.counting import COUNTING


@pytest.fixture(autouse=True)
def counting_game():
    register(COUNTING)
    return COUNTING


@pytest.fixture(autouse=True)
def eager_jobs():
    """Jobs run in-process even when REDIS_URL configures a broker (no worker runs during the tests)."""
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before


@pytest.fixture(autouse=True)
def fresh_channel_layer():
    """Each test gets its own layer object: Redis layers hold locks bound to the event loop that made them."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def broadcasts(monkeypatch):
    """Every frame sent to a game group or the open-games list, decoded, in order."""
    import json

    from games import broadcast

    sent = []

    def record(group, message):
        if message["type"] == "game.frames":
            # One text per site language: the tests read the English one.
            sent.append((group, {"public": json.loads(message["public"]["en"]),
                                 "private": {k: json.loads(v["en"]) for k, v in message["private"].items()}}))
        elif message["type"] == "rpc.frames":  # the JSON-RPC socket's notifications (games/rpc/notify.py)
            sent.append((group, {"seq": message["seq"], "public": [json.loads(t) for t in message["public"]],
                                 "private": {k: [json.loads(t) for t in texts]
                                             for k, texts in message["private"].items()}}))
        elif message["type"] == "games.list":  # the open-games list, one text per site language
            sent.append((group, json.loads(message["texts"]["en"])))
        else:
            sent.append((group, json.loads(message["text"])))

    monkeypatch.setattr(broadcast, "publish", record)
    return sent


@pytest.fixture
def commit_hooks(db, monkeypatch):
    """In a rolled-back test transaction, run on_commit callbacks when a service's own atomic block ends,
    as a real commit would (broadcasts, bot moves). Transactional tests commit for real and need nothing."""
    from django.db import connection
    from django.db.transaction import Atomic

    if not connection.in_atomic_block:
        return
    base = list(connection.savepoint_ids)
    already = len(connection.run_on_commit)
    original_exit = Atomic.__exit__

    def exit_then_run_hooks(self, exc_type, exc_value, traceback):
        result = original_exit(self, exc_type, exc_value, traceback)
        if exc_type is None and connection.savepoint_ids == base:
            while len(connection.run_on_commit) > already:
                _, callback, _ = connection.run_on_commit.pop(already)
                callback()
        return result

    monkeypatch.setattr(Atomic, "__exit__", exit_then_run_hooks)


@pytest.fixture
def make_player(db, commit_hooks, django_user_model):
    from games.identity import Identity  # here, not at the top: the engine tests run this file without Django

    def make(name):
        user = django_user_model.objects.create_user(name, password="pw-" + name)
        return Identity(user_id=user.pk, name=name)

    return make


@pytest.fixture
def ann(make_player):
    return make_player("ann")


@pytest.fixture
def bob(make_player):
    return make_player("bob")


@pytest.fixture
def cid(make_player):
    return make_player("cid")
