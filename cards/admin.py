"""The designers' admin: browse, search, filter, edit, duplicate and trace every card."""
from django.contrib import admin, messages
from django.db import transaction
from django.utils.html import format_html
from django.utils.translation import gettext as _, gettext_lazy, ngettext, pgettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from django.templatetags.static import static

from cards.admin_json import AliasesField, SafeJSONAdminMixin
from cards.effect_checks import explain_effect
from cards.faces import face_for, face_slot
from cards.language import current_language
from cards.models import CardGame, Colour, Establishment, Excommunication, Extension, IconType, Landmark
from cards.models.machikoro import EFFECT_REQUIRED
from cards.permissions import is_designer
from cards.widgets import EffectAdminMixin


# The titles of the card pages' sections (a context apart from the site's "Play" button and the like).
PLAY = pgettext_lazy("admin section", "Play")
EFFECT = pgettext_lazy("admin section", "Effect")
EFFECTS = pgettext_lazy("admin section", "Effects")
PICTURE = pgettext_lazy("admin section", "Picture")
RECORD = pgettext_lazy("admin section", "Record")
TAKING_IT = pgettext_lazy("admin section", "Taking it")


class DesignerPermissionsMixin(SafeJSONAdminMixin):
    """Designers write; any other admin user may only look (JSON they type is read safely)."""

    def has_view_permission(self, request, obj=None):
        return is_designer(request.user) or super().has_view_permission(request, obj)

    def has_add_permission(self, request, *args):
        return is_designer(request.user)

    def has_change_permission(self, request, obj=None):
        return is_designer(request.user)

    def has_delete_permission(self, request, obj=None):
        return is_designer(request.user)

    def has_module_permission(self, request):
        return is_designer(request.user) or super().has_module_permission(request)


class ActivationFilter(admin.SimpleListFilter):
    title = gettext_lazy("activation number")
    parameter_name = "activation"

    def lookups(self, request, model_admin):
        return [(str(n), str(n)) for n in range(1, 15)]

    def queryset(self, request, queryset):
        if self.value() and self.value().isdigit():
            value = int(self.value())
            return queryset.filter(activation_min__lte=value, activation_max__gte=value)
        return queryset


def _copy_name(model, card):
    base = f"{card.name} (copy)"
    name, number = base, 2
    while model.objects.filter(extension=card.extension, name=name).exists():
        name, number = f"{base} {number}", number + 1
    return name


def _unique_slug(model, slug):
    candidate, number = f"{slug}-copy", 2
    while model.objects.filter(slug=candidate).exists():
        candidate, number = f"{slug}-copy-{number}", number + 1
    return candidate


def duplicated_message(names):
    """What the duplicate actions say (Machi Koro, Valeria): the copies' names, in the admin user's language."""
    return ngettext("Created %(names)s. Rename it and adjust its values.",
                    "Created %(names)s. Rename them and adjust their values.", len(names)) % {"names": ", ".join(names)}


@admin.action(description=gettext_lazy("Duplicate selected cards"))
def duplicate_cards(modeladmin, request, queryset):
    model = queryset.model
    created = []
    with transaction.atomic():
        for card in queryset:
            card.pk = card.id = None
            card._state.adding = True
            card.name = _copy_name(model, card)
            card.slug = _unique_slug(model, card.slug)
            card.save()
            created.append(card.name)
    modeladmin.message_user(request, duplicated_message(created), messages.SUCCESS)


class CardAdmin(EffectAdminMixin, DesignerPermissionsMixin, SimpleHistoryAdmin):
    # The effect box is wide and multi-line, checked and explained live while typing (cards/widgets.py).
    effect_widget_fields = {"effect": "machi-koro"}
    effect_context_fields = ("colour", "activation_min", "activation_max", "name")
    save_as = True  # "Save as new" on the edit page duplicates the card being edited.
    actions = [duplicate_cards]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["effect_explained", "effect_explained_fr", "image_preview", "updated_at"]
    search_fields = ["name", "name_fr", "slug", "description"]
    list_select_related = True

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if db_field.name == "aliases":  # a JSON list of names, typed one per line
            return AliasesField(label=gettext_lazy("Aliases"))
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        if db_field.name == "effect" and field is not None:
            field.error_messages["required"] = EFFECT_REQUIRED
        return field

    @admin.display(description=gettext_lazy("Effect in English"))
    def effect_explained(self, card):
        return explain_effect(card.effect, card=card, language="en") or "—"

    @admin.display(description=gettext_lazy("Effect in French"))
    def effect_explained_fr(self, card):
        """Generated from the same parsed effect: nothing to translate by hand (docs/designers.md)."""
        return explain_effect(card.effect, card=card, language="fr") or "—"

    @admin.display(description=gettext_lazy("Card face"))
    def image_preview(self, card):
        """The face players see (static/js/card-face.js); an uploaded image replaces the drawn art in it."""
        if card.pk is None:
            return _("Save the card to see its face.")
        return format_html('<div style="width:180px">{}</div><script src="{}"></script>{}',
                           face_slot(face_for(card)), static("js/card-face.js"),
                           "" if card.image else _("No image uploaded: the face shows the drawn icon."))


@admin.register(Establishment)
class EstablishmentAdmin(CardAdmin):
    list_display = [
        "name", "name_fr", "extension", "colour", "icon", "activation", "cost", "copies", "major", "effect",
    ]  # fmt: skip
    list_filter = ["extension", "colour", "icon", ActivationFilter, "major"]
    ordering = ["extension__order", "activation_min", "name"]
    fieldsets = [
        (None, {"fields": ["name", "name_fr", "slug", "aliases", "extension"]}),
        (PLAY, {"fields": ["colour", "icon", ("activation_min", "activation_max"), "cost", "copies", "major"]}),
        (EFFECT, {"fields": ["effect", "effect_explained", "effect_explained_fr", "description", "rules_note"]}),
        (PICTURE, {"fields": ["image", "image_preview"]}),
        (RECORD, {"fields": ["updated_at"]}),
    ]

    @admin.display(description=gettext_lazy("Activation"), ordering="activation_min")
    def activation(self, card):
        return card.activation_label


@admin.register(Landmark)
class LandmarkAdmin(CardAdmin):
    list_display = ["name", "name_fr", "extension", "cost", "starts_built", "counts_toward_win", "effect"]
    list_filter = ["extension", "starts_built", "counts_toward_win"]
    ordering = ["extension__order", "cost"]
    fieldsets = [
        (None, {"fields": ["name", "name_fr", "slug", "aliases", "extension"]}),
        (PLAY, {"fields": ["cost", "copies", "starts_built", "counts_toward_win"]}),
        (EFFECT, {"fields": ["effect", "effect_explained", "effect_explained_fr", "description", "rules_note"]}),
        (PICTURE, {"fields": ["image", "image_preview"]}),
        (RECORD, {"fields": ["updated_at"]}),
    ]


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
        from cards.lorenzo.explain import explain_excommunication

        return explain_excommunication(card, current_language()) if card.pk else "—"


@admin.register(CardGame)
class CardGameAdmin(DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["name", "name_fr", "slug"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Extension)
class ExtensionAdmin(DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["name", "name_fr", "game", "slug", "order"]
    list_filter = ["game"]
    search_fields = ["name", "name_fr"]


@admin.register(Colour)
class ColourAdmin(DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["name", "name_fr", "activation_order", "activated_by", "game"]
    list_filter = ["game"]


@admin.register(IconType)
class IconTypeAdmin(DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["symbol", "name", "name_fr", "game", "slug"]
    list_filter = ["game"]
    search_fields = ["name", "name_fr"]


# --- Lorenzo il Magnifico: development and leader cards, effects in words, import and export ----------
# (cards/lorenzo/; kept apart from the Machi Koro classes above.)
from django.urls import path  # noqa: E402
from django.utils.html import format_html_join  # noqa: E402

from cards.lorenzo import admin_views as lorenzo_admin_views  # noqa: E402
from cards.lorenzo.carddata import EffectData  # noqa: E402
from cards.lorenzo.explain import explain_card, explain_costs  # noqa: E402
from cards.lorenzo.explain import explain_effect as explain_lorenzo_effect  # noqa: E402
from cards.lorenzo.exporter import card_data  # noqa: E402
from cards.models.lorenzo import DevelopmentCard, DevelopmentCardEffect, LeaderCard, LeaderCardEffect  # noqa: E402


def _lines(lines):
    return format_html_join("", "<div>{}</div>", ((line,) for line in lines)) if lines else "—"


class DesignerInlineMixin(SafeJSONAdminMixin):
    """Inline rows: designers write, other admin users may only look."""

    def has_add_permission(self, request, obj=None):
        return is_designer(request.user)

    def has_change_permission(self, request, obj=None):
        return is_designer(request.user)

    def has_delete_permission(self, request, obj=None):
        return is_designer(request.user)

    def has_view_permission(self, request, obj=None):
        return is_designer(request.user) or super().has_view_permission(request, obj)


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


# --- Aquarius (cards/aquarius/admin.py registers its card admin) -------------------------------------
from cards.aquarius import admin as aquarius_admin  # noqa: E402,F401
from cards.drafts import admin as drafts_admin  # noqa: E402,F401  (registers the draft admin)
# --- Valeria: Card Kingdoms and Progress: Evolution of Technology (cards/valeria/admin.py, cards/progress/admin.py)
from cards.progress import admin as progress_admin  # noqa: E402,F401
from cards.valeria import admin as valeria_admin  # noqa: E402,F401
