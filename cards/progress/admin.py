"""Progress technologies in the admin: cost parts inline, history, duplicate, and a cost preview page."""
from django.contrib import admin, messages
from django.db import transaction
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _, gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from cards.admin_common import DesignerInlineMixin, DesignerPermissionsMixin, _copy_name, _unique_slug

from cards.progress.forms import CostForm
from cards.progress.models import MAX_COST_PARTS, Technology, TechnologyCost
from cards.progress.selectors import cost_for


class TechnologyCostInline(DesignerInlineMixin, admin.TabularInline):
    model = TechnologyCost
    fk_name = "technology"
    extra = 0
    max_num = MAX_COST_PARTS
    fields = ["position", "knowledge", "amount", "waived_by"]
    autocomplete_fields = ["waived_by"]


@admin.action(description=gettext_lazy("Duplicate selected technologies (with their cost parts)"))
def duplicate_technologies(modeladmin, request, queryset):
    with transaction.atomic():
        for card in queryset.prefetch_related("costs"):
            parts = list(card.costs.all())
            card.pk = card.id = None
            card._state.adding = True
            card.name = _copy_name(Technology, card)
            card.slug = _unique_slug(Technology, card.slug)
            card.save()
            for part in parts:
                part.pk = part.id = None
                part._state.adding = True
                part.technology = card
                part.save()
    modeladmin.message_user(request, _("Created the copies. Rename them and adjust their values."), messages.SUCCESS)


@admin.register(Technology)
class TechnologyAdmin(DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["name", "age", "knowledge", "cost_in_words", "extension"]
    list_filter = ["age", "knowledge", "extension"]
    search_fields = ["name", "slug", "description"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["preview_link", "updated_at"]
    inlines = [TechnologyCostInline]
    actions = [duplicate_technologies]
    save_as = True
    change_list_template = "admin/cards/progress/change_list.html"

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("costs__waived_by")

    @admin.display(description=gettext_lazy("Cost"))
    def cost_in_words(self, card):
        return " + ".join(str(part) for part in card.costs.all()) or _("free")

    @admin.display(description=gettext_lazy("Cost preview"))
    def preview_link(self, card):
        if not card.pk:
            return _("Save the card first.")
        url = reverse("admin:cards_technology_cost_preview") + f"?card={card.slug}"
        return format_html('<a href="{}">{}</a>', url, _("Preview its cost for a player's situation"))

    def get_urls(self):
        preview = path("cost-preview/", self.admin_site.admin_view(self.cost_preview),
                       name="cards_technology_cost_preview")
        return [preview, *super().get_urls()]

    def cost_preview(self, request):
        form = CostForm(request.GET or None)
        result = cost_for(form.cleaned_data["card"], **form.situation()) if form.is_valid() else None
        context = {**self.admin_site.each_context(request), "form": form, "result": result,
                   "title": _("Progress: preview a knowledge cost"), "opts": self.model._meta}
        return TemplateResponse(request, "admin/cards/progress/cost_preview.html", context)
