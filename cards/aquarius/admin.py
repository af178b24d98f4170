"""The designers' admin for Aquarius cards: browse, filter, edit with validation, history, variant decks."""
from django.contrib import admin, messages
from django.db import transaction
from django.utils.html import format_html
from django.utils.translation import gettext as _, gettext_lazy, ngettext, pgettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from cards.admin_common import RECORD, DesignerPermissionsMixin, KeepsGamesPlayableAdminMixin
from cards.models import CardGame, Extension

from cards.aquarius.models import AquariusCard

ELEMENT_NAMES = {"a": gettext_lazy("Air"), "e": gettext_lazy("Earth"), "f": gettext_lazy("Fire"), "w": gettext_lazy("Water"),
                 "v": gettext_lazy("Void")}


# Which panel letter shows in each quadrant (top-left, top-right, bottom-right, bottom-left) of an upright card, by
# kind: the layouts cards.aquarius.models.PANELS_HELP describes (the engine reads the panels the same way).
QUADRANT_PANELS = {"whole": (0, 0, 0, 0), "landscape": (0, 0, 1, 1), "portrait": (0, 1, 1, 0), "quartered": (0, 1, 2, 3)}


def layout_grid(kind, panels):
    """The four quadrants (TL, TR, BR, BL) of an upright card, as element letters; None for actions."""
    counts = {"whole": 1, "landscape": 2, "portrait": 2, "quartered": 4}
    if len(panels or "") != counts.get(kind) or any(p not in ELEMENT_NAMES for p in panels):
        return None
    return tuple(panels[index] for index in QUADRANT_PANELS[kind])


def new_variant_deck(source, user=None):
    """A new, empty Aquarius deck named after `source`, placed after every other deck."""
    game = CardGame.objects.get(slug=CardGame.AQUARIUS)
    number = 1
    while Extension.objects.filter(game=game, slug=f"{source.slug}-variant-{number}").exists() or \
            Extension.objects.filter(game=game, name=f"{source.name} (variant {number})").exists():
        number += 1
    last = Extension.objects.filter(game=game).order_by("-order").values_list("order", flat=True).first() or 0
    return Extension.objects.create(game=game, slug=f"{source.slug}-variant-{number}",
                                    name=f"{source.name} (variant {number})", order=last + 1)


def copy_into_variant_deck(cards):
    """Copy `cards` (all from one deck) into a new variant deck; return the deck."""
    cards = list(cards)
    decks = {c.deck_id for c in cards}
    if len(decks) != 1:
        raise ValueError(_("Select cards of one deck."))
    with transaction.atomic():
        deck = new_variant_deck(cards[0].deck)
        for card in cards:
            AquariusCard.objects.create(deck=deck, slug=card.slug, name=card.name, kind=card.kind,
                                        panels=card.panels, action=card.action, order=card.order)
    return deck


@admin.action(description=gettext_lazy("Copy the selected cards into a new variant deck"))
def copy_to_variant(modeladmin, request, queryset):
    try:
        deck = copy_into_variant_deck(queryset.select_related("deck").order_by("order", "id"))
    except ValueError as exc:
        modeladmin.message_user(request, str(exc), messages.ERROR)
        return
    count = deck.aquarius_cards.count()
    modeladmin.message_user(
        request, ngettext("Created the deck %(deck)s (%(slug)s) with %(count)d card. Edit its cards here; a game "
                          "chooses its deck when it is created.",
                          "Created the deck %(deck)s (%(slug)s) with %(count)d cards. Edit its cards here; a game "
                          "chooses its deck when it is created.", count) % {"deck": deck.name, "slug": deck.slug,
                                                                           "count": count}, messages.SUCCESS)


@admin.register(AquariusCard)
class AquariusCardAdmin(KeepsGamesPlayableAdminMixin, DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["slug", "name", "deck", "kind", "panels", "action", "order"]
    list_filter = ["deck", "kind", "action"]
    search_fields = ["slug", "name"]
    ordering = ["deck__order", "order", "id"]
    readonly_fields = ["layout", "updated_at"]
    list_select_related = ["deck"]
    save_as = True
    actions = [copy_to_variant]
    fieldsets = [
        (None, {"fields": ["deck", "slug", "name", "order"]}),
        (pgettext_lazy("admin section", "Card"), {"fields": ["kind", "panels", "action", "layout"]}),
        (RECORD, {"fields": ["updated_at"]}),
    ]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "deck":
            kwargs["queryset"] = Extension.objects.filter(game__slug=CardGame.AQUARIUS)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    @admin.display(description=gettext_lazy("Layout (upright)"))
    def layout(self, card):
        grid = layout_grid(card.kind, card.panels)
        if grid is None:
            return card.get_action_display() if card.action else "—"
        tl, tr, br, bl = (ELEMENT_NAMES[letter] for letter in grid)
        return format_html('<table class="aquarius-layout"><tr><td>{}</td><td>{}</td></tr>'
                           '<tr><td>{}</td><td>{}</td></tr></table>', tl, tr, bl, br)

