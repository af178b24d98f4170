"""The OpenAPI schema says what the API really answers, errors included (docs/api.md, "Errors").

Every operation documents the JSON error body (cards/api_errors.py) for the statuses it can give:
400 (bad input or query), 401 (missing or bad credentials), 404, and for writes 403 (not a designer),
413 (body over the size limit) and, for deletes, 409 (cards still use it); and 429 everywhere (the throttles
and the login lockout, docs/api.md "Throttling").
"""
from drf_spectacular.authentication import BasicScheme
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


class SafeBasicScheme(BasicScheme):
    target_class = "cards.api_input.SafeBasicAuthentication"


class FieldErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Machine-readable: invalid, parse_error, not_authenticated, "
                                           "permission_denied, not_found, in_use, too_large ...")
    message = serializers.CharField(help_text="A sentence for people.")
    fields = serializers.DictField(required=False, child=serializers.JSONField(),
                                   help_text="Per field (or per imported file): lists of {code, message, ...}.")
    used_by = serializers.ListField(child=serializers.CharField(), required=False,
                                    help_text="With in_use: the cards that still use what was to be deleted.")
    report = serializers.DictField(required=False, help_text="With invalid_cards: the import's preview report.")
    breaks = serializers.ListField(child=serializers.DictField(), required=False,
                                   help_text="With unplayable: each game, lobby choice and reason the write would break.")


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


ERROR_DESCRIPTIONS = {
    400: "Bad input: invalid fields, query parameters or JSON (too deeply nested, not valid Unicode).",
    401: "No credentials for a write, or bad HTTP Basic credentials.",
    403: "Signed in, but not a designer.",
    404: "No such object or page.",
    409: "Cards still use what you tried to delete; `used_by` names them.",
    413: "The request body is over the size limit.",
    429: "Too many requests (`throttled`) or too many wrong passwords (`locked_out`); wait Retry-After seconds.",
}


LANGUAGE_PARAMETERS = [  # cards/middleware.py: every /api/ answer is in the language asked for
    OpenApiParameter("lang", str, OpenApiParameter.QUERY, enum=["en", "fr"],
                     description="The language of names and effect explanations; wins over Accept-Language. "
                                 "Default: Accept-Language, else en. Anything else is a 400."),
    OpenApiParameter("Accept-Language", str, OpenApiParameter.HEADER,
                     description="Used when `lang` is absent: the first of fr or en the client prefers."),
    OpenApiParameter("Content-Language", OpenApiTypes.STR, OpenApiParameter.HEADER, response=True,
                     description="The language served: en or fr (the answer varies on Accept-Language)."),
]


class CardAPISchema(AutoSchema):
    """drf-spectacular's schema, plus the error answers of each operation in the API's error shape, and the
    language parameters (`lang`, `Accept-Language`) and `Content-Language` header of every operation."""

    def get_override_parameters(self):
        return [*super().get_override_parameters(), *LANGUAGE_PARAMETERS]

    def error_statuses(self):
        statuses = {400, 401, 404, 429}
        if self.method in WRITE_METHODS:
            statuses |= {403, 413}
        if self.method == "DELETE":
            statuses.add(409)
        return statuses

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code in sorted(self.error_statuses()):
            if str(code) in responses and responses[str(code)].get("content"):
                continue
            body = self._get_response_for_code(ErrorSerializer, str(code), direction=direction)
            body["description"] = responses.get(str(code), {}).get("description") or ERROR_DESCRIPTIONS[code]
            responses[str(code)] = body
        return responses
