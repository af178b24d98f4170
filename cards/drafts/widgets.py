"""A draft row's effect box: a wrapping textarea with its explanation below, in the card editor's markup
(the classes of cards/widgets.py's template), explained live by static/cards/draft-effect.js.

The card editor's EffectWidget checks the effect against the database on every render (a few queries each);
a draft page has a row per card, so a saved effect is explained by the game's cached explain_effect (no query),
and only an effect it cannot explain (one just refused on save) is checked like the API checks it, to draw the
caret under the error's place (the message itself is in the field's error list, just above the box).
"""
from django import forms
from django.urls import reverse

from config.registry import get_game

from cards.effect_api import explain_answer
from cards.language import current_language
from cards.models.drafts import DRAFT_GAME


def _effects():
    """The drafted game's effects module (the registry's `effects` part)."""
    return get_game(DRAFT_GAME).part("effects")


def caret_lines(answer):
    """The effect on one line and, below it, a caret at the error's column with what was expected there (the two
    lines the script draws)."""
    error = answer["error"]
    return f"{answer['effect'].replace(chr(10), ' ')}\n{' ' * max(0, error['column'] - 1)}^ {error['expected']}"


class DraftEffectWidget(forms.Textarea):
    template_name = "cards/drafts/effect_widget.html"
    card = None   # the row's card, when its form sets it: the explanation then says when the card fires

    @property
    def media(self):
        return forms.Media(js=[reverse("javascript-catalog"), "cards/draft-effect.js"],
                           css={"all": ["cards/effect-explain.css"]})

    def __init__(self, attrs=None):
        defaults = {"rows": 2, "cols": 30, "class": "effect-input draft-effect", "spellcheck": "false",
                    "autocomplete": "off"}
        super().__init__({**defaults, **(attrs or {})})
        self._answers = {}

    def __deepcopy__(self, memo):
        widget = super().__deepcopy__(memo)
        widget._answers = {}   # each row's own (its card's facts change the words)
        return widget

    def answer(self, value):
        """What the box shows under the effect (None for an empty box), worked out once per value."""
        text = value or ""
        if not text:
            return None
        if text not in self._answers:
            words = _effects().explain_effect(text, card=self.card)
            if words:
                self._answers[text] = {"valid": True, "effect": text, "unified": text, "explained": words}
            else:
                params = {"name": self.card.name} if self.card is not None and self.card.name else {}
                self._answers[text] = explain_answer(_effects().GAME, text, params)
        return self._answers[text]

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        attrs = context["widget"]["attrs"]
        attrs["data-draft-effect"] = _effects().GAME   # the grammar's name for the game, as the API wants it
        attrs["data-effect-url"] = reverse("effect-explain")
        attrs["data-effect-lang"] = current_language()
        if attrs.get("id"):
            attrs["aria-describedby"] = f"{attrs['id']}_explain"
        answer = self.answer(value)
        context["widget"]["answer"] = answer
        if answer and not answer["valid"]:
            context["widget"]["caret"] = caret_lines(answer)
            attrs["aria-invalid"] = "true"
        return context
