"""HTTP health checks for load balancers and orchestrators (docs/operations.md, "Several hosts").

``/health/live/`` says the process answers (no database, no Redis: a restart is the only cure when it
fails); ``/health/ready/`` says it can serve: the database answers and, when REDIS_URL is set, so does Redis.
"""
import redis
from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.http import require_safe


@require_safe
def live(request):
    return JsonResponse({"status": "ok"})


@require_safe
def ready(request):
    checks = {"database": _database()}
    if settings.REDIS_URL:
        checks["redis"] = _redis()
    healthy = all(value == "ok" for value in checks.values())
    return JsonResponse({"status": "ok" if healthy else "unavailable", **checks}, status=200 if healthy else 503)


def _database():
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return "ok"
    except Exception as exc:  # any failure means not ready; say which
        return f"error: {exc.__class__.__name__}"


def _redis():
    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2).ping()
        return "ok"
    except Exception as exc:
        return f"error: {exc.__class__.__name__}"
