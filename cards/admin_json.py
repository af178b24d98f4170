"""JSON typed into the admin (Lorenzo payloads, Valeria preset settings) read as safely as the API reads it: too
deep a nesting or a lone surrogate is a form error, never a server error or a stored string that cannot be written
back as UTF-8 (cards/json_safety.py). A card's aliases, a JSON list of names, are typed one per line
(AliasesField)."""
import json

from django import forms
from django.core.validators import ProhibitNullCharactersValidator
from django.db import models
from django.forms.fields import InvalidJSONInput
from django.utils.translation import gettext_lazy as _, ngettext_lazy

from cards import json_safety


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


class AliasesField(forms.Field):
    """A list of names typed one per line: blank lines and spaces around a name are dropped, a name typed twice
    is kept once; each name has at most ALIAS_MAX_LENGTH characters, as the API's `aliases` allows."""

    ALIAS_MAX_LENGTH = 100
    widget = forms.Textarea(attrs={"rows": 3, "cols": 40})
    default_error_messages = {
        "max_length": ngettext_lazy(
            "An alias has at most %(limit)d character: “%(alias)s” has %(length)d.",
            "An alias has at most %(limit)d characters: “%(alias)s” has %(length)d.", "limit"),
    }

    def __init__(self, *, encoder=None, decoder=None, **kwargs):  # what a JSONField offers its form field
        kwargs.setdefault("required", False)
        kwargs.setdefault("help_text", _("Other printed names of the card, one per line."))
        super().__init__(**kwargs)

    def prepare_value(self, value):
        if isinstance(value, (list, tuple)):
            return "\n".join(str(name) for name in value)
        return "" if value is None else value  # the text as typed, shown again after an error

    def to_python(self, value):
        if isinstance(value, (list, tuple)):
            return list(value)
        names = []
        for line in str(value or "").splitlines():
            name = line.strip()
            if name and name not in names:
                names.append(name)
        return names

    def validate(self, value):
        super().validate(value)
        for name in value:
            ProhibitNullCharactersValidator()(name)
            if len(name) > self.ALIAS_MAX_LENGTH:
                raise forms.ValidationError(self.error_messages["max_length"], code="max_length", params={
                    "limit": self.ALIAS_MAX_LENGTH, "alias": name[:20] + "…", "length": len(name)})

    def has_changed(self, initial, data):
        return list(initial or []) != self.to_python(data)
