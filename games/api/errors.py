"""The services' refusals (games.errors) as API errors: the API's JSON shape (cards/api_errors.py), the
service's stable `code`, and an HTTP status that fits it."""
from contextlib import contextmanager

from rest_framework import exceptions

from games.errors import GameError, InvalidSettings

STATUS_OF_CODE = {
    "not_found": 404,
    "identity_required": 401,
    "forbidden": 403,
    "removed": 403,
    "not_seated": 403,
    "wrong_status": 409,
    "lobby_full": 409,
    "not_your_turn": 409,
    "illegal_action": 409,
    "stale_event": 409,
    "cannot_start": 409,
    "too_few_players": 409,
    "bad_request": 400,
    "invalid_settings": 400,
    "not_finished": 404,
}
# The create form's field names that the API names otherwise.
API_FIELD = {"move_seconds": "turn_seconds"}
SETTINGS_FIELDS = {"ruleset", "min_players", "max_players", "turn_seconds", "move_seconds", "pace", "on_timeout",
                   "public", "rated"}


class GameRefused(exceptions.APIException):
    """A GameError as the API answers it."""

    def __init__(self, error):
        super().__init__(error.message, error.code)
        self.status_code = STATUS_OF_CODE.get(error.code, 400)
        self.default_code = error.code
        self.extra = dict(error.details)
        if isinstance(error, InvalidSettings):
            self.extra["fields"] = settings_fields(error.errors)


def settings_fields(errors):
    """InvalidSettings' {form field: [messages]} as the API's `fields` (options named `options.<name>`)."""
    fields = {}
    for field, messages in errors.items():
        name = API_FIELD.get(field, field) if field in SETTINGS_FIELDS else f"options.{field}"
        fields.setdefault(name, []).extend({"code": "invalid", "message": str(m)} for m in messages)
    return fields


@contextmanager
def refusals():
    """Turn a service's GameError raised inside into the API's error answer."""
    try:
        yield
    except GameError as error:
        raise GameRefused(error) from None
