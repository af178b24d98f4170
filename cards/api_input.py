"""What the REST API reads from a request: bounded JSON bodies, well-formed multipart bodies and HTTP Basic
credentials, and the strict fields and unknown-field refusal of the calculators' serializers.

Bad input is a client error in the API's JSON error shape (cards/api_errors.py), never a server error.
"""
import json

from django.conf import settings
from django.utils.translation import gettext as _, gettext_lazy
from rest_framework import exceptions, serializers, status
from rest_framework.authentication import BasicAuthentication
from rest_framework.exceptions import ErrorDetail
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser

from cards.json_safety import UnsafeJSON, loads


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"
    default_detail = gettext_lazy("The request body is too large.")


def body_limit():
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def too_large():
    limit = body_limit()
    return PayloadTooLarge(_("The request body is larger than the limit of %(bytes)s bytes (%(megabytes)s MB).") % {
        "bytes": f"{limit:,}", "megabytes": f"{limit / 1e6:.1f}"})


class SafeJSONParser(JSONParser):
    """JSON bodies up to DATA_UPLOAD_MAX_MEMORY_SIZE, nested at most MAX_DEPTH levels, valid Unicode only."""

    def parse(self, stream, media_type=None, parser_context=None):
        limit = body_limit()
        if stream is None:
            return {}
        raw = stream.read(limit + 1) if limit is not None else stream.read()
        if limit is not None and len(raw) > limit:
            raise too_large()
        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise exceptions.ParseError(_("JSON parse error - the body is not %(encoding)s text.") % {"encoding": encoding}) from None
        try:
            return loads(text, parse_constant=_refuse_constant)
        except UnsafeJSON as exc:
            raise exceptions.ParseError(_("JSON refused - %(reason)s.") % {"reason": exc}) from None
        except ValueError as exc:
            raise exceptions.ParseError(_("JSON parse error - %(reason)s") % {"reason": exc}) from None


def _refuse_null_characters(fields):
    """A NUL in a form field's name or value: PostgreSQL text cannot hold one, so it is a 400 before any query."""
    for key, values in fields.lists():
        if "\x00" in key or any(isinstance(v, str) and "\x00" in v for v in values):
            raise exceptions.ParseError(_("Form field %(field)r holds a NUL character, which no field accepts.")
                                        % {"field": key.replace("\x00", "\\0")})


class SafeFormParser(FormParser):
    """URL-encoded forms without NUL characters (JSON bodies: SafeJSONParser refuses them too)."""

    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        _refuse_null_characters(data)
        return data


class SafeMultiPartParser(MultiPartParser):
    """Multipart forms without NUL characters in their text fields (files are read as files)."""

    def parse(self, stream, media_type=None, parser_context=None):
        parsed = super().parse(stream, media_type, parser_context)
        _refuse_null_characters(parsed.data)
        return parsed


def _refuse_constant(name):
    raise ValueError(f"{name} is not valid JSON")


class SafeBasicAuthentication(BasicAuthentication):
    """HTTP Basic, refusing control characters (NUL cannot even be sent to PostgreSQL) as bad credentials."""

    def authenticate_credentials(self, userid, password, request=None):
        if any(ord(ch) < 32 or ch == "\x7f" for ch in userid + password):
            raise exceptions.AuthenticationFailed(_("Invalid username/password."))
        return super().authenticate_credentials(userid, password, request)


def shown(value, limit=60):
    """A value as the client wrote it (JSON), cut short, for a message."""
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class StrictIntegerField(serializers.IntegerField):
    """A JSON whole number only: not true/false, not "5", not 5.0 (DRF's IntegerField takes all three)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    """JSON text only: a number or a list is a mistake, not a name (DRF's CharField turns 5 into "5")."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class RejectUnknownFieldsMixin:
    """A serializer that refuses the fields it does not know, each named (a typo is never silently ignored), and
    a body that is not a JSON object."""

    default_error_messages = {
        "unknown_field": gettext_lazy("Unknown field; expected one of %(fields)s."),
    }

    def to_internal_value(self, data):
        if isinstance(data, dict):
            known = {name for name, field in self.fields.items() if not field.read_only}
            unknown = [key for key in data if key not in known]
            if unknown:
                message = self.error_messages["unknown_field"] % {"fields": ", ".join(sorted(known))}
                raise serializers.ValidationError({key: [ErrorDetail(message, "unknown_field")] for key in unknown})
        return super().to_internal_value(data)
