"""The form a designer fills to start a lab run."""
from django import forms

from cards.language import localized_name
from cards.models import CardGame, CardSetDraft, Extension
from games.rulesets import get_ruleset
from stats.models import grouped

from .services import MAX_GAMES, LabRequest
from django.utils.text import format_lazy
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _, ngettext

MAX_SEATS = 6
PUBLISHED = "published"


def _stacks_text(n):
    return ngettext("%(n)d stack", "%(n)d stacks", n) % {"n": n}


_stacks_label = lazy(_stacks_text, str)  # rendered in each request's language


def _bot_choices():
    ruleset = get_ruleset("machikoro")
    return [(kind, ruleset.bot_label(kind)) for kind in ruleset.lab_bots]


class LabRunForm(forms.Form):
    card_set = forms.ChoiceField(label=_("Cards"), help_text=_("The published cards, or one of the designers' drafts."))
    players = forms.IntegerField(label=_("Players"), min_value=2, max_value=MAX_SEATS, initial=4)
    extensions = forms.MultipleChoiceField(label=_("Extensions"), widget=forms.CheckboxSelectMultiple, required=False,
                                           help_text=_("The base game is always in."))
    market = forms.TypedChoiceField(label=_("Market rule"), initial="all",
                                    choices=[("all", _("Every stack open"))] + [(str(n), _stacks_label(n)) for n in range(10, 16)])
    games = forms.IntegerField(label=_("Games"), min_value=1, max_value=MAX_GAMES, initial=1000,
                               help_text=format_lazy(_("Up to {}; about a thousand games a second per worker with random bots, a few games a second with a search bot."),
                                                     lazy(grouped, str)(MAX_GAMES)))
    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, max_value=(1 << 62) - 1,
                              help_text=_("Leave empty for a new one; the same seed replays the same games."))
    name = forms.CharField(label=_("Name"), required=False, max_length=100)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        drafts = [(str(d.pk), _("Draft: %(name)s") % {"name": d.name}) for d in CardSetDraft.objects.order_by("name")]
        self.fields["card_set"].choices = [(PUBLISHED, _("Published cards"))] + drafts
        self.fields["extensions"].choices = [
            (e.slug, localized_name(e)) for e in Extension.objects.filter(game__slug=CardGame.MACHI_KORO).exclude(slug="base")]
        for seat in range(1, MAX_SEATS + 1):
            self.fields[f"bot_{seat}"] = forms.ChoiceField(label=_("Seat %(n)s") % {"n": seat}, choices=_bot_choices(),
                                                           initial="income")

    def seat_fields(self):
        return [self[f"bot_{seat}"] for seat in range(1, MAX_SEATS + 1)]

    def lab_request(self):
        data = self.cleaned_data
        draft = None
        if data["card_set"] != PUBLISHED:
            draft = CardSetDraft.objects.get(pk=int(data["card_set"]))
        market = data["market"]
        return LabRequest(
            game="machikoro", players=data["players"], extensions=("base", *data["extensions"]),
            market="all" if market == "all" else int(market),
            bots=tuple(data[f"bot_{seat}"] for seat in range(1, data["players"] + 1)),
            games=data["games"], seed=data["seed"], draft=draft, name=data["name"])
