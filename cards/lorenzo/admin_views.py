"""Admin pages to import card files (upload, preview, confirm) and download exports.

The preview is a dry run of the real import, so it lists exactly what confirming will add, change,
leave alone and refuse. The uploaded text waits in the session between the two steps; confirming
imports it again from scratch (all or nothing), so a database that changed in between is handled.
"""
import secrets

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _, gettext_lazy

from cards.models import CardGame
from cards.permissions import is_designer

from cards.lorenzo import exporter
from cards.lorenzo import vocabulary as words
from cards.lorenzo.importer import ADDED, CHANGED, KEPT, REFUSED, UNCHANGED, import_files

SESSION_KEY = "card_imports"
MAX_FILE_BYTES = 5 * 1024 * 1024
EXPORTS = {
    "development-cards": (words.DEVELOPMENT, "cards.json"),
    "excommunications": (words.EXCOMMUNICATION, "excom_cards.json"),
    "leader-cards": (words.LEADER, "leader_cards.json"),
}


# The kinds a designer may name, in the admin user's language (vocabulary.KIND_LABELS stays the files' English).
KIND_CHOICES = {
    words.DEVELOPMENT: gettext_lazy("Development cards"),
    words.EXCOMMUNICATION: gettext_lazy("Excommunications"),
    words.LEADER: gettext_lazy("Leader cards"),
}


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    def clean(self, data, initial=None):
        files = data if isinstance(data, (list, tuple)) else [data]
        return [super(MultipleFileField, self).clean(item, initial) for item in files]


class ImportForm(forms.Form):
    files = MultipleFileField(
        widget=MultipleFileInput(attrs={"accept": ".json,application/json"}),
        label=gettext_lazy("Files"),
        help_text=gettext_lazy("One or more JSON files: Lorenzo cards (seed 000), our Lorenzo or Machi Koro card sets, "
                               "or a whole-database export."),
    )
    kind = forms.ChoiceField(
        label=gettext_lazy("Kind"),
        choices=[("", gettext_lazy("Tell from the file"))] + [(kind, KIND_CHOICES[kind]) for kind in words.CARD_KINDS],
        required=False,
        help_text=gettext_lazy("For a list of Lorenzo cards whose kind cannot be told from its fields."),
    )

    def clean_files(self):
        files = self.cleaned_data["files"]
        for upload in files:
            if upload.size > MAX_FILE_BYTES:
                raise forms.ValidationError(_("%(name)s is larger than %(megabytes)d MB.") % {
                    "name": upload.name, "megabytes": MAX_FILE_BYTES // (1024 * 1024)})
        return files


def _require_designer(request):
    if not is_designer(request.user):
        raise PermissionDenied(_("Only designers import cards."))


def _preview_context(model_admin, request, report, token=None):
    return {
        **model_admin.admin_site.each_context(request),
        "title": _("Import cards: preview") if token else _("Import cards: refused"),
        "opts": model_admin.model._meta,
        "report": report,
        "token": token,
        "groups": [
            (_("Added"), report.by_status(ADDED)),
            (_("Changed"), report.by_status(CHANGED)),
            (_("Kept (edited by a designer)"), report.by_status(KEPT)),
            (_("Refused"), report.by_status(REFUSED)),
        ],
        "unchanged": report.by_status(UNCHANGED),
        "counts": report.counts(),
    }


def import_view(model_admin, request):
    """Step 1: upload and preview (a dry run). Step 2: confirm, which imports for real."""
    _require_designer(request)
    pending = request.session.get(SESSION_KEY, {})
    if request.method == "POST" and "confirm" in request.POST:
        upload = pending.pop(request.POST.get("token", ""), None)
        request.session[SESSION_KEY] = pending
        if upload is None:
            messages.error(request, _("This preview has expired or was already imported; upload the files again."))
            return HttpResponseRedirect(request.path)
        report = import_files(
            [(name, text) for name, text in upload["files"]], kind=upload["kind"] or None, user=request.user,
            reason="Imported (admin)",
        )  # fmt: skip
        if not report.ok:
            return TemplateResponse(request, "admin/cards/lorenzo/import_preview.html", _preview_context(model_admin, request, report))
        messages.success(request, _("Imported: %(summary)s.") % {"summary": report.summary()})
        return HttpResponseRedirect(reverse(f"admin:{model_admin.opts.app_label}_{model_admin.opts.model_name}_changelist"))

    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        files = [(upload.name, upload.read()) for upload in form.cleaned_data["files"]]
        kind = form.cleaned_data["kind"]
        report = import_files(files, kind=kind or None, user=request.user, dry_run=True)
        token = None
        if report.ok:
            # One pending import per session: a new preview replaces an unconfirmed one.
            token = secrets.token_urlsafe(16)
            files = [(name, content.decode("utf-8-sig")) for name, content in files]
            request.session[SESSION_KEY] = {token: {"files": files, "kind": kind}}
        return TemplateResponse(
            request, "admin/cards/lorenzo/import_preview.html", _preview_context(model_admin, request, report, token)
        )
    context = {
        **model_admin.admin_site.each_context(request),
        "title": _("Import cards"),
        "opts": model_admin.model._meta,
        "form": form,
        "exports": [(name, reverse("admin:cards_developmentcard_export") + f"?set={name}") for name in EXPORTS],
    }
    return TemplateResponse(request, "admin/cards/lorenzo/import_form.html", context)


def export_view(model_admin, request):
    """Download one Lorenzo card set as seed 000's JSON (the reference file it mirrors)."""
    name = request.GET.get("set", "")
    if name not in EXPORTS:
        messages.error(request, _("Choose a set to export: %(sets)s.") % {"sets": ", ".join(EXPORTS)})
        return HttpResponseRedirect(reverse("admin:cards_developmentcard_import"))
    kind, file_name = EXPORTS[name]
    cards = exporter.card_list(kind) if CardGame.objects.filter(slug=CardGame.LORENZO).exists() else []
    response = HttpResponse(exporter.dumps(cards), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{file_name}"'
    return response
