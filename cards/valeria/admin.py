"""The designers' admin for Valeria's tables: search, filters, history, duplicate, live-explained effects."""
from django.contrib import admin, messages
from django.db import transaction
from django.db.models import Max
from django.utils.html import format_html_join
from django.utils.text import capfirst
from django.utils.translation import gettext as _, gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from cards.admin_common import (LIST_MEDIA_CSS, DesignerPermissionsMixin, _unique_slug, duplicated_message, effect_column,
                                extension_name)
from cards.valeria.models import (ValeriaAgent, ValeriaCitizen, ValeriaDomain, ValeriaDuke, ValeriaEvent,
                                  ValeriaMonster, ValeriaNoble, ValeriaPreset, ValeriaRelic, ValeriaStarter)
from cards.widgets import EffectAdminMixin

from cards.valeria.effects import explain_effect
from cards.valeria.filters import EXACT

GAME = "valeria"


@admin.action(description=gettext_lazy("Duplicate selected cards"))
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
    modeladmin.message_user(request, duplicated_message(created), messages.SUCCESS)


class ValeriaCardAdmin(EffectAdminMixin, DesignerPermissionsMixin, SimpleHistoryAdmin):
    actions = [duplicate_valeria_cards]
    search_fields = ["name", "slug"]
    list_select_related = ["extension"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["effects_in_words", "updated_at"]
    list_per_page = 50
    extra_list_display = ()

    class Media:
        css = LIST_MEDIA_CSS

    def __init__(self, model, admin_site):
        effects = model.effect_fields()
        self.effect_widget_fields = {name: GAME for name in effects}
        self.search_fields = [*self.search_fields, *model.searchable_fields()]
        # The effects right after the name, wrapped, so they are in sight on a laptop (the number is searched).
        self.list_display = ["name", *(effect_column(name, capfirst(model._meta.get_field(name).verbose_name))
                                       for name in effects), *self.extra_list_display, extension_name, "banned"]
        boxed = model.table not in model.UNBOXED_TABLES
        self.list_filter = [*(["extension"] if boxed else []), *EXACT[model.table], "banned"]  # as the API filters
        super().__init__(model, admin_site)

    @admin.display(description=gettext_lazy("Effects in words"))
    def effects_in_words(self, card):
        rows = [(capfirst(card._meta.get_field(name).verbose_name), explain_effect(getattr(card, name)) or "—")
                for name in card.effect_fields() if getattr(card, name)]
        if not rows:
            return _("No effect.")
        return format_html_join("", "<div><strong>{}</strong>: {}</div>", rows)


@admin.register(ValeriaCitizen)
class ValeriaCitizenAdmin(ValeriaCardAdmin):
    extra_list_display = ("gold_cost", "roll_match1", "roll_match2")


@admin.register(ValeriaStarter)
class ValeriaStarterAdmin(ValeriaCardAdmin):
    extra_list_display = ("roll_match1",)


@admin.register(ValeriaDomain)
class ValeriaDomainAdmin(ValeriaCardAdmin):
    extra_list_display = ("gold_cost", "vp_reward")


@admin.register(ValeriaMonster)
class ValeriaMonsterAdmin(ValeriaCardAdmin):
    extra_list_display = ("area", "monster_type", "strength_cost", "magic_cost", "vp_reward")
    search_fields = ["name", "slug", "area"]


@admin.register(ValeriaEvent)
class ValeriaEventAdmin(ValeriaCardAdmin):
    extra_list_display = ("roll_match1", "is_monster")


@admin.register(ValeriaDuke)
class ValeriaDukeAdmin(ValeriaCardAdmin):
    extra_list_display = ("gold_mult", "strength_mult", "magic_mult")


for model in (ValeriaNoble, ValeriaAgent):  # nothing of their own to list beside their effects
    admin.site.register(model, ValeriaCardAdmin)


@admin.register(ValeriaRelic)
class ValeriaRelicAdmin(ValeriaCardAdmin):
    extra_list_display = ("consumes_action",)


@admin.register(ValeriaPreset)
class ValeriaPresetAdmin(DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["label", "slug", "short_label", "lobby_selectable", "alias"]
    list_filter = ["lobby_selectable"]
    search_fields = ["label", "slug"]
    prepopulated_fields = {"slug": ["label"]}
