"""The form that starts a gauntlet: the bots, the player counts, the games per pairing and the game's options."""
from django import forms
from django.utils.translation import gettext_lazy as _

from games.rulesets import get_ruleset
from stats.lab.forms import MAX_SEATS

MAX_GAMES_PER_PAIRING = 10_000


class GauntletForm(forms.Form):
    bots = forms.MultipleChoiceField(label=_("Bots"), widget=forms.CheckboxSelectMultiple,
                                     help_text=_("Each plays against every other."))
    players = forms.TypedMultipleChoiceField(
        label=_("Players"), widget=forms.CheckboxSelectMultiple, coerce=int, initial=[2, 3, 4],
        choices=[(n, str(n)) for n in range(2, MAX_SEATS + 1)], help_text=_("A matrix for each number of players."))
    games_per_pairing = forms.IntegerField(
        label=_("Games per pairing"), min_value=1, max_value=MAX_GAMES_PER_PAIRING, initial=120,
        help_text=_("A multiple of 12 seats the challenger equally often in every seat at 2, 3 and 4 players."))
    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, max_value=(1 << 62) - 1,
                              help_text=_("Leave empty for a new one; the same seed replays the same games."))
    name = forms.CharField(label=_("Name"), required=False, max_length=100)

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset = get_ruleset(game)
        self.fields["bots"].choices = [(kind, ruleset.bot_label(kind)) for kind in ruleset.lab_gauntlet_bots]
        self.fields["bots"].initial = list(ruleset.lab_gauntlet_default)
        options = ruleset.lab_option_fields()
        self.option_names = list(options)
        fields = list(self.fields.items())
        self.fields = dict(fields[:3] + list(options.items()) + fields[3:])

    def clean_bots(self):
        bots = self.cleaned_data["bots"]
        if len(bots) < 2:
            raise forms.ValidationError(_("Choose at least two bots."))
        return bots

    def gauntlet_request(self):
        """The keyword arguments of stats.lab.gauntlet.start_gauntlet (but `user`)."""
        data = self.cleaned_data
        return {"game": self.ruleset.slug, "bots": data["bots"], "player_counts": data["players"],
                "games_per_pairing": data["games_per_pairing"], "seed": data["seed"], "name": data["name"],
                "options": self.ruleset.lab_form_options({name: data.get(name) for name in self.option_names})}
