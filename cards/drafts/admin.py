"""The admin for card set drafts: copy the published cards, edit them inline, try them, publish them."""
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _, gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from cards.admin_common import DesignerPermissionsMixin
from cards.models import CardSetDraft, DraftCard
from cards.permissions import is_designer

from cards.drafts import services


class DraftCardInline(admin.TabularInline):
    model = DraftCard
    extra = 0
    fields = ("included", "kind", "slug", "name", "extension", "cost", "colour", "icon", "activation_min",
              "activation_max", "copies", "major", "effect")
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return is_designer(request.user)

    has_change_permission = has_delete_permission = has_add_permission


@admin.register(CardSetDraft)
class CardSetDraftAdmin(DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ("name", "created_by", "updated_at", "published_at", "lab_link")
    search_fields = ("name", "notes")
    readonly_fields = ("created_by", "created_at", "updated_at", "published_at", "changes")
    fields = ("name", "notes", "changes", "created_by", "created_at", "updated_at", "published_at")
    inlines = [DraftCardInline]
    actions = ["publish"]

    @admin.display(description=gettext_lazy("Balance lab"))
    def lab_link(self, draft):
        return format_html('<a href="{}">{}</a>', reverse("stats:lab"), _("Try in the lab"))

    @admin.display(description=gettext_lazy("Compared with the published cards"))
    def changes(self, draft):
        if draft.pk is None:
            return _("A new draft starts as a copy of every published card.")
        diff = services.draft_changes(draft)
        def card(kind, slug):
            return {"kind": str(DraftCard.Kind(kind).label).lower(), "slug": slug}

        lines = [(_("Changed %(kind)s %(slug)s") % card(kind, slug), what) for kind, slug, what in diff["changed"]]
        lines += [(_("Added %(kind)s %(slug)s") % card(kind, slug), name) for kind, slug, name in diff["added"]]
        lines += [(_("Removed %(kind)s %(slug)s") % card(kind, slug), name) for kind, slug, name in diff["removed"]]
        if not lines:
            return _("No change yet.")
        return format_html("<ul>{}</ul>", format_html_join("", "<li><strong>{}</strong>: {}</li>", lines))

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
        if not change:
            services.copy_published_cards(obj)

    def get_inlines(self, request, obj):
        return self.inlines if obj is not None else []

    @admin.action(description=gettext_lazy("Publish the selected drafts into the real card set"))
    def publish(self, request, queryset):
        for draft in queryset:
            try:
                services.publish_draft(draft, user=request.user)
            except ValidationError as exc:
                self.message_user(request, _("%(draft)s: not published, %(errors)s")
                                  % {"draft": draft, "errors": "; ".join(exc.messages)}, messages.ERROR)
            else:
                self.message_user(request, _("%(draft)s published: its cards are now the ones games use.")
                                  % {"draft": draft}, messages.SUCCESS)

    def response_add(self, request, obj, post_url_continue=None):
        self.message_user(request, _("Draft “%(draft)s” holds a copy of every published card: edit them below.")
                          % {"draft": obj}, messages.SUCCESS)
        return redirect(reverse("admin:cards_cardsetdraft_change", args=[obj.pk]))
