"""The effect field of the admin: a wide multi-line box, checked and explained while typing, in the admin page's
language (English or French).

EffectWidget renders the textarea, the explanation as it is now (server side, so it shows without JavaScript),
and hooks static/cards/effect-explain.js, which asks GET /api/effects/explain/?lang=<the page's language> as the
designer types (its own words come from the site's JavaScript catalogue, /i18n/catalog.js). Use it through
EffectAdminMixin, or directly: `forms.CharField(widget=EffectWidget("valeria"), bound_field_class=EffectBoundField)`.

An invalid effect is explained beside the box with a caret under the place it goes wrong, as the script draws it; the
field's error list leaves out that same message (EffectBoundField), so a failed save says it once.
"""
import json
from functools import cached_property

from django import forms
from django.forms.boundfield import BoundField
from django.urls import reverse

from cards.effect_api import explain_answer
from cards.language import current_language


class EffectWidget(forms.Textarea):
    template_name = "cards/widgets/effect.html"

    @property
    def media(self):
        # gettext() for the script: the admin's own catalogue (admin:jsi18n) holds only Django's admin strings.
        return forms.Media(js=[reverse("javascript-catalog"), "cards/effect-explain.js"],
                           css={"all": ["cards/effect-explain.css"]})

    def __init__(self, game, context_fields=(), attrs=None):
        self.game = game
        self.context_fields = tuple(context_fields)
        defaults = {"rows": 3, "cols": 100, "class": "vLargeTextField effect-input", "spellcheck": "false",
                    "autocomplete": "off"}
        super().__init__({**defaults, **(attrs or {})})

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        attrs = context["widget"]["attrs"]
        attrs["data-effect-game"] = self.game
        attrs["data-effect-url"] = reverse("effect-explain")
        attrs["data-effect-lang"] = current_language()  # the page's language, not only the browser's preference
        attrs["data-effect-context"] = json.dumps(self.context_fields)
        answer = self.answer(value)
        context["widget"]["answer"] = answer
        if answer and not answer["valid"]:
            context["widget"]["caret"] = caret_lines(answer)
            attrs["aria-invalid"] = "true"
            attrs["aria-describedby"] = " ".join(filter(None, [attrs.get("aria-describedby"), f"{attrs['id']}_explain"]))
        return context

    def answer(self, value):
        """The explanation of `value` the box shows (None for an empty box)."""
        return explain_answer(self.game, value, {}) if value else None


def caret_lines(answer):
    """The effect on one line and, below it, a caret at the error's column with what was expected there (the same
    two lines effect-explain.js draws)."""
    error = answer["error"]
    return f"{answer['effect'].replace(chr(10), ' ')}\n{' ' * max(0, error['column'] - 1)}^ {error['expected']}"


class EffectBoundField(BoundField):
    """An effect field whose error list leaves out the grammar error its EffectWidget already shows with the caret;
    any other error of the field (required, a refusal of the rules engine) stays in the list."""

    @cached_property
    def shown_by_widget(self):
        answer = self.field.widget.answer(self.value()) if self.form.is_bound else None
        return answer["error"]["message"] if answer and not answer["valid"] else None

    @property
    def errors(self):
        errors = super().errors
        if not self.shown_by_widget:
            return errors
        kept = [error for error in errors if error != self.shown_by_widget]
        return type(errors)(kept, error_class=errors.error_class, renderer=errors.renderer, field_id=errors.field_id)


class EffectAdminMixin:
    """Give a ModelAdmin's effect fields the live-explained EffectWidget.

    effect_widget_fields: {field name: game}; effect_context_fields: other form fields sent along (Machi Koro's
    colour and activation numbers, so the explanation says when the card fires).
    """

    effect_widget_fields = {}
    effect_context_fields = ()

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        game = self.effect_widget_fields.get(db_field.name)
        if game is None:
            return super().formfield_for_dbfield(db_field, request, **kwargs)
        kwargs["widget"] = EffectWidget(game, self.effect_context_fields)
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        field.bound_field_class = EffectBoundField
        return field
