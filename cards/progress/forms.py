"""The cost form of the site page and the admin preview: a card and a player's situation."""
from django import forms
from django.utils.translation import gettext_lazy as _

from cards.progress.models import Technology

from cards.progress.costs import KNOWLEDGE_NAMES, KNOWLEDGE_TYPES


TOKEN_LABELS = {"science": _("Science tokens"), "engineering": _("Engineering tokens"), "culture": _("Culture tokens")}


class CostForm(forms.Form):
    card = forms.ModelChoiceField(Technology.objects.order_by("age", "name"), to_field_name="slug",
                                  label=_("Card"), help_text=_("The technology being discovered."))
    active = forms.ModelMultipleChoiceField(Technology.objects.order_by("age", "name"), to_field_name="slug",
                                            required=False, widget=forms.CheckboxSelectMultiple,
                                            label=_("Active cards"), help_text=_("Technologies in the active area."))
    research = forms.ModelMultipleChoiceField(Technology.objects.order_by("age", "name"), to_field_name="slug",
                                              required=False, widget=forms.CheckboxSelectMultiple,
                                              label=_("Research cards"), help_text=_("Technologies being researched."))
    discards = forms.IntegerField(min_value=0, initial=0, label=_("Discards"),
                                  help_text=_("Cards discarded (each pays one, any type)."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for knowledge in KNOWLEDGE_TYPES:
            self.fields[f"tokens_{knowledge}"] = forms.IntegerField(
                min_value=0, initial=0, label=TOKEN_LABELS.get(knowledge, f"{KNOWLEDGE_NAMES[knowledge]} tokens"))
        self.order_fields(["card", "active", "research", *[f"tokens_{k}" for k in KNOWLEDGE_TYPES], "discards"])

    def situation(self):
        data = self.cleaned_data
        return {
            "active": [card.slug for card in data["active"]],
            "research": [card.slug for card in data["research"]],
            "tokens": {k: data[f"tokens_{k}"] for k in KNOWLEDGE_TYPES},
            "discards": data["discards"],
        }
