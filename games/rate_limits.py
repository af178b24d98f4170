"""Who is asking (the client's address) and how often: the rate limits of the site's forms and API.

Behind a reverse proxy every request comes from the proxy's address; the client's is the one the last
`DJANGO_TRUSTED_PROXIES` proxies appended to X-Forwarded-For. Anything left of those in that header was written by
the client and is never trusted; with no trusted proxy the header is ignored (docs/operations.md "Throttling").
"""
import ipaddress
import logging
import time

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import ImproperlyConfigured
from redis.exceptions import RedisError

LIMITS_CACHE = "limits"   # Redis with REDIS_URL (shared by every process), else this process's memory
PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}

log = logging.getLogger(__name__)


def client_ip(request):
    """The client's address, as the trusted proxies saw it (an HttpRequest or DRF's Request); None when there is
    none or it is not an address (a Unix socket, a test client's forced login): axes keeps addresses in an inet
    column, which refuses anything else on PostgreSQL."""
    proxies = settings.TRUSTED_PROXIES
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "") if proxies else ""
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    candidate = hops[-min(proxies, len(hops))] if hops else request.META.get("REMOTE_ADDR") or ""
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return None


def parse_rate(rate, setting):
    """ "30/min" as (30, 60); None, "" or "off" as None (no limit). The period's first letter counts (s, m, h, d)."""
    if rate is None or str(rate).strip().lower() in {"", "off", "none"}:
        return None
    count, _, period = str(rate).strip().partition("/")
    try:
        return int(count), PERIODS[period.strip()[:1].lower()]
    except (ValueError, KeyError, IndexError):
        raise ImproperlyConfigured(
            f"{setting}={rate!r}: write a number of requests per period, such as 30/min, 500/hour or off.")


def take_one(scope, ident, rate):
    """Count one more action of `ident` in `scope`; the seconds to wait when over `rate` (a parse_rate pair), else 0.

    A fixed window per period. When the limits cache cannot be reached the action is allowed (and logged):
    a Redis blip must not lock everyone out."""
    if rate is None:
        return 0
    limit, period = rate
    now = time.time()
    key = f"limit:{scope}:{ident}:{int(now // period)}"
    try:
        cache = caches[LIMITS_CACHE]
        if cache.add(key, 1, timeout=period + 1):
            count = 1
        else:
            count = cache.incr(key)
    except (RedisError, ValueError) as exc:   # ValueError: the key expired between add and incr
        log.warning("rate limit %s not counted: %s", scope, exc)
        return 0
    if count <= limit:
        return 0
    return max(1, int(period - now % period) + 1)
