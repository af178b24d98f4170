"""The Machi Koro part of the create-a-game form (seed 002's options)."""
from django import forms
from django.utils.translation import get_language, gettext_lazy as _

from cards.language import current_language, localized_name
from cards.models import CardGame, Extension
from games.machikoro import engine
from games.machikoro.text import option_problem

BASE = "base"


def extension_choices():
    """Extensions from the card database (the base game is always played). An English reader sees the French
    edition's name beside ours ("Harbor (Marina)": boxes are sold under both); a French reader sees Minivilles'
    own names ("Marina")."""
    extensions = Extension.objects.filter(game__slug=CardGame.MACHI_KORO).exclude(slug=BASE).order_by("order")

    def label(extension):
        first = localized_name(extension)
        if current_language() == "fr":
            return first
        other = extension.name_fr
        return f"{first} ({other})" if other and other != first else first

    return [(e.slug, label(e)) for e in extensions]


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
        options = engine.GameOptions(extensions=(BASE, *[e for e in data.get("extensions") or () if e != BASE]),
                                     neighbours_only=bool(data.get("neighbours_only")))
        try:
            engine.check_options(options)
        except engine.OptionsError as exc:
            self.add_error(exc.field, option_problem(exc))
        return data
