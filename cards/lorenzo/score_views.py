"""The Lorenzo final-score page: a player's end-of-game situation in a form, the computation in words."""
from django import forms
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from cards.lorenzo.models import Excommunication
from cards.lorenzo.models import DevelopmentCard, LeaderCard

from cards.lorenzo.score_service import COUNTS, ScoreInputError, score

TYPE_FIELDS = {"territories": "TERRITORYCARD", "characters": "CHARACTERCARD", "buildings": "BUILDINGCARD",
               "ventures": "VENTURECARD"}
LABELS = {  # the form's fields for people, in the reader's language
    "victory_points": _("Victory points"), "military_points": _("Military points"), "faith_points": _("Faith points"),
    "coins": _("Coins"), "wood": _("Wood"), "stone": _("Stone"), "servants": _("Servants"),
    "territories": _("Territory cards"), "characters": _("Character cards"), "buildings": _("Building cards"),
    "ventures": _("Venture cards"),
}


FAITH_NEEDED = 5  # supporting the Church at the third report: the untouched form is a situation that can occur


def _cards(queryset, label):
    """Checkboxes (a phone has no Ctrl-click), filtered by name as one types (static/js/forms/card-picks.js)."""
    return forms.ModelMultipleChoiceField(queryset, to_field_name="slug", required=False, label=label,
                                          widget=forms.CheckboxSelectMultiple(attrs={"class": "card-picks"}))


class ScoreForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=50, initial=_("Player"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in COUNTS:
            self.fields[field] = forms.IntegerField(min_value=0, initial=0, label=LABELS[field])
        self.fields["faith_points"].initial = FAITH_NEEDED
        self.fields["faith_points"].help_text = _(
            "5 or more support the Church; with fewer, tick the period-3 excommunication taken.")
        for field, card_type in TYPE_FIELDS.items():
            cards = DevelopmentCard.objects.filter(card_type=card_type).order_by("period", "name")
            self.fields[field] = _cards(cards, LABELS[field])
        self.fields["excommunications"] = _cards(Excommunication.objects.order_by("period", "name"), _("Excommunications"))
        self.fields["leaders"] = _cards(LeaderCard.objects.order_by("name"), _("Leaders played"))
        self.fields["rivals_military_points"] = forms.CharField(
            required=False, label=_("Other players' military points"),
            help_text=_("Comma-separated, e.g. 12, 7, 3. Left empty, the player is scored alone and ranks first."))

    def clean_rivals_military_points(self):
        text = self.cleaned_data["rivals_military_points"].strip()
        try:
            points = [int(part) for part in text.replace(";", ",").split(",") if part.strip()]
        except ValueError:
            raise forms.ValidationError(_("Write whole numbers separated by commas.")) from None
        if any(p < 0 for p in points):
            raise forms.ValidationError(_("Military points are never negative."))
        return points

    def situation(self):
        data = self.cleaned_data
        return {
            "name": data["name"], **{field: data[field] for field in COUNTS},
            "cards": {field: [card.slug for card in data[field]] for field in TYPE_FIELDS},
            "excommunications": [tile.slug for tile in data["excommunications"]],
            "leaders": [leader.slug for leader in data["leaders"]],
            "rivals_military_points": data["rivals_military_points"],
        }  # fmt: skip


@require_http_methods(["GET", "HEAD", "POST"])
def score_page(request):
    form = ScoreForm(request.POST or None)
    result = None
    if request.method == "POST" and form.is_valid():
        try:
            result = score(form.situation())
        except ScoreInputError as error:
            for field, messages in error.fields.items():
                form.add_error(field if field in form.fields else None, messages)
    return render(request, "cards/lorenzo/score.html", {"form": form, "result": result},
                  status=400 if request.method == "POST" and result is None else 200)
