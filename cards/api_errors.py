"""JSON errors with field-level messages and a machine-readable code.

Every API error has the shape::

    {"error": {"code": "invalid", "message": "...", "fields": {"cost": [{"code": "min_value", "message": "..."}]}}}
"""
from rest_framework.views import exception_handler


def _flatten(detail):
    """Turn DRF's nested ErrorDetail structures into lists of {code, message}."""
    if isinstance(detail, dict):
        return {key: _flatten(value) for key, value in detail.items()}
    if isinstance(detail, list):
        if all(not isinstance(item, (dict, list)) for item in detail):
            return [{"code": getattr(item, "code", "invalid"), "message": str(item)} for item in detail]
        return [_flatten(item) for item in detail]
    return [{"code": getattr(detail, "code", "invalid"), "message": str(detail)}]


def json_exception_handler(exc, context):
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
            error["message"] = error["message"] or "Some fields are invalid."
    elif isinstance(detail, list):
        error["message"] = "; ".join(str(item) for item in detail)
    else:
        error["message"] = str(detail)
        error["code"] = getattr(detail, "code", error["code"])
    response.data = {"error": error}
    return response
