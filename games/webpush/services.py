"""Web Push writes: a device subscribes or leaves, and a notification is pushed to all of a user's devices.

`do_send_push` talks to the push services over the network (one POST per device, WEBPUSH_TIMEOUT each): call it
after the commit, from a Celery task or `transaction.on_commit`, never inside a transaction or a request's hot path.
"""
import json
import logging

import requests
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from pywebpush import WebPushException, webpush

from games.webpush import keys
from games.webpush.models import PushSubscription

logger = logging.getLogger(__name__)

MAX_DEVICES = 20  # subscriptions kept per user: a new one past this drops the least recently used
MAX_TITLE, MAX_BODY, MAX_URL, MAX_TAG = 120, 600, 500, 64  # the encrypted payload must stay under 4 kB
GONE = (404, 410)  # the push service says the subscription has expired or was withdrawn


def do_subscribe(user, *, endpoint, p256dh, auth, device=""):
    """Store (or refresh) this browser's subscription for `user`; arguments checked by
    `subscriptions.check_subscription`. A browser subscribed under another account now belongs to this one."""
    with transaction.atomic():
        subscription, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth, "device": device[:80]})
        extra = (PushSubscription.objects.filter(user=user).exclude(pk=subscription.pk)
                 .order_by("-last_used_at", "-created_at", "-pk").values_list("pk", flat=True)[MAX_DEVICES - 1:])
        PushSubscription.objects.filter(pk__in=list(extra)).delete()
    return subscription


def do_unsubscribe(user, *, endpoint=None, pk=None):
    """Forget one of `user`'s devices, named by its endpoint or its id; whether there was one."""
    found = PushSubscription.objects.filter(user=user)
    if endpoint is not None:
        found = found.filter(endpoint=endpoint)
    elif pk is not None:
        found = found.filter(pk=pk)
    else:
        return False
    deleted, _ = found.delete()
    return bool(deleted)


def push_payload(*, title, body, url, tag=None):
    """What the service worker (/sw.js) receives: JSON it shows as a notification."""
    payload = {"title": str(title)[:MAX_TITLE], "body": str(body)[:MAX_BODY], "url": str(url or "/")[:MAX_URL]}
    if tag:
        payload["tag"] = str(tag)[:MAX_TAG]
    return json.dumps(payload, ensure_ascii=False)


def do_send_push(user, *, title, body, url, tag=None):
    """Push a notification to every device of `user`: `title` and `body` (already in the user's language), `url`
    (a path of this site, opened when it is clicked) and `tag` (a notification with the same tag replaces the
    previous one on the device). Returns how many devices the push services accepted it for.

    Devices the push service says are gone (404, 410) are dropped; any other failure is logged and the device
    kept; nothing is raised to the caller. Sends nothing while Web Push is off (no VAPID keys)."""
    if user is None or not getattr(user, "pk", None):
        return 0
    signer = keys.signer()
    if signer is None:
        return 0
    devices = list(PushSubscription.objects.filter(user_id=user.pk))
    if not devices:
        return 0
    data = push_payload(title=title, body=body, url=url, tag=tag)
    delivered, gone = [], []
    with requests.Session() as session:
        for device in devices:
            outcome = _push(device, data, signer, session)
            if outcome == "delivered":
                delivered.append(device.pk)
            elif outcome == "gone":
                gone.append(device)
    for device in gone:  # unless the browser subscribed again with new keys meanwhile
        PushSubscription.objects.filter(pk=device.pk, p256dh=device.p256dh, auth=device.auth).delete()
    if delivered:
        PushSubscription.objects.filter(pk__in=delivered).update(last_used_at=timezone.now())
    return len(delivered)


def _push(device, data, signer, session):
    try:
        webpush(subscription_info=device.subscription_info(), data=data, vapid_private_key=signer,
                vapid_claims={"sub": settings.VAPID_SUBJECT},  # a new dict each time: webpush adds the endpoint's aud
                ttl=settings.WEBPUSH_TTL, timeout=settings.WEBPUSH_TIMEOUT, requests_session=session,
                headers={"Urgency": "normal"})
    except WebPushException as exc:
        status = exc.response.status_code if exc.response is not None else None
        if status in GONE:
            logger.info("Push subscription %s is gone (%s): dropped", device.pk, status)
            return "gone"
        logger.warning("Push to subscription %s failed: %s", device.pk, status or exc)
        return "failed"
    except Exception:  # a push service unreachable, a timeout, a key the crypto refuses: the caller goes on
        logger.warning("Push to subscription %s failed", device.pk, exc_info=True)
        return "failed"
    return "delivered"
