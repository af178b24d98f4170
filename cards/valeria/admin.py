"""The designers' admin for Valeria's tables: search, filters, history, duplicate, live-explained effects."""
from django.contrib import admin, messages
from django.db import transaction
from django.db.models import Max
from django.utils.html import format_html_join
from simple_history.admin import SimpleHistoryAdmin

from cards.admin import DesignerPermissionsMixin, _unique_slug  # cards/admin.py imports this module at its end
from cards.models.valeria import (ValeriaAgent, ValeriaCitizen, ValeriaDomain, ValeriaDuke, ValeriaEvent,
                                  ValeriaMonster, ValeriaNoble, ValeriaPreset, ValeriaRelic, ValeriaStarter)
from cards.widgets import EffectAdminMixin

from .effects import explain_effect

GAME = "valeria"


@admin.action(description="Duplicate selected cards")
def duplicate_valeria_cards(modeladmin, request, queryset):
    model = queryset.model
    created = []
    with transaction.atomic():
        next_id = (model.objects.aggregate(top=Max("source_id"))["top"] or 0) + 1
        for card in queryset.order_by("source_id"):
            card.pk = card.id = None
            card._state.adding = True
            card.source_id, next_id = next_id, next_id + 1
            card.name = f"{card.name} (copy)"
            card.slug = _unique_slug(model, card.slug)
            card.save()
            created.append(card.name)
    modeladmin.message_user(request, f"Created {', '.join(created)}. Rename them and adjust their values.",
                            messages.SUCCESS)


class ValeriaCardAdmin(EffectAdminMixin, DesignerPermissionsMixin, SimpleHistoryAdmin):
    actions = [duplicate_valeria_cards]
    search_fields = ["name", "slug"]
    list_filter = ["extension", "banned"]
    list_select_related = ["extension"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["effects_in_words", "updated_at"]
    list_per_page = 50
    extra_list_display = ()

    def __init__(self, model, admin_site):
        effects = model.effect_fields()
        self.effect_widget_fields = {name: GAME for name in effects}
        texts = [f.name for f in model._meta.concrete_fields if f.get_internal_type() == "TextField"]
        self.search_fields = [*self.search_fields, *effects, *texts]
        self.list_display = ["name", "source_id", "extension", *self.extra_list_display, *effects, "banned"]
        super().__init__(model, admin_site)

    @admin.display(description="Effects in words")
    def effects_in_words(self, card):
        rows = [(name.replace("_", " "), explain_effect(getattr(card, name)) or "—")
                for name in card.effect_fields() if getattr(card, name)]
        if not rows:
            return "No effect."
        return format_html_join("", "<div><strong>{}</strong>: {}</div>", rows)


@admin.register(ValeriaCitizen)
class ValeriaCitizenAdmin(ValeriaCardAdmin):
    extra_list_display = ("gold_cost", "roll_match1", "roll_match2")
    list_filter = ["extension", "roll_match1", "gold_cost", "special_citizen", "shadow_count", "holy_count",
                   "soldier_count", "worker_count", "banned"]


@admin.register(ValeriaStarter)
class ValeriaStarterAdmin(ValeriaCardAdmin):
    extra_list_display = ("roll_match1",)
    list_filter = ["extension", "roll_match1", "banned"]


@admin.register(ValeriaDomain)
class ValeriaDomainAdmin(ValeriaCardAdmin):
    extra_list_display = ("gold_cost", "vp_reward")
    list_filter = ["extension", "gold_cost", "has_activation_effect", "has_passive_effect", "banned"]


@admin.register(ValeriaMonster)
class ValeriaMonsterAdmin(ValeriaCardAdmin):
    extra_list_display = ("area", "monster_type", "strength_cost", "magic_cost", "vp_reward")
    list_filter = ["extension", "area", "monster_type", "has_special_reward", "has_special_cost", "is_extra"]
    search_fields = ["name", "slug", "area"]


@admin.register(ValeriaEvent)
class ValeriaEventAdmin(ValeriaCardAdmin):
    extra_list_display = ("roll_match1", "is_monster")
    list_filter = ["extension", "is_monster", "monster_type", "has_roll_effect", "has_activation_effect",
                   "has_passive_effect"]


@admin.register(ValeriaDuke)
class ValeriaDukeAdmin(ValeriaCardAdmin):
    extra_list_display = ("gold_mult", "strength_mult", "magic_mult")
    search_fields = ["name", "slug", "card_text"]


@admin.register(ValeriaNoble)
class ValeriaNobleAdmin(ValeriaCardAdmin):
    list_filter = ["extension", "has_special_duke_payout", "banned"]


@admin.register(ValeriaAgent)
class ValeriaAgentAdmin(ValeriaCardAdmin):
    list_filter = ["banned"]


@admin.register(ValeriaRelic)
class ValeriaRelicAdmin(ValeriaCardAdmin):
    extra_list_display = ("consumes_action",)
    list_filter = ["consumes_action", "banned"]


@admin.register(ValeriaPreset)
class ValeriaPresetAdmin(DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["label", "slug", "short_label", "lobby_selectable", "alias"]
    list_filter = ["lobby_selectable"]
    search_fields = ["label", "slug"]
    prepopulated_fields = {"slug": ["label"]}
