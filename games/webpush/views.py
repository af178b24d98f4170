"""Web Push pages and endpoints: the device page (/accounts/push/), the public key, subscribe and unsubscribe (JSON,
CSRF-checked, for the logged-in user), and the service worker at the site's root (/sw.js)."""
import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from games.webpush import keys
from games.webpush.models import PushSubscription
from games.webpush.services import do_subscribe, do_unsubscribe
from games.webpush.subscriptions import SubscriptionError, check_endpoint, check_subscription, device_label

MAX_BODY = 4096  # bytes of JSON a subscription may take (a real one is about 500)


def _error(message, status):
    return JsonResponse({"error": message}, status=status)


def _json_body(request):
    """The request's JSON object, or an error answer."""
    if not request.user.is_authenticated:
        return None, _error(_("Log in to get notifications on this device."), 403)
    if len(request.body) > MAX_BODY:
        return None, _error(_("The subscription is too large."), 413)
    try:
        data = json.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None, _error(_("Send the subscription as a JSON object."), 400)
    if not isinstance(data, dict):
        return None, _error(_("Send the subscription as a JSON object."), 400)
    return data, None


@require_http_methods(["GET", "HEAD"])  # first: a PUT is refused (405) before the login redirect
@login_required
def device_page(request):
    devices = PushSubscription.objects.filter(user=request.user)
    return render(request, "games/webpush/page.html", {"devices": devices})


@require_http_methods(["GET", "HEAD"])
def public_key(request):
    """{"enabled": whether the site sends pushes, "public_key": the VAPID key to subscribe with ("" when off)}."""
    key = keys.public_key()
    return JsonResponse({"enabled": bool(key), "public_key": key})


@require_POST
def subscribe(request):
    data, error = _json_body(request)
    if error:
        return error
    if not keys.push_enabled():
        return _error(_("Notifications on your phone or desktop are not available on this site."), 503)
    try:
        endpoint, p256dh, auth = check_subscription(data)
    except SubscriptionError as exc:
        return _error(exc.message, 400)
    device = do_subscribe(request.user, endpoint=endpoint, p256dh=p256dh, auth=auth,
                          device=device_label(request.headers.get("User-Agent")))
    return JsonResponse({"subscribed": True, "device": device.device}, status=201)


@require_POST
def unsubscribe(request):
    data, error = _json_body(request)
    if error:
        return error
    try:
        endpoint = check_endpoint(data.get("endpoint"))
    except SubscriptionError as exc:
        return _error(exc.message, 400)
    return JsonResponse({"removed": do_unsubscribe(request.user, endpoint=endpoint)})


@require_POST
@login_required
def remove_device(request, device_id):
    """The device list's "Remove" button (a plain form): that device gets no more notifications."""
    if do_unsubscribe(request.user, pk=device_id):
        messages.success(request, _("That device will get no more notifications."))
    return redirect("webpush:page")


@never_cache
@require_http_methods(["GET", "HEAD"])
def service_worker(request):
    """The service worker, served from the root so that its scope is the whole site."""
    icons = {"icon": json.dumps(static("img/notification-icon.png")),
             "badge": json.dumps(static("img/notification-badge.png"))}  # JavaScript strings
    response = HttpResponse(render_to_string("games/webpush/sw.js", icons, request=request),
                            content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response
