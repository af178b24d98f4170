"""JSON errors with field-level messages and a machine-readable code.

Every API error has the shape::

    {"error": {"code": "invalid", "message": "...", "fields": {"cost": [{"code": "min_value", "message": "..."}]}}}

Errors Django raises below DRF (a body over the size limit, a delete that cards still block) get the same
shape instead of an HTML page or a server error.
"""
from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.db.models import ProtectedError, RestrictedError
from django.http import Http404
from django.utils.translation import gettext as _, gettext_lazy, ngettext
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler

from cards.api_input import too_large

USED_BY_SHOWN = 10
SOME_FIELDS_INVALID = gettext_lazy("Some fields are invalid.")


class InUse(exceptions.APIException):
    """A delete refused because other rows (cards) still point at the object."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "in_use"
    default_detail = gettext_lazy("Other cards still use this object.")

    def __init__(self, label, users):
        names = sorted({str(user) for user in users})
        shown = ", ".join(names[:USED_BY_SHOWN])
        if len(names) > USED_BY_SHOWN:
            shown = _("%(names)s and %(more)d more") % {"names": shown, "more": len(names) - USED_BY_SHOWN}
        super().__init__(ngettext(
            "%(what)s cannot be deleted: %(count)d card still uses it (%(cards)s). Change or delete that card first.",
            "%(what)s cannot be deleted: %(count)d cards still use it (%(cards)s). Change or delete those cards first.",
            len(names)) % {"what": label, "count": len(names), "cards": shown})
        self.extra = {"used_by": names}


def _blocked_by(exc):
    return getattr(exc, "protected_objects", None) or getattr(exc, "restricted_objects", None) or ()


def as_api_exception(exc):
    """Django's own request and delete errors as the API exception a client should see (or `exc` itself)."""
    if isinstance(exc, RequestDataTooBig):
        return too_large()
    if isinstance(exc, SuspiciousOperation):
        return exceptions.ParseError(_("Request refused: %(reason)s") % {"reason": exc})
    if isinstance(exc, (ProtectedError, RestrictedError)):
        return InUse(_("This object"), _blocked_by(exc))
    if isinstance(exc, Http404):  # DRF answers 404 for it, but without its code: say "not_found" like the rest
        return exceptions.NotFound(str(exc) or None)
    if isinstance(exc, PermissionDenied):
        return exceptions.PermissionDenied(str(exc) or None)
    return exc


def _flatten(detail):
    """Turn DRF's nested ErrorDetail structures into lists of {code, message}."""
    if isinstance(detail, dict):
        return {key: _flatten(value) for key, value in detail.items()}
    if isinstance(detail, list):
        if all(not isinstance(item, (dict, list)) for item in detail):
            return [{"code": getattr(item, "code", "invalid"), "message": str(item)} for item in detail]
        return [_flatten(item) for item in detail]
    return [{"code": getattr(detail, "code", "invalid"), "message": str(detail)}]


def dotted_fields(detail, prefix=""):
    """A serializer's errors as {"tokens.science": [ErrorDetail, ...]}: nested fields named by their path (a
    nested non-field error names its parent), as the documented shape keeps `fields` one level deep."""
    flat = {}
    for key, value in detail.items():
        if key == api_settings.NON_FIELD_ERRORS_KEY and prefix:
            where = prefix
        else:
            where = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict):
            for inner, errors in dotted_fields(value, where).items():
                flat.setdefault(inner, []).extend(errors)
        else:
            flat.setdefault(where, []).extend(value if isinstance(value, list) else [value])
    return flat


def invalid_fields_response(detail):
    """A 400 in the documented shape for a serializer's errors, each field named in `fields` and in the message."""
    fields = {field: [{"code": getattr(error, "code", "invalid"), "message": str(error)} for error in errors]
              for field, errors in dotted_fields(detail).items()}
    message = "; ".join(f"{field}: {' '.join(item['message'] for item in items)}" for field, items in fields.items())
    return Response({"error": {"code": "invalid", "message": message, "fields": fields}},
                    status=status.HTTP_400_BAD_REQUEST)


def json_exception_handler(exc, context):
    exc = as_api_exception(exc)
    response = exception_handler(exc, context)
    if response is None:
        return None
    detail = getattr(exc, "detail", response.data)
    error = {"code": getattr(exc, "default_code", "error"), "message": ""}
    if isinstance(detail, dict):
        fields = _flatten(detail)
        non_field = fields.pop("non_field_errors", None) or fields.pop("detail", None)
        if non_field:
            error["message"] = "; ".join(item["message"] for item in non_field if isinstance(item, dict))
        if fields:
            error["fields"] = fields
            error["message"] = error["message"] or str(SOME_FIELDS_INVALID)
    elif isinstance(detail, list):
        error["message"] = "; ".join(str(item) for item in detail)
    else:
        error["message"] = str(detail)
        error["code"] = getattr(detail, "code", error["code"])
    error.update(getattr(exc, "extra", {}))
    response.data = {"error": error}
    return response
