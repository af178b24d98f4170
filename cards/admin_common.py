"""What every game's admin shares (cards/<game>/admin.py): designers' permissions, the duplicate action, the
titles of the card pages' sections, and the refusal of writes that would leave a live game unable to start."""
from contextlib import contextmanager

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import Truncator, capfirst
from django.utils.translation import gettext as _, gettext_lazy, ngettext, pgettext_lazy

from cards.admin_json import SafeJSONAdminMixin
from cards.integrity import UnplayableChange, keeping_games_playable
from cards.permissions import is_designer


# The titles of the card pages' sections (a context apart from the site's "Play" button and the like).
PLAY = pgettext_lazy("admin section", "Play")
EFFECT = pgettext_lazy("admin section", "Effect")
EFFECTS = pgettext_lazy("admin section", "Effects")
PICTURE = pgettext_lazy("admin section", "Picture")
RECORD = pgettext_lazy("admin section", "Record")
TAKING_IT = pgettext_lazy("admin section", "Taking it")

_HELD_MESSAGES = "_cards_held_messages"  # request attributes of KeepsGamesPlayableAdminMixin
_REFUSAL = "_cards_unplayable_change"


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


class KeepsGamesPlayableAdminMixin:
    """Every write of this admin (the change and add forms, a revert from the history, a delete, the actions and the
    changelist's edits) that would leave a live game unable to start is refused with the check's message
    (cards/integrity.py) and writes nothing: a form error where there is a form, a page error elsewhere."""

    def message_user(self, request, *args, **kwargs):
        held = getattr(request, _HELD_MESSAGES, None)
        if held is None:
            super().message_user(request, *args, **kwargs)
        else:  # said only once the write stands ("changed successfully" would be untrue after a refusal)
            held.append((args, kwargs))

    @contextmanager
    def _playable_write(self, request, refused, item):
        held = []
        setattr(request, _HELD_MESSAGES, held)
        try:
            with keeping_games_playable(refused, item):
                yield
        finally:
            delattr(request, _HELD_MESSAGES)
        for args, kwargs in held:
            self.message_user(request, *args, **kwargs)

    def _refused_form_view(self, view, request, obj, *args, **kwargs):
        """`view` (a form view) guarded; refused, the same form again with the refusal as its error."""
        if request.method != "POST":
            return view(request, *args, **kwargs)
        if obj is None:
            refused = _("%(what)s cannot be added") % {"what": capfirst(self.model._meta.verbose_name)}
        else:
            refused = _("This change to %(what)s is refused") % {"what": obj}
        try:
            with self._playable_write(request, refused, self.model if obj is None else obj):
                return view(request, *args, **kwargs)
        except UnplayableChange as change:
            setattr(request, _REFUSAL, change)
            return view(request, *args, **kwargs)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change, **kwargs)
        refusal = getattr(request, _REFUSAL, None)
        if refusal is None:
            return form

        class RefusedForm(form):
            def clean(self):
                super().clean()
                raise ValidationError(refusal.text, code="unplayable")

        return RefusedForm

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        obj = self.get_object(request, unquote(object_id)) if object_id and request.method == "POST" else None
        return self._refused_form_view(super().changeform_view, request, obj, object_id, form_url, extra_context)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        obj = self.get_object(request, unquote(object_id)) if request.method == "POST" else None
        return self._refused_form_view(super().history_form_view, request, obj, object_id, version_id, extra_context)

    def delete_view(self, request, object_id, extra_context=None):
        obj = self.get_object(request, unquote(object_id)) if request.method == "POST" else None
        if obj is None:
            return super().delete_view(request, object_id, extra_context)
        try:
            with self._playable_write(request, _("%(what)s cannot be deleted") % {"what": obj}, obj):
                return super().delete_view(request, object_id, extra_context)
        except UnplayableChange as change:
            self.message_user(request, change.text, messages.ERROR)
            opts = self.model._meta
            return redirect(reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk],
                                    current_app=self.admin_site.name))

    def changelist_view(self, request, extra_context=None):
        if request.method != "POST":
            return super().changelist_view(request, extra_context)
        refused = _("This change to the %(objects)s is refused") % {"objects": self.model._meta.verbose_name_plural}
        try:
            with self._playable_write(request, refused, self.model):
                return super().changelist_view(request, extra_context)
        except UnplayableChange as change:
            self.message_user(request, change.text, messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())


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


# The card lists: each effect column wraps and stops at about two lines, its whole text in the cell's title, so a
# list fits a 1280 px screen beside the admin's navigation and filters (static/cards/effect-explain.css).
EFFECT_CELL_CHARACTERS = 90
LIST_MEDIA_CSS = {"all": ["cards/effect-explain.css"]}


def effect_cell(text):
    if not text:
        return "—"
    return format_html('<span class="effect-cell" title="{}">{}</span>', text,
                       Truncator(text).chars(EFFECT_CELL_CHARACTERS))


def effect_column(field_name, description):
    """A list column showing the effect string `field_name` as an effect cell (its CSS class stays field-<name>)."""

    @admin.display(description=description, ordering=field_name)
    def column(card):
        return effect_cell(getattr(card, field_name))

    column.__name__ = field_name
    return column


@admin.display(description=gettext_lazy("extension"), ordering="extension__order")
def extension_name(card):
    """The extension's own name: the list is already one game's, so "(Machi Koro)" after each would only widen it."""
    return card.extension.name if card.extension_id else "—"
