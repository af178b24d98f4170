"""Rate limit per API token (scope "token", API_THROTTLE_TOKEN): a program's requests are counted by its token,
in the shared limits cache, whatever address they come from."""
from rest_framework.throttling import SimpleRateThrottle

from config.throttling import SiteThrottleMixin
from games.api_tokens.models import ApiToken


class TokenRateThrottle(SiteThrottleMixin, SimpleRateThrottle):
    scope = "token"

    def get_rate(self):
        # No rate configured for the scope (settings or a test's rates without it): no limit, not a server error.
        return self.THROTTLE_RATES.get(self.scope)

    def get_cache_key(self, request, view):
        token = getattr(request, "auth", None)
        if not isinstance(token, ApiToken):
            return None  # not a token request: the other throttles count it
        return self.cache_format % {"scope": self.scope, "ident": token.pk}
