"""The Machi Koro part of the create-a-game form (seed 002's options)."""
from django import forms
from django.utils.translation import get_language, gettext_lazy as _

BASE = "base"


def extension_choices():
    """Extensions from the card database (the base game is always played)."""
    from cards.models import CardGame, Extension

    extensions = Extension.objects.filter(game__slug=CardGame.MACHI_KORO).exclude(slug=BASE).order_by("order")
    if get_language() == "fr":  # Minivilles' own names for a French player
        return [(e.slug, e.name_fr or e.name) for e in extensions]
    return [(e.slug, f"{e.name} ({e.name_fr})" if e.name_fr and e.name_fr != e.name else e.name)
            for e in extensions]


class MachiKoroOptionsForm(forms.Form):
    extensions = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label=_("Extensions"),
        help_text=_("The base game is always in. Harbor allows a fifth player, the 5–6 player box a sixth."),
    )
    market_rule = forms.BooleanField(
        required=False, label=_("Market rule: shuffle the cards and keep a fixed number of stacks showing"),
    )
    stacks = forms.IntegerField(
        required=False, min_value=10, max_value=15, initial=10, label=_("Number of stacks"),
        help_text=_("10 to 15; only with the market rule (12 is recommended with the 5–6 player box)."),
    )
    neighbours_only = forms.BooleanField(
        required=False, label=_("5–6 player box: neighbours-only payments"),
        help_text=_("Blue cards pay only on their owner's and the two neighbours' rolls; red cards take only "
                    "from a neighbour. Needs the 5–6 player box."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["extensions"].choices = extension_choices()

    def clean(self):
        data = super().clean()
        if data.get("market_rule") and data.get("stacks") is None and "stacks" not in self.errors:
            self.add_error("stacks", _("Choose how many stacks the market shows (10 to 15)."))
        if data.get("neighbours_only") and "five-six" not in (data.get("extensions") or []):
            self.add_error("neighbours_only", _("Neighbours-only payments come with the 5–6 player box: add it, "
                                                "or untick this option."))
        return data
