"""Progress pages: the technology list, and the cost calculator explaining the result in words."""
from django.shortcuts import render
from django.views.decorators.http import require_safe

from cards.progress.forms import CostForm
from cards.progress.selectors import cost_for, technologies


@require_safe
def technology_list(request):
    cards = list(technologies())
    ages = {}
    for card in cards:
        card.parts = sorted(card.costs.all(), key=lambda p: p.position)
        ages.setdefault(card.get_age_display(), []).append(card)
    return render(request, "cards/progress/list.html", {"ages": ages, "cards": cards})


@require_safe  # the calculator's form is a GET: its answer is a page one can link to
def cost_calculator(request):
    form = CostForm(request.GET or None)
    result = cost_for(form.cleaned_data["card"], **form.situation()) if form.is_valid() else None
    return render(request, "cards/progress/cost.html", {"form": form, "result": result})
