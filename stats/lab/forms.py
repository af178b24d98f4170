"""The form a designer fills to start a lab run of one game; the game's own options come from its ruleset."""
from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from cards.models import CardSetDraft
from games.rulesets import all_rulesets, get_ruleset
from stats.lab.sequential import LENGTH, WIN_RATE
from stats.models import LabRun, grouped

from stats.lab.services import MAX_GAMES, LabRequest, StopRequest

MAX_SEATS = 6
PUBLISHED = "published"


def lab_games():
    """The rulesets that have a balance lab, in the registry's order."""
    return [ruleset for ruleset in all_rulesets() if ruleset.has_lab]


def lab_game(slug):
    """The lab ruleset called `slug`, else the first one (a missing or unknown game shows the first lab)."""
    games = lab_games()
    return next((ruleset for ruleset in games if ruleset.slug == slug), games[0])


def _bot_choices(game=None):
    """(kind, name) of the bots a lab seat may take, in the active language."""
    ruleset = lab_game(game)
    return [(kind, ruleset.bot_label(kind)) for kind in ruleset.lab_bots]


class LabRunForm(forms.Form):
    game = forms.CharField(widget=forms.HiddenInput, required=False)   # missing: the game the page shows
    card_set = forms.ChoiceField(label=_("Cards"), help_text=_("The published cards, or one of the designers' drafts."))
    players = forms.IntegerField(label=_("Players"), min_value=2, max_value=MAX_SEATS, initial=4)
    games = forms.IntegerField(label=_("Games"), min_value=1, max_value=MAX_GAMES, initial=1000,
                               help_text=format_lazy(_("Up to {}; about a thousand games a second per worker with random bots, a few games a second with a search bot."),
                                                     lazy(grouped, str)(MAX_GAMES)))
    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, max_value=(1 << 62) - 1,
                              help_text=_("Leave empty for a new one; the same seed replays the same games."))
    name = forms.CharField(label=_("Name"), required=False, max_length=100)
    # Early stopping (stats.lab.sequential): its own fieldset on the page, after the seats.
    stop_measure = forms.ChoiceField(
        label=_("Stop early on"), required=False,
        choices=[("", _("Nothing: play every game")),
                 (WIN_RATE, _("Seat 1's win rate against its fair share")),
                 (LENGTH, _("Mean game length against a reference"))],
        help_text=_("A sequential test looks after every chunk of games and stops the run once it knows whether "
                    "it differs. Fair share: 1 / players. With the same bot in every seat, seat 1's win rate "
                    "measures the first player's advantage; with another bot in seat 1, that bot against the others."))
    stop_alpha = forms.TypedChoiceField(label=_("Significance level (α)"), coerce=float, initial="0.05",
                                        required=False, empty_value=0.05,
                                        choices=[("0.05", "5 %"), ("0.01", "1 %")],
                                        help_text=_("The chance of reporting a difference that is not there."))
    stop_size = forms.FloatField(label=_("Smallest difference that matters"), required=False, min_value=0.01,
                                 help_text=_("In points of win rate (2 if empty) or in turns (1 if empty)."))
    stop_reference_run = forms.TypedChoiceField(label=_("Reference run"), required=False, coerce=int,
                                                empty_value=None,
                                                help_text=_("For the game length: a finished run of this game…"))
    stop_reference_turns = forms.FloatField(label=_("or reference length (turns)"), required=False,
                                            min_value=0.1, max_value=10_000, help_text=_("…or a number of turns."))

    STOP_FIELDS = ("stop_measure", "stop_alpha", "stop_size", "stop_reference_run", "stop_reference_turns")

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset = get_ruleset(game)
        self.fields["game"].initial = ruleset.slug
        choices = [(PUBLISHED, _("Published cards"))]
        if ruleset.lab_drafts:
            choices += [(str(d.pk), _("Draft: %(name)s") % {"name": d.name}) for d in CardSetDraft.objects.order_by("name")]
        else:
            self.fields["card_set"].help_text = ""
        self.fields["card_set"].choices = choices
        # The game's options after the number of players, then the rest of the form in its order.
        fields = list(self.fields.items())
        at = [name for name, _field in fields].index("players") + 1
        self.fields = dict(fields[:at] + list(ruleset.lab_option_fields().items()) + fields[at:])
        self.option_names = [name for name in self.fields if name not in LabRunForm.base_fields]
        finished = LabRun.objects.filter(game=ruleset.slug, status=LabRun.Status.DONE)[:50]
        self.fields["stop_reference_run"].choices = [("", "—")] + [(str(run.pk), f"{run.pk}: {run}") for run in finished]
        bots = _bot_choices(ruleset.slug)
        for seat in range(1, MAX_SEATS + 1):
            self.fields[f"bot_{seat}"] = forms.ChoiceField(label=_("Seat %(n)s") % {"n": seat}, choices=bots,
                                                           initial=ruleset.lab_default_bot())

    def clean_game(self):
        if self.cleaned_data["game"] not in ("", self.ruleset.slug):
            raise forms.ValidationError(_("This form is for another game."))
        return self.ruleset.slug

    def seat_fields(self):
        return [self[f"bot_{seat}"] for seat in range(1, MAX_SEATS + 1)]

    def stop_fields(self):
        return [self[name] for name in self.STOP_FIELDS]

    def stop_request(self):
        """The early-stopping rule asked for, or None (the service checks it: stats.lab.services.stopping_rule)."""
        data = self.cleaned_data
        if not data.get("stop_measure"):
            return None
        reference = None
        if data.get("stop_reference_run") is not None:
            reference = LabRun.objects.filter(pk=data["stop_reference_run"]).first()
        return StopRequest(measure=data["stop_measure"], alpha=data["stop_alpha"], size=data.get("stop_size"),
                           reference_run=reference, reference_turns=data.get("stop_reference_turns"))

    def lab_request(self):
        data = self.cleaned_data
        draft = None
        if data["card_set"] != PUBLISHED:
            draft = CardSetDraft.objects.get(pk=int(data["card_set"]))
        return LabRequest(
            game=self.ruleset.slug, players=data["players"],
            options=self.ruleset.lab_form_options({name: data.get(name) for name in self.option_names}),
            bots=tuple(data[f"bot_{seat}"] for seat in range(1, data["players"] + 1)),
            games=data["games"], seed=data["seed"], draft=draft, name=data["name"], stopping=self.stop_request())
