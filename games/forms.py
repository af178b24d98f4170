"""Forms of the live-games pages: the generic part of creating a game, and guests (accounts: games/accounts/forms.py)."""
from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy as _, ngettext

from games.services.accounts import NICKNAME
from games.services.lobby import TIMER_CHOICES


def _timer_text(seconds):
    if not seconds:
        return gettext("No timer")
    if seconds < 60 or seconds % 60:
        return ngettext("%(n)d second", "%(n)d seconds", seconds) % {"n": seconds}
    return ngettext("%(n)d minute", "%(n)d minutes", seconds // 60) % {"n": seconds // 60}


_timer_label = lazy(_timer_text, str)  # the choice is rendered in the language of each request


class GameSettingsForm(forms.Form):
    """Settings every game has; the ruleset's own form holds its options."""

    min_players = forms.IntegerField(label=_("Minimum players"), initial=2, min_value=1, max_value=12)
    max_players = forms.IntegerField(label=_("Maximum players"), initial=4, min_value=1, max_value=12)
    public = forms.BooleanField(label=_("Public: list this game on the games page"), required=False, initial=True)
    turn_seconds = forms.TypedChoiceField(
        label=_("Turn timer"), coerce=int, initial=90, choices=[(s, _timer_label(s)) for s in TIMER_CHOICES],
        help_text=_("When a player's time runs out, a bot plays for them until they take their seat back."),
    )
    rated = forms.BooleanField(
        label=_("Rated: the result changes the players' ratings"), required=False, initial=False,
        help_text=_("Needs at least two registered players; bots count with their own ratings, guests are not rated."),
    )


class GuestForm(forms.Form):
    nickname = forms.RegexField(
        regex=NICKNAME, max_length=24, label=_("Nickname"),
        error_messages={"invalid": _("2 to 24 letters, digits, spaces, dots, dashes or apostrophes.")},
    )
