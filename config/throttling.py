"""The API's throttles: Django REST framework's, counting in the shared limits cache, by the client's real address.

DRF's own would count in the default cache (each process's memory, so N processes allowed N times the rate) and
read the client from X-Forwarded-For whoever wrote it (a client could change it on every request).
"""
import logging

from django.core.cache import caches
from django.utils.connection import ConnectionProxy
from redis.exceptions import RedisError
from rest_framework import throttling

from games.rate_limits import LIMITS_CACHE, client_ip

log = logging.getLogger(__name__)


class SiteThrottleMixin:
    cache = ConnectionProxy(caches, LIMITS_CACHE)

    def get_ident(self, request):
        return client_ip(request) or "unknown"

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except RedisError as exc:   # a Redis blip must not turn every API request into an error
            log.warning("API throttle %s not counted: %s", type(self).__name__, exc)
            return True


class AnonRateThrottle(SiteThrottleMixin, throttling.AnonRateThrottle):
    """Requests without credentials, per address; a guest's API token is a credential, counted per token."""

    def get_cache_key(self, request, view):
        if getattr(request, "auth", None) is not None:
            return None
        return super().get_cache_key(request, view)


class UserRateThrottle(SiteThrottleMixin, throttling.UserRateThrottle):
    pass


class ScopedRateThrottle(SiteThrottleMixin, throttling.ScopedRateThrottle):
    pass
