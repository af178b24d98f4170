"""Test settings: the same environment-driven settings with a throwaway secret and fast hashing."""
import os

from config import test_environment  # noqa: F401  (first: the secret key config.settings reads)
from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = BASE_DIR / ".test-media"  # noqa: F405
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Tests run Celery tasks in-process even when REDIS_URL configures a broker; the real-worker tests
# (make test-stats-worker) set CELERY_TASK_ALWAYS_EAGER=0 to reach a worker through Redis.
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", True)  # noqa: F405

# The in-process scheduler would sweep the test database from every test's event loop: tests that need it
# turn it on (games/tests/test_scheduler.py); the servers they start get the default.
GAMES_SCHEDULER = env_bool("GAMES_SCHEDULER", False)  # noqa: F405
# Bots move at once in tests unless a test asks for a pace (the browser tests' live site sets its own).
GAMES_BOT_DELAY = float(os.environ.get("GAMES_BOT_DELAY", "0"))
# No throttle or guest limit counts the suite's thousands of requests from one address: the tests of the limits
# set their own (tests/test_rate_limits.py), and the counters stay in this process's memory even with REDIS_URL.
REST_FRAMEWORK = {**REST_FRAMEWORK,  # noqa: F405
                  "DEFAULT_THROTTLE_RATES": {scope: None for scope in REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]}}  # noqa: F405
GAMES_GUEST_RATE = None
GAMES_SIGNUP_RATE = None
GAMES_PASSWORD_RESET_RATE = None
CACHES = {**CACHES, "limits": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "limits"}}  # noqa: F405
