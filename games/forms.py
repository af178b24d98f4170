"""Forms of the live-games pages: the generic part of creating a game, and guests (accounts: games/accounts/forms.py)."""
from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy as _, ngettext

from games.models import Game
from games.services.accounts import NICKNAME
from games.selectors.lists import move_time_text
from games.services.lobby import MOVE_TIME_CHOICES, TIMER_CHOICES


def _timer_text(seconds):
    if not seconds:
        return gettext("No timer")
    if seconds < 60 or seconds % 60:
        return ngettext("%(n)d second", "%(n)d seconds", seconds) % {"n": seconds}
    return ngettext("%(n)d minute", "%(n)d minutes", seconds // 60) % {"n": seconds // 60}


_timer_label = lazy(_timer_text, str)  # the choice is rendered in the language of each request
_move_time_label = lazy(move_time_text, str)


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
        help_text=_("Needs two registered players, or a program account and a bot; bots count with their own ratings, "
                    "guests are not rated."),
    )
    # Turn-based play (docs/playing.md, "Turn-based games"): static/js/forms/pace.js shows the fields of the
    # chosen pace only; without scripts all show and those of the other pace are ignored.
    pace = forms.ChoiceField(
        label=_("Pace"), initial=Game.Pace.LIVE, widget=forms.RadioSelect, required=False,  # absent: live
        choices=[(Game.Pace.LIVE, _("Live: everyone plays now, at the table")),
                 (Game.Pace.TURN_BASED, _("Turn-based: each player moves when they can, over days"))],
    )
    move_seconds = forms.TypedChoiceField(
        label=_("Time per move"), coerce=int, initial=24 * 3600, required=False, empty_value=None,
        choices=[(s, _move_time_label(s)) for s in MOVE_TIME_CHOICES],
        help_text=_("Turn-based games only. Players may close the page: the game waits for them this long."),
    )
    on_timeout = forms.ChoiceField(
        label=_("When a player's time per move runs out"), initial=Game.OnTimeout.BOT_PLAYS, widget=forms.RadioSelect,
        required=False,  # absent: a bot plays the turn
        choices=[(Game.OnTimeout.BOT_PLAYS, _("A bot plays that turn; the others may vote to remove the player")),
                 (Game.OnTimeout.LOSES, _("The player loses the game by time"))],
    )

    def pace_settings(self):
        """The service's pace, turn_seconds and on_timeout from the cleaned data: a live game keeps its turn
        timer (a bot plays for a late player), a turn-based one its time per move and timeout policy."""
        data = self.cleaned_data
        if data.get("pace") == Game.Pace.TURN_BASED:
            return {"pace": Game.Pace.TURN_BASED, "turn_seconds": data.get("move_seconds"),
                    "on_timeout": data.get("on_timeout") or Game.OnTimeout.BOT_PLAYS}
        return {"pace": Game.Pace.LIVE, "turn_seconds": data.get("turn_seconds", 0),
                "on_timeout": Game.OnTimeout.BOT_PLAYS}


class GuestForm(forms.Form):
    nickname = forms.RegexField(
        regex=NICKNAME, max_length=24, label=_("Nickname"),
        error_messages={"invalid": _("2 to 24 letters, digits, spaces, dots, dashes or apostrophes.")},
    )
