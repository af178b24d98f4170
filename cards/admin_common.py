"""What every game's admin shares (cards/<game>/admin.py): designers' permissions, the duplicate action, the
titles of the card pages' sections."""
from django.contrib import admin, messages
from django.db import transaction
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from cards.admin_json import SafeJSONAdminMixin
from cards.permissions import is_designer


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
