"""The designers' admin of the Machi Koro cards: establishments and landmarks (effects checked and explained live),
colours and icon types."""
from django.contrib import admin
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.translation import gettext as _, gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from cards.admin_common import (EFFECT, LIST_MEDIA_CSS, PICTURE, PLAY, RECORD, DesignerPermissionsMixin,
                                KeepsGamesPlayableAdminMixin, duplicate_cards, effect_column, extension_name)
from cards.admin_json import AliasesField
from cards.widgets import EffectAdminMixin

from cards.machikoro.effects import EFFECT_REQUIRED, explain_effect
from cards.machikoro.faces import face_for, face_slot
from cards.machikoro.models import Colour, Establishment, IconType, Landmark


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


class CardAdmin(KeepsGamesPlayableAdminMixin, EffectAdminMixin, DesignerPermissionsMixin, SimpleHistoryAdmin):
    # The effect box is wide and multi-line, checked and explained live while typing (cards/widgets.py).
    effect_widget_fields = {"effect": "machi-koro"}
    effect_context_fields = ("colour", "activation_min", "activation_max", "name")
    save_as = True  # "Save as new" on the edit page duplicates the card being edited.
    actions = [duplicate_cards]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["effect_explained", "effect_explained_fr", "image_preview", "updated_at"]
    search_fields = ["name", "name_fr", "slug", "description"]
    list_select_related = True

    class Media:
        css = LIST_MEDIA_CSS

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
        # Sized by a class: the Content-Security-Policy refuses style attributes (docs/operations.md "Headers").
        return format_html('<link rel="stylesheet" href="{}"><div class="card-face-preview">{}</div>'
                           '<script src="{}"></script>{}', static("css/admin-card-face.css"),
                           face_slot(face_for(card)), static("js/card-face.js"),
                           "" if card.image else _("No image uploaded: the face shows the drawn icon."))


@admin.register(Establishment)
class EstablishmentAdmin(CardAdmin):
    # The effect beside the name, so it is in sight on a laptop; the French name is searched, not listed.
    list_display = ["name", effect_column("effect", gettext_lazy("effect")), "activation", "colour", "icon", "cost",
                    extension_name]
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
    list_display = ["name", effect_column("effect", gettext_lazy("effect")), "cost", "starts_built", "counts_toward_win",
                    extension_name]
    list_filter = ["extension", "starts_built", "counts_toward_win"]
    ordering = ["extension__order", "cost"]
    fieldsets = [
        (None, {"fields": ["name", "name_fr", "slug", "aliases", "extension"]}),
        (PLAY, {"fields": ["cost", "copies", "starts_built", "counts_toward_win"]}),
        (EFFECT, {"fields": ["effect", "effect_explained", "effect_explained_fr", "description", "rules_note"]}),
        (PICTURE, {"fields": ["image", "image_preview"]}),
        (RECORD, {"fields": ["updated_at"]}),
    ]


@admin.register(Colour)
class ColourAdmin(KeepsGamesPlayableAdminMixin, DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["name", "name_fr", "activation_order", "activated_by", "game"]
    list_filter = ["game"]


@admin.register(IconType)
class IconTypeAdmin(KeepsGamesPlayableAdminMixin, DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["symbol", "name", "name_fr", "game", "slug"]
    list_filter = ["game"]
    search_fields = ["name", "name_fr"]
