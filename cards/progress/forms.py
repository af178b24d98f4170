"""The cost form of the site page and the admin preview: a card and a player's situation."""
from django import forms

from cards.models import Technology

from .costs import KNOWLEDGE_NAMES, KNOWLEDGE_TYPES


class CostForm(forms.Form):
    card = forms.ModelChoiceField(Technology.objects.order_by("age", "name"), to_field_name="slug",
                                  help_text="The technology being discovered.")
    active = forms.ModelMultipleChoiceField(Technology.objects.order_by("age", "name"), to_field_name="slug",
                                            required=False, widget=forms.CheckboxSelectMultiple,
                                            label="Active cards", help_text="Technologies in the active area.")
    research = forms.ModelMultipleChoiceField(Technology.objects.order_by("age", "name"), to_field_name="slug",
                                              required=False, widget=forms.CheckboxSelectMultiple,
                                              label="Research cards", help_text="Technologies being researched.")
    discards = forms.IntegerField(min_value=0, initial=0, help_text="Cards discarded (each pays one, any type).")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for knowledge in KNOWLEDGE_TYPES:
            self.fields[f"tokens_{knowledge}"] = forms.IntegerField(
                min_value=0, initial=0, label=f"{KNOWLEDGE_NAMES[knowledge]} tokens")
        self.order_fields(["card", "active", "research", *[f"tokens_{k}" for k in KNOWLEDGE_TYPES], "discards"])

    def situation(self):
        data = self.cleaned_data
        return {
            "active": [card.slug for card in data["active"]],
            "research": [card.slug for card in data["research"]],
            "tokens": {k: data[f"tokens_{k}"] for k in KNOWLEDGE_TYPES},
            "discards": data["discards"],
        }
