"""JSON typed into the admin (aliases, Lorenzo payloads, Valeria preset settings) read as safely as the API
reads it: too deep a nesting or a lone surrogate is a form error, never a server error or a stored string that
cannot be written back as UTF-8 (cards/json_safety.py)."""
import json

from django import forms
from django.forms.fields import InvalidJSONInput
from django.db import models

from . import json_safety


class SafeJSONFormField(forms.JSONField):
    def to_python(self, value):
        if not self.disabled and isinstance(value, str) and value.strip():
            try:
                json_safety.loads(value)
            except json_safety.UnsafeJSON as exc:
                raise forms.ValidationError(f"Refused JSON: {exc}.", code="invalid") from None
            except json.JSONDecodeError:
                pass  # the field's own message says it is not JSON
        return super().to_python(value)

    def bound_data(self, data, initial):
        """What the form shows again after an error: the text as typed when it is refused JSON."""
        if self.disabled or data is None:
            return super().bound_data(data, initial)
        try:
            return json_safety.loads(data, cls=self.decoder)
        except (json.JSONDecodeError, json_safety.UnsafeJSON):
            return InvalidJSONInput(data)


class SafeJSONAdminMixin:
    """For every card admin and inline: JSON fields use SafeJSONFormField."""

    formfield_overrides = {models.JSONField: {"form_class": SafeJSONFormField}}
