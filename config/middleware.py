"""Refuses addresses holding a NUL character, before any view runs.

PostgreSQL text cannot contain NUL, so a NUL from the path or the query string that reached a query was a 500
(a search, a filter, a slug); no address of the site needs one. The API answers in its JSON error shape.
"""
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
