"""The admin for card set drafts: copy the published cards, edit them inline, try them, publish them."""
from urllib.parse import urlencode

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _, gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from cards.admin_common import DesignerPermissionsMixin
from cards.models import CardSetDraft, DraftCard
from cards.models.drafts import DRAFT_GAME
from cards.permissions import is_designer

from cards.drafts import services
from cards.drafts.forms import DraftCardForm, DraftCardFormSet


def lab_url(draft_id):
    """The balance lab's page for the drafted game with this draft as its cards (the lab form's `card_set`)."""
    return f"{reverse('stats:lab')}?{urlencode({'game': DRAFT_GAME, 'card_set': draft_id})}"


class DraftCardInline(admin.TabularInline):
    model = DraftCard
    form = DraftCardForm
    formset = DraftCardFormSet   # the rows share their choices, read once for the page
    extra = 0
    fields = ("included", "kind", "slug", "name", "extension", "cost", "colour", "icon", "activation_min",
              "activation_max", "copies", "major", "effect")
    show_change_link = False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("extension__game", "colour__game", "icon__game")

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

    class Media:
        css = {"all": ["cards/draft-editor.css"]}

    @admin.display(description=gettext_lazy("Balance lab"))
    def lab_link(self, draft):
        return format_html('<a href="{}">{}</a>', lab_url(draft.pk), _("Try in the lab"))

    def get_urls(self):
        compare = path("<path:object_id>/compare/", self.admin_site.admin_view(self.compare_view),
                       name="cards_cardsetdraft_compare")
        return [compare, *super().get_urls()]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        links = {"compare_url": reverse("admin:cards_cardsetdraft_compare", args=[object_id]),
                 "lab_url": lab_url(object_id),
                 "is_nav_sidebar_enabled": False}   # the rows' thirteen columns need the page's whole width
        return super().change_view(request, object_id, form_url, {**(extra_context or {}), **links})

    def compare_view(self, request, object_id):
        """The draft against the published cards, card by card and field by field (designers only)."""
        if not is_designer(request.user):
            raise PermissionDenied
        draft = self.get_object(request, unquote(object_id))
        if draft is None:
            raise Http404(_("No draft with this id."))
        context = {**self.admin_site.each_context(request), "opts": self.opts, "original": draft, "draft": draft,
                   "title": _("“%(draft)s” compared with the published cards") % {"draft": draft},
                   "comparison": services.draft_comparison(draft), "lab_url": lab_url(draft.pk)}
        return TemplateResponse(request, "admin/cards/cardsetdraft/compare.html", context)

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
