"""The profile's filter of the games played: a game (the tabs) and a result."""
from django import forms
from django.utils.translation import gettext_lazy

from stats.players.selectors import game_choices


class PlayedGamesFilter(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Game"), required=False)
    result = forms.ChoiceField(label=gettext_lazy("Result"), required=False, choices=[
        ("", gettext_lazy("All results")), ("won", gettext_lazy("Won games")), ("lost", gettext_lazy("Lost games"))])

    def __init__(self, data, *args, **kwargs):
        super().__init__(data, *args, **kwargs)
        self.fields["game"].choices = [("", gettext_lazy("All games")), *game_choices()]
