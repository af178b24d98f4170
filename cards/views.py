from django.shortcuts import render
from django.views.decorators.http import require_safe

from cards.effect_checks import explain_effect
from cards.selectors import machikoro_cards_by_extension


@require_safe
def home(request):
    return render(request, "home.html")


@require_safe
def card_list(request):
    groups = []
    for extension, establishments, landmarks in machikoro_cards_by_extension():
        for card in [*establishments, *landmarks]:
            card.explained = explain_effect(card.effect, card=card)
        groups.append({"extension": extension, "establishments": establishments, "landmarks": landmarks})
    return render(request, "cards/card_list.html", {"groups": groups})
