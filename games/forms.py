"""Forms of the live-games pages: the generic part of creating a game, guests and accounts."""
from django import forms
from django.contrib.auth.forms import UserCreationForm

from games.services.accounts import NICKNAME
from games.services.lobby import TIMER_CHOICES


def _timer_label(seconds):
    if not seconds:
        return "No timer"
    return f"{seconds} seconds" if seconds < 60 or seconds % 60 else f"{seconds // 60} minute{'s' if seconds > 60 else ''}"


class GameSettingsForm(forms.Form):
    """Settings every game has; the ruleset's own form holds its options."""

    min_players = forms.IntegerField(label="Minimum players", initial=2, min_value=1, max_value=12)
    max_players = forms.IntegerField(label="Maximum players", initial=4, min_value=1, max_value=12)
    public = forms.BooleanField(label="Public: list this game on the games page", required=False, initial=True)
    turn_seconds = forms.TypedChoiceField(
        label="Turn timer", coerce=int, initial=90, choices=[(s, _timer_label(s)) for s in TIMER_CHOICES],
        help_text="When a player's time runs out, a bot plays for him until he takes his seat back.",
    )


class GuestForm(forms.Form):
    nickname = forms.RegexField(
        regex=NICKNAME, max_length=24, label="Nickname",
        error_messages={"invalid": "2 to 24 letters, digits, spaces, dots, dashes or apostrophes."},
    )


class SignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)
