"""The site's own middleware: addresses holding a NUL character refused, and the Content-Security-Policy header.

Refuses addresses holding a NUL character, before any view runs.

PostgreSQL text cannot contain NUL, so a NUL from the path or the query string that reached a query was a 500
(a search, a filter, a slug); no address of the site needs one. The API answers in its JSON error shape.
"""
from csp.constants import SELF, UNSAFE_INLINE
from csp.middleware import CSPMiddleware
from django.core.exceptions import DisallowedHost
from django.http import HttpResponseBadRequest, JsonResponse

MESSAGE = "The address holds a NUL character (%00), which no page or filter accepts."


class RefuseNullCharactersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path_info or any("\x00" in key or any("\x00" in value for value in values)
                                              for key, values in request.GET.lists()):
            if request.path_info.startswith("/api/"):
                return JsonResponse({"error": {"code": "bad_request", "message": MESSAGE}}, status=400)
            return HttpResponseBadRequest(MESSAGE, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


# Redoc's bundle inserts its style elements as it loads, before any option could hand it the nonce: that page
# allows inline styles (which run no script; its scripts still need the nonce).
INLINE_STYLE_PAGES = {"redoc"}


class SiteContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's header (settings.CONTENT_SECURITY_POLICY), letting pages open sockets to their own host.

    CSP's 'self' covers ws:/wss: on the same host only in recent browsers: the host is named for the others."""

    def get_policy_parts(self, request, response, report_only=False):
        parts = super().get_policy_parts(request, response, report_only=report_only)
        scheme = "wss" if request.is_secure() else "ws"
        try:
            own = f"{scheme}://{request.get_host()}"
        except DisallowedHost:   # the response is already the error page
            return parts
        parts.update = {**(parts.update or {})}
        parts.update["connect-src"] = [*parts.update.get("connect-src", ()), own]
        match = getattr(request, "resolver_match", None)
        if match is not None and match.url_name in INLINE_STYLE_PAGES:
            parts.replace = {**(parts.replace or {}), "style-src": [SELF, UNSAFE_INLINE]}
        return parts
