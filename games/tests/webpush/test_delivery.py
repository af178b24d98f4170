"""do_send_push delivers a real push to a push service on this machine, which checks the VAPID signature and
decrypts the payload with the subscription's keys as the browser would; gone subscriptions are dropped, other
failures kept and never raised."""
import logging

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.webpush.models import PushSubscription
from games.webpush.services import do_send_push, do_subscribe
from games.webpush.subscriptions import check_subscription

pytestmark = pytest.mark.django_db


def subscribe(user, subscription, device=""):
    endpoint, p256dh, auth = check_subscription(subscription)
    return do_subscribe(user, endpoint=endpoint, p256dh=p256dh, auth=auth, device=device)


@pytest.fixture
def ada(db):
    return get_user_model().objects.create_user("ada", password="pw-ada-1")


def test_a_push_arrives_decrypted_and_signed_by_the_sites_vapid_key(vapid, push_service, ada):
    subscribe(ada, push_service.subscription("phone"))
    before = timezone.now()

    delivered = do_send_push(ada, title="Your turn · Minivilles", body="Léa played: it is your turn.",
                             url="/games/abc/", tag="turn-abc")

    assert delivered == 1
    [push] = push_service.received
    assert push["path"] == "/push/phone"
    assert push["message"] == {"title": "Your turn · Minivilles", "body": "Léa played: it is your turn.",
                               "url": "/games/abc/", "tag": "turn-abc"}
    assert push["headers"]["content-encoding"] == "aes128gcm"
    assert push["vapid_key"] == vapid.VAPID_PUBLIC_KEY   # the signature verified with the site's public key
    assert push["claims"]["aud"] == push_service.origin
    assert push["claims"]["sub"] == "mailto:ops@example.org"
    assert push["claims"]["exp"] > before.timestamp()
    assert int(push["headers"]["ttl"]) == vapid.WEBPUSH_TTL
    assert PushSubscription.objects.get().last_used_at >= before


def test_every_device_of_the_user_gets_it_and_nobody_elses(vapid, push_service, ada):
    bob = get_user_model().objects.create_user("bob", password="pw-bob-1")
    subscribe(ada, push_service.subscription("phone"))
    subscribe(ada, push_service.subscription("laptop"))
    subscribe(bob, push_service.subscription("bobs"))

    assert do_send_push(ada, title="Invited", body="Join Léa's table", url="/games/x/join/") == 2
    assert sorted(push["path"] for push in push_service.received) == ["/push/laptop", "/push/phone"]
    assert all(push["message"]["title"] == "Invited" and "tag" not in push["message"] for push in push_service.received)


@pytest.mark.parametrize("status", [404, 410])
def test_a_gone_subscription_is_dropped(vapid, push_service, ada, status):
    subscribe(ada, push_service.subscription("old", status=status))
    subscribe(ada, push_service.subscription("new"))

    assert do_send_push(ada, title="t", body="b", url="/") == 1
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [push_service.origin + "/push/new"]


def test_a_failing_push_service_keeps_the_subscription_and_raises_nothing(vapid, push_service, ada, caplog):
    subscribe(ada, push_service.subscription("busy", status=500))

    with caplog.at_level(logging.WARNING, logger="games.webpush.services"):
        assert do_send_push(ada, title="t", body="b", url="/") == 0

    assert len(push_service.received) == 1 and PushSubscription.objects.get().last_used_at is None
    assert "500" in caplog.text


def test_an_unreachable_push_service_raises_nothing(vapid, push_service, ada):
    subscription = push_service.subscription("phone")
    push_service.__exit__(None, None, None)   # the service is down: the connection is refused
    subscribe(ada, subscription)

    assert do_send_push(ada, title="t", body="b", url="/") == 0
    assert PushSubscription.objects.count() == 1


def test_nothing_is_sent_without_vapid_keys(settings, push_service, ada):
    settings.WEBPUSH_ALLOW_LOCAL_ENDPOINTS = True
    subscribe(ada, push_service.subscription("phone"))
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""

    assert do_send_push(ada, title="t", body="b", url="/") == 0
    assert push_service.received == []


def test_long_texts_are_cut_to_fit_a_push(vapid, push_service, ada):
    subscribe(ada, push_service.subscription("phone"))

    assert do_send_push(ada, title="T" * 500, body="é" * 3000, url="/games/" + "a" * 900, tag="x" * 200) == 1
    message = push_service.received[0]["message"]
    assert (len(message["title"]), len(message["body"]), len(message["tag"])) == (120, 600, 64)
    assert len(message["url"]) == 500


def test_no_user_or_no_device_sends_nothing(vapid, push_service, ada):
    assert do_send_push(ada, title="t", body="b", url="/") == 0
    assert do_send_push(None, title="t", body="b", url="/") == 0
    assert push_service.received == []
