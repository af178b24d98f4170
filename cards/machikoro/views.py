"""The Machi Koro card list page (/cards/)."""
from django.shortcuts import render
from django.views.decorators.http import require_safe

from cards.machikoro.effects import explain_effect
from cards.machikoro.selectors import cards_by_extension


@require_safe
def card_list(request):
    groups = []
    for extension, establishments, landmarks in cards_by_extension():
        for card in [*establishments, *landmarks]:
            card.explained = explain_effect(card.effect, card=card)
        groups.append({"extension": extension, "establishments": establishments, "landmarks": landmarks})
    return render(request, "cards/machikoro/card_list.html", {"groups": groups})
