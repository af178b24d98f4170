"""The settings follow the environment: embedded defaults, or PostgreSQL and Redis."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = (
    "import json, django; django.setup(); from django.conf import settings as s; print(json.dumps({"
    "'db': s.DATABASES['default']['ENGINE'], 'name': s.DATABASES['default']['NAME'],"
    "'layer': s.CHANNEL_LAYERS['default']['BACKEND'], 'eager': s.CELERY_TASK_ALWAYS_EAGER,"
    "'broker': s.CELERY_BROKER_URL, 'debug': s.DEBUG, 'scheduler': s.GAMES_SCHEDULER,"
    "'hosts': s.CHANNEL_LAYERS['default'].get('CONFIG', {}).get('hosts'),"
    "'capacity': s.CHANNEL_LAYERS['default'].get('CONFIG', {}).get('channel_capacity'),"
    "'beat': {k: v['schedule'] for k, v in s.CELERY_BEAT_SCHEDULE.items()}}, default=lambda o: type(o).__name__))"
)


def probe(**env):
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "DJANGO_DEBUG"}}
    clean.update(DJANGO_SETTINGS_MODULE="config.settings", **env)
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True)
    return result


def test_embedded_defaults():
    result = probe(DJANGO_SECRET_KEY="x")
    config = json.loads(result.stdout)
    assert config["db"] == "django.db.backends.sqlite3"
    assert config["layer"] == "channels.layers.InMemoryChannelLayer"
    assert config["eager"] is True
    assert config["debug"] is False
    assert config["scheduler"] is True  # no worker: each ASGI process runs the timers and the sweeper


def test_real_services_from_urls():
    result = probe(
        DJANGO_SECRET_KEY="x",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/cards",
        REDIS_URL="redis://127.0.0.1:6379/3",
    )
    config = json.loads(result.stdout)
    assert config["db"] == "django.db.backends.postgresql" and config["name"] == "cards"
    assert config["layer"] == "config.pubsub_layer.ResyncingPubSubChannelLayer"
    assert config["eager"] is False and config["broker"] == "redis://127.0.0.1:6379/3"
    assert config["scheduler"] is False and config["beat"]["games-sweep"] == 5.0  # beat runs the sweeper
    # redis-py's read timeout must exceed channels-redis' 5 s blocking receive (redis/redis-py#4091)
    # ... and a lost connection is opened again and the command retried (config/redis_retry.py)
    assert config["hosts"] == [{"address": "redis://127.0.0.1:6379/3", "socket_timeout": 30.0, "max_connections": 100,
                                "retry": "Retry"}]
    # pub/sub keeps no queues in Redis (a socket too slow is resynced: config/pubsub_layer.py)
    assert config["capacity"] is None


def test_the_redis_layer_can_be_channels_redis_own():
    layers = {}
    capacities = {}
    for choice in ("lean", "stock", ""):
        result = probe(DJANGO_SECRET_KEY="x", REDIS_URL="redis://127.0.0.1:6379/3", REDIS_CHANNEL_LAYER=choice)
        layers[choice] = json.loads(result.stdout)["layer"]
        capacities[choice] = json.loads(result.stdout)["capacity"]
    assert layers == {"lean": "config.channel_layer.LeanRedisChannelLayer",
                      "stock": "channels_redis.core.RedisChannelLayer",
                      "": "config.pubsub_layer.ResyncingPubSubChannelLayer"}
    # the core layers' process channel carries all its sockets' messages: far more room than the stock 100
    assert capacities["lean"] == capacities["stock"] == {"specific.*": 10000}


def test_secret_key_is_required_outside_development():
    result = probe(DJANGO_SECRET_KEY="")
    assert result.returncode != 0 and "DJANGO_SECRET_KEY" in result.stderr
    assert probe(DJANGO_SECRET_KEY="", DJANGO_DEBUG="1").returncode == 0


SQLITE_WRITERS = """
import json, threading, django
django.setup()
from django.db import connection, transaction
with connection.cursor() as c:
    c.execute("CREATE TABLE IF NOT EXISTS counter (n integer)")
    c.execute("DELETE FROM counter"); c.execute("INSERT INTO counter VALUES (0)")
both_read = threading.Barrier(2, timeout=2)
outcomes = []

def writer():
    try:
        with transaction.atomic(), connection.cursor() as c:
            c.execute("SELECT n FROM counter")  # a service reads the row first...
            try:
                both_read.wait()
            except threading.BrokenBarrierError:  # the other writer waits for this one's transaction
                pass
            c.execute("UPDATE counter SET n = n + 1")  # ...then writes it
        outcomes.append("ok")
    except Exception as exc:
        outcomes.append(str(exc))
    finally:
        connection.close()

threads = [threading.Thread(target=writer) for _ in range(2)]
[t.start() for t in threads]; [t.join() for t in threads]
print(json.dumps(outcomes))
"""


def test_two_sqlite_writers_that_read_first_wait_for_each_other(tmp_path):
    """Embedded default: two transactions that read, then write (an admin import beside the in-process scheduler's
    bot moves) both took SQLite's shared lock; the second to write failed at once with "database is locked"
    (a lock upgrade deadlock, which no timeout waits out). Transactions now take the write lock when they begin."""
    result = subprocess.run([sys.executable, "-c", SQLITE_WRITERS], cwd=ROOT, capture_output=True, text=True, env={
        **{k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "CELERY_BROKER_URL"}},
        "DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_SECRET_KEY": "x",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}"})
    assert json.loads(result.stdout or "null") == ["ok", "ok"], result.stderr[-2000:]
