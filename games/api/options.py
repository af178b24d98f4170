"""A game's options from JSON, checked by the ruleset's own create-form options (as the create page does):
each option named as on the form, each of the JSON type its field takes; anything else is refused by name."""
from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext as _
from rest_framework.exceptions import ErrorDetail, ValidationError


def _json_type_error(field, value):
    """Why `value` is not of the JSON type `field` takes, or None."""
    if isinstance(field, forms.BooleanField):
        ok = isinstance(value, bool)
        expected = _("true or false")
    elif isinstance(field, forms.IntegerField):
        ok = value is None or (isinstance(value, int) and not isinstance(value, bool))
        expected = _("a whole number")
    elif isinstance(field, forms.MultipleChoiceField):
        ok = isinstance(value, list) and all(isinstance(item, str) for item in value)
        expected = _("a list of texts")
    else:
        ok = value is None or isinstance(value, str)
        expected = _("a text")
    return None if ok else _("Expected %(expected)s.") % {"expected": expected}


def option_fields(ruleset):
    """{option name: form field} of the ruleset's create form (none for a ruleset without options)."""
    return dict(ruleset.options_form().fields) if ruleset.options_form is not None else {}


def clean_api_options(ruleset, options):
    """The options' cleaned data, as the create form would give them, or ValidationError naming `options.<name>`."""
    if not isinstance(options, dict):
        raise ValidationError({"options": [ErrorDetail(_("Send the options as a JSON object."), "invalid")]})
    if ruleset.options_form is None:
        fields = {}
    else:
        fields = option_fields(ruleset)
    errors = {}
    for name, value in options.items():
        if name not in fields:
            message = _("Unknown option; this game's options are %(names)s.") % {
                "names": ", ".join(sorted(fields)) or _("none")}
            errors[f"options.{name}"] = [ErrorDetail(message, "unknown_field")]
            continue
        problem = _json_type_error(fields[name], value)
        if problem:
            errors[f"options.{name}"] = [ErrorDetail(problem, "invalid")]
    if errors:
        raise ValidationError(errors)
    if ruleset.options_form is None:
        return {}
    form = ruleset.options_form({name: value for name, value in options.items() if value is not None})
    if not form.is_valid():
        raise ValidationError({
            (f"options.{name}" if name != NON_FIELD_ERRORS else "options"):
                [ErrorDetail(str(message), "invalid") for message in messages]
            for name, messages in form.errors.items()})
    return form.cleaned_data
