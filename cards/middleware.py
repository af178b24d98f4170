"""The REST API answers in the language asked for: `?lang=fr|en` first, then `Accept-Language`, then English.

The language is active while the view runs (serializers read `cards.language.current_language()`); the answer
says which it served in `Content-Language` and varies on `Accept-Language` (so caches and ETags keep the two
apart). A `lang` other than en or fr is refused with the API's JSON 400 and nothing else happens.
"""
from django.http import JsonResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext

from cards.language import LANGUAGES, preferred_language, supported

API_PREFIX = "/api/"
UNTOUCHED = ("/api/schema/", "/api/docs/", "/api/redoc/")


def requested_language(request):
    """(language, error message or None) for an API request; a refused `lang` is explained in the language the
    browser prefers."""
    browser = preferred_language(request.headers.get("Accept-Language", ""))  # the API ignores the cookie
    asked = request.GET.get("lang")
    if asked is None:
        return browser, None
    if asked.strip().lower() in LANGUAGES:
        return supported(asked), None
    with translation.override(browser):
        return None, gettext("lang must be one of %(choices)s (got %(asked)r).") % {
            "choices": ", ".join(LANGUAGES), "asked": asked[:20]}


class CardLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path_info.startswith(API_PREFIX) or request.path_info.startswith(UNTOUCHED):
            return self.get_response(request)
        language, error = requested_language(request)
        if error:
            response = JsonResponse({"error": {"code": "invalid", "message": error, "fields": {
                "lang": [{"code": "invalid_choice", "message": error}]}}}, status=400)
            language = "en"
        else:
            with translation.override(language):
                response = self.get_response(request)
        response["Content-Language"] = language
        patch_vary_headers(response, ("Accept-Language",))
        return response
