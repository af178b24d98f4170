"""The designers' admin of Lorenzo il Magnifico's cards: development and leader cards, excommunications, their
effects in words, import and export (kept apart from the other games' admins)."""
from django.contrib import admin
from django.urls import path
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from cards.admin_common import (EFFECTS, PICTURE, RECORD, TAKING_IT, DesignerInlineMixin, DesignerPermissionsMixin,
                                duplicate_cards)
from cards.language import current_language

from cards.lorenzo import admin_views as lorenzo_admin_views
from cards.lorenzo.carddata import EffectData
from cards.lorenzo.explain import explain_card, explain_costs, explain_excommunication
from cards.lorenzo.explain import explain_effect as explain_lorenzo_effect
from cards.lorenzo.exporter import card_data
from cards.lorenzo.models import DevelopmentCard, DevelopmentCardEffect, Excommunication, LeaderCard, LeaderCardEffect


@admin.register(Excommunication)
class ExcommunicationAdmin(DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["name", "period", "effect_in_words", "instant_effect", "permanent_effect", "extension"]
    list_filter = ["period", "instant_effect", "permanent_effect"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["effect_in_words", "updated_at"]
    save_as = True
    actions = [duplicate_cards]
    # The Lorenzo lists' "Import cards" and "Export JSON" buttons (see LorenzoImportExportMixin below).
    change_list_template = "admin/cards/lorenzo/change_list.html"

    def changelist_view(self, request, extra_context=None):
        return super().changelist_view(request, {**(extra_context or {}), "export_set": "excommunications"})

    @admin.display(description=gettext_lazy("Effect in words"))
    def effect_in_words(self, card):
        """In the admin user's language, like the Machi Koro and Valeria explanations."""
        return explain_excommunication(card, current_language()) if card.pk else "—"


def _lines(lines):
    return format_html_join("", "<div>{}</div>", ((line,) for line in lines)) if lines else "—"


class LorenzoEffectInline(DesignerInlineMixin, admin.TabularInline):
    fields = ["timing", "position", "effect_type", "payload", "in_words"]
    readonly_fields = ["in_words"]
    extra = 0
    ordering = ["timing", "position"]

    @admin.display(description=gettext_lazy("In words"))
    def in_words(self, effect):
        if not effect.pk:
            return "—"
        return explain_lorenzo_effect(EffectData(effect.timing, effect.effect_type, effect.payload), current_language())


class DevelopmentCardEffectInline(LorenzoEffectInline):
    model = DevelopmentCardEffect


class LeaderCardEffectInline(LorenzoEffectInline):
    model = LeaderCardEffect


class LorenzoImportExportMixin:
    """An "Import cards" page (upload, preview, confirm) and JSON downloads, linked from the card lists."""

    change_list_template = "admin/cards/lorenzo/change_list.html"
    export_set = ""

    def get_urls(self):
        opts = self.model._meta
        own = [
            path("import/", self.admin_site.admin_view(self.import_cards), name=f"{opts.app_label}_{opts.model_name}_import"),
            path("export/", self.admin_site.admin_view(self.export_cards), name=f"{opts.app_label}_{opts.model_name}_export"),
        ]  # fmt: skip
        return own + super().get_urls()

    def import_cards(self, request):
        return lorenzo_admin_views.import_view(self, request)

    def export_cards(self, request):
        return lorenzo_admin_views.export_view(self, request)

    def changelist_view(self, request, extra_context=None):
        extra_context = {**(extra_context or {}), "export_set": self.export_set}
        return super().changelist_view(request, extra_context)


class LorenzoCardAdmin(LorenzoImportExportMixin, DesignerPermissionsMixin, SimpleHistoryAdmin):
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug", "source_name"]
    readonly_fields = ["effects_in_words", "updated_at"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("extension").prefetch_related("effects")

    @admin.display(description=gettext_lazy("Effects in words"))
    def effects_in_words(self, card):
        return _lines(explain_card(card_data(card), current_language())) if card.pk else "—"


@admin.register(DevelopmentCard)
class DevelopmentCardAdmin(LorenzoCardAdmin):
    export_set = "development-cards"
    list_display = ["name", "card_type", "period", "cost_in_words", "effects_in_words"]
    list_filter = ["card_type", "period", "extension"]
    ordering = ["card_type", "period", "id"]
    inlines = [DevelopmentCardEffectInline]
    fieldsets = [
        (None, {"fields": ["name", "slug", "source_name", "extension", "card_type", "period"]}),
        (TAKING_IT, {"fields": ["costs", "requirements", "minimum_action_value", "exclusive_permanent_effect"]}),
        (EFFECTS, {"fields": ["effects_in_words"]}),
        (PICTURE, {"fields": ["image_name", "image"]}),
        (RECORD, {"fields": ["updated_at"]}),
    ]

    @admin.display(description=gettext_lazy("Cost"))
    def cost_in_words(self, card):
        return explain_costs(card.costs, card.requirements, current_language()) or "—"


@admin.register(LeaderCard)
class LeaderCardAdmin(LorenzoCardAdmin):
    export_set = "leader-cards"
    list_display = ["name", "effects_in_words"]
    list_filter = ["extension"]
    inlines = [LeaderCardEffectInline]
    fieldsets = [
        (None, {"fields": ["name", "slug", "source_name", "extension", "requirements"]}),
        (EFFECTS, {"fields": ["effects_in_words"]}),
        (PICTURE, {"fields": ["image_name", "image"]}),
        (RECORD, {"fields": ["updated_at"]}),
    ]
