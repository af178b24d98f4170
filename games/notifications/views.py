"""Pages of the notifications: the list, the header menu's panel, marking read, the settings and the
one-click unsubscribe of the e-mails (signed link, no login)."""
from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games.accounts.selectors import notification_address
from games.notifications import services
from games.notifications.models import Channel, Kind, Notification
from games.notifications.selectors import describe, latest, preferences_of, unread_count

PAGE_SIZE = 30


JUST_NOW = timedelta(minutes=1)


def _listed(notifications):
    """Each notification with its words and whether it is under a minute old ("just now", not "0 minutes ago")."""
    now = timezone.now()
    return [{"notification": n, "just_now": now - n.created_at < JUST_NOW, **describe(n)} for n in notifications]


@require_safe  # the method first: a refused method is a 405 for everyone
@login_required
def notification_list(request):
    page = Paginator(Notification.objects.filter(user=request.user), PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "notifications/list.html", {
        "page": page, "items": _listed(page.object_list), "unread": unread_count(request.user.pk)})


@require_safe
@login_required
def panel(request):
    """The header menu's panel (an HTML fragment the menu's script shows)."""
    return render(request, "notifications/_panel.html", {
        "items": _listed(latest(request.user.pk)), "unread": unread_count(request.user.pk)})


def _wants_json(request):
    return "application/json" in request.headers.get("Accept", "")


@require_POST
@login_required
def mark_read(request):
    """POST id=… (repeatable) marks those read; all=1 marks every one. JSON {"unread"} for scripts, else back."""
    ids = None
    if not request.POST.get("all"):
        raw = request.POST.getlist("id")
        if not raw or not all(value.isdigit() and len(value) < 19 for value in raw):
            message = _("Say which notifications to mark read.")
            if _wants_json(request):
                return JsonResponse({"error": message}, status=400)
            return HttpResponseBadRequest(message)
        ids = [int(value) for value in raw]
    left = services.mark_read(request.user, ids)
    if _wants_json(request):
        return JsonResponse({"unread": left})
    target = request.POST.get("next")
    if not target or not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = "notifications:list"
    return redirect(target)


def _choices(post):
    return {kind: {"enabled": f"{kind}-enabled" in post, **{c: f"{kind}-{c}" in post for c in Channel.values}}
            for kind in Kind.values}


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def settings_page(request):
    """/accounts/notifications/: one row per kind, a checkbox per channel."""
    if request.method == "POST":
        services.save_preferences(request.user, _choices(request.POST))
        messages.success(request, _("Your notification settings are saved."))
        return redirect("notification-settings")
    preferences = preferences_of(request.user)
    rows = [{"kind": kind, "label": label, "preference": preferences[kind]} for kind, label in Kind.choices]
    return render(request, "notifications/settings.html", {
        "rows": rows, "channels": Channel.choices, "has_email": bool(notification_address(request.user))})


@csrf_exempt  # mail clients POST the one-click unsubscribe (RFC 8058) with no session: the signed link is the key
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe(request, token):
    try:
        user, kind = services.unsubscribe_target(token)
    except services.BadUnsubscribeLink as exc:
        return render(request, "notifications/unsubscribe.html", {"error": exc}, status=400)
    done = False
    if request.method == "POST":
        services.unsubscribe(token)
        done = True
    return render(request, "notifications/unsubscribe.html", {
        "kind_label": Kind(kind).label, "done": done, "email": user.email})
