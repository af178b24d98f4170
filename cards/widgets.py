"""The effect field of the admin: a wide multi-line box, checked and explained while typing, in the admin page's
language (English or French).

EffectWidget renders the textarea, the explanation as it is now (server side, so it shows without JavaScript),
and hooks static/cards/effect-explain.js, which asks GET /api/effects/explain/?lang=<the page's language> as the
designer types (its own words come from the site's JavaScript catalogue, /i18n/catalog.js). Use it through
EffectAdminMixin, or directly: `forms.CharField(widget=EffectWidget("valeria"))`.
"""
import json

from django import forms
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
        text = value or ""
        context["widget"]["answer"] = explain_answer(self.game, text, {}) if text else None
        return context


class EffectAdminMixin:
    """Give a ModelAdmin's effect fields the live-explained EffectWidget.

    effect_widget_fields: {field name: game}; effect_context_fields: other form fields sent along (Machi Koro's
    colour and activation numbers, so the explanation says when the card fires).
    """

    effect_widget_fields = {}
    effect_context_fields = ()

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        game = self.effect_widget_fields.get(db_field.name)
        if game is not None:
            kwargs["widget"] = EffectWidget(game, self.effect_context_fields)
        return super().formfield_for_dbfield(db_field, request, **kwargs)
