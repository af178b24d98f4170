"""The public Valeria card database page: browse a table, filter by box, search, read each effect in English."""
from django.db.models import Q
from django.shortcuts import render
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_safe

from cards.models import CardGame, Extension
from cards.valeria.models import TABLE_MODELS

from cards.valeria.effects import explain_effect

TABLE_TITLES = {  # a table of cards for people (the slug is the page's ?table=)
    "citizens": pgettext_lazy("valeria", "Citizens"), "domains": pgettext_lazy("valeria", "Domains"),
    "monsters": pgettext_lazy("valeria", "Monsters"), "dukes": pgettext_lazy("valeria", "Dukes"),
    "nobles": pgettext_lazy("valeria", "Nobles"), "events": pgettext_lazy("valeria", "Events"),
    "starters": pgettext_lazy("valeria", "Starters"), "agents": pgettext_lazy("valeria", "Agents"),
    "relics": pgettext_lazy("valeria", "Relics"),
}
HIDDEN = {"id", "source_id", "slug", "name", "extension", "banned", "updated_at", "monster_order"}


def card_facts(card):
    """'label: value' for every non-zero number and every set flag that is not just "has an effect"."""
    facts = []
    for field in card._meta.concrete_fields:
        if field.name in HIDDEN or field.name.startswith("has_"):
            continue
        value = getattr(card, field.name)
        kind = field.get_internal_type()
        label = field.verbose_name.replace("vp", "VP").replace(" mult", " ×")
        if kind == "BooleanField" and value:
            facts.append(label)
        elif kind in ("SmallIntegerField", "PositiveSmallIntegerField") and value:
            facts.append(f"{label}: {value}")
        elif kind == "CharField" and value and field.name in ("area", "monster_type", "activation_trigger"):
            facts.append(f"{label}: {value}")
    return facts


def card_effects(card):
    rows = []
    for name in card.effect_fields():
        text = getattr(card, name)
        if text:
            printed = getattr(card, f"{name}_text", "") or ""
            rows.append({"column": name.replace("_", " "), "effect": text, "explained": explain_effect(text),
                         "printed": printed})
    for name in ("effect_text", "card_text", "special_payout_text"):
        printed = getattr(card, name, "")
        if printed and not rows:
            rows.append({"column": "card text", "effect": "", "explained": "", "printed": printed})
    return rows


@require_safe
def valeria_cards(request):
    table = request.GET.get("table", "citizens")
    if table not in TABLE_MODELS:
        table = "citizens"
    model = TABLE_MODELS[table]
    cards = model.objects.select_related("extension").order_by("source_id")
    query = request.GET.get("q", "").strip()[:100]
    if query:
        match = Q(name__icontains=query)
        texts = [f.name for f in model._meta.concrete_fields if f.get_internal_type() == "TextField"]
        for column in [*model.effect_fields(), *texts]:
            match |= Q(**{f"{column}__icontains": query})
        cards = cards.filter(match)
    extension = request.GET.get("extension", "")
    if extension:
        cards = cards.filter(extension__slug=extension)
    if request.GET.get("banned") == "1":
        cards = cards.filter(banned=True)
    cards = list(cards)
    for card in cards:
        card.facts, card.effects = card_facts(card), card_effects(card)
    extensions = Extension.objects.filter(game__slug=CardGame.VALERIA).order_by("order", "name")
    return render(request, "cards/valeria/list.html", {
        "table": table, "table_title": TABLE_TITLES[table], "tables": TABLE_TITLES, "cards": cards, "query": query, "extension": extension,
        "extensions": extensions, "banned_only": request.GET.get("banned") == "1",
        "loaded": CardGame.objects.filter(slug=CardGame.VALERIA).exists(),
    })  # fmt: skip
