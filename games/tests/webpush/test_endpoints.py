"""The device page, the public key, subscribe and unsubscribe: bad input gets a clear error and stores nothing."""
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.tests.webpush.push_service import Browser
from games.webpush.models import PushSubscription
from games.webpush.services import MAX_DEVICES

pytestmark = pytest.mark.django_db
FCM = "https://fcm.googleapis.com/fcm/send/"
FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0"


def a_subscription(endpoint=FCM + "abc123"):
    return {"endpoint": endpoint, "expirationTime": None, "keys": Browser().keys}


def post(client, name, data, **extra):
    body = data if isinstance(data, (str, bytes)) else json.dumps(data)
    return client.post(f"/accounts/push/{name}/", body, content_type="application/json", **extra)


@pytest.fixture
def ada_client(player):
    client = Client()
    client.force_login(player)
    return client


@pytest.fixture
def online(vapid):
    vapid.WEBPUSH_ALLOW_LOCAL_ENDPOINTS = False   # as in production
    return vapid


def test_the_public_key_says_whether_push_is_on(client, settings, vapid):
    assert client.get("/accounts/push/key/").json() == {"enabled": True, "public_key": vapid.VAPID_PUBLIC_KEY}
    settings.VAPID_PRIVATE_KEY = ""
    assert client.get("/accounts/push/key/").json() == {"enabled": False, "public_key": ""}


def test_a_browser_subscribes_and_is_named_after_its_user_agent(ada_client, online, player):
    subscription = a_subscription()
    response = post(ada_client, "subscribe", subscription, HTTP_USER_AGENT=FIREFOX_ANDROID)

    assert response.status_code == 201 and response.json() == {"subscribed": True, "device": "Firefox · Android"}
    stored = PushSubscription.objects.get()
    assert (stored.user, stored.endpoint, stored.p256dh, stored.auth) == (
        player, subscription["endpoint"], subscription["keys"]["p256dh"], subscription["keys"]["auth"])


def test_subscribing_again_refreshes_the_keys_and_another_account_takes_the_browser_over(ada_client, online, player):
    post(ada_client, "subscribe", a_subscription())
    renewed = a_subscription()
    assert post(ada_client, "subscribe", renewed).status_code == 201
    assert PushSubscription.objects.get().p256dh == renewed["keys"]["p256dh"]

    bob = Client()
    bob.force_login(get_user_model().objects.create_user("bob", password="pw-bob-1"))
    assert post(bob, "subscribe", renewed).status_code == 201
    assert PushSubscription.objects.get().user.username == "bob"


def test_a_user_keeps_at_most_so_many_devices(ada_client, online):
    for number in range(MAX_DEVICES + 3):
        assert post(ada_client, "subscribe", a_subscription(f"{FCM}device{number}")).status_code == 201
    endpoints = set(PushSubscription.objects.values_list("endpoint", flat=True))
    assert len(endpoints) == MAX_DEVICES and f"{FCM}device{MAX_DEVICES + 2}" in endpoints


@pytest.mark.parametrize("body, message", [
    ("{not json", "JSON object"),
    ("[1, 2]", "JSON object"),
    ('"endpoint"', "JSON object"),
    (b"\xff\xfe", "JSON object"),
    ({"keys": {}}, "no endpoint"),
    ({"endpoint": 42, "keys": {}}, "no endpoint"),
    ({"endpoint": FCM + "x", "keys": "p256dh"}, "no keys"),
    ({"endpoint": FCM + "x"}, "no keys"),
    ({"endpoint": FCM + "x", "keys": {"p256dh": 5, "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, "p256dh key is not base64url"),
    ({"endpoint": FCM + "x", "keys": {"p256dh": "<script>", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, "not base64url"),
    ({"endpoint": FCM + "x", "keys": {"p256dh": "AAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, "wrong length"),
    ({"endpoint": FCM + "x", "keys": {"p256dh": "BA" + "A" * 85, "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, "not a P-256"),
    ({"endpoint": FCM + "x", "keys": {"p256dh": Browser().keys["p256dh"], "auth": "AAAA"}}, "auth key has the wrong"),
    ({"endpoint": FCM + "x", "keys": {"p256dh": Browser().keys["p256dh"]}}, "auth key is not base64url"),
    ({**a_subscription(), "endpoint": "ftp://fcm.googleapis.com/x"}, "not a web address"),
    ({**a_subscription(), "endpoint": "https://user:pw@fcm.googleapis.com/x"}, "not a web address"),
    ({**a_subscription(), "endpoint": "https://fcm.googleapis.com:port/x"}, "not a web address"),
    ({**a_subscription(), "endpoint": "https://fcm.googleapis.com/a b"}, "not a web address"),
    ({**a_subscription(), "endpoint": FCM + "x" * 1000}, "too long"),
    ({**a_subscription(), "endpoint": "http://fcm.googleapis.com/fcm/send/x"}, "HTTPS"),
    ({**a_subscription(), "endpoint": "https://push.example.net/x"}, "not a push service"),
    ({**a_subscription(), "endpoint": "https://fcm.googleapis.com.evil.net/x"}, "not a push service"),
    ({**a_subscription(), "endpoint": "https://127.0.0.1:8000/x"}, "not a push service"),
])
def test_bad_subscriptions_are_refused_with_a_reason(ada_client, online, body, message):
    response = post(ada_client, "subscribe", body)

    assert response.status_code == 400
    assert message in response.json()["error"]
    assert not PushSubscription.objects.exists()


def test_local_and_private_hosts_stay_refused_even_when_any_push_service_is_allowed(ada_client, online):
    online.WEBPUSH_ENDPOINT_HOSTS = ["*"]
    for endpoint in ("https://localhost/x", "https://10.0.0.8/x", "https://[::1]/x", "https://169.254.169.254/x"):
        assert post(ada_client, "subscribe", a_subscription(endpoint)).status_code == 400
    assert post(ada_client, "subscribe", a_subscription("https://push.example.net/x")).status_code == 201


def test_local_endpoints_are_taken_only_where_allowed(ada_client, online):
    local = a_subscription("http://127.0.0.1:8123/push/x")
    assert post(ada_client, "subscribe", local).status_code == 400
    online.WEBPUSH_ALLOW_LOCAL_ENDPOINTS = True
    assert post(ada_client, "subscribe", local).status_code == 201


def test_a_huge_body_is_refused_unread(ada_client, online):
    huge = {**a_subscription(), "padding": "x" * 5000}
    response = post(ada_client, "subscribe", huge)
    assert response.status_code == 413 and "too large" in response.json()["error"]
    assert not PushSubscription.objects.exists()


def test_a_visitor_who_is_not_logged_in_cannot_subscribe(client, online):
    response = post(client, "subscribe", a_subscription())
    assert response.status_code == 403 and "Log in" in response.json()["error"]
    assert not PushSubscription.objects.exists()


def test_without_vapid_keys_subscribing_says_push_is_unavailable(ada_client):
    response = post(ada_client, "subscribe", a_subscription())
    assert response.status_code == 503 and "not available" in response.json()["error"]
    assert not PushSubscription.objects.exists()


def test_subscribing_needs_the_csrf_token(player, online):
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    assert post(client, "subscribe", a_subscription()).status_code == 403
    assert not PushSubscription.objects.exists()

    token = client.get("/accounts/push/").context["csrf_token"]
    assert post(client, "subscribe", a_subscription(), HTTP_X_CSRFTOKEN=str(token)).status_code == 201


def test_only_posts_are_taken(ada_client, online):
    assert ada_client.get("/accounts/push/subscribe/").status_code == 405
    assert ada_client.get("/accounts/push/unsubscribe/").status_code == 405


def test_unsubscribing_removes_only_ones_own_device(ada_client, online, player):
    mine = a_subscription(FCM + "mine")
    post(ada_client, "subscribe", mine)
    theirs = PushSubscription.objects.create(user=get_user_model().objects.create_user("bob"), endpoint=FCM + "bob",
                                             p256dh="x", auth="y")

    assert post(ada_client, "unsubscribe", {"endpoint": theirs.endpoint}).json() == {"removed": False}
    assert post(ada_client, "unsubscribe", {"endpoint": mine["endpoint"]}).json() == {"removed": True}
    assert list(PushSubscription.objects.all()) == [theirs]
    assert post(ada_client, "unsubscribe", {"endpoint": ["x"]}).status_code == 400
    assert post(ada_client, "unsubscribe", "nope").status_code == 400


def test_the_device_page_lists_the_devices_and_removes_one(ada_client, online):
    post(ada_client, "subscribe", a_subscription(), HTTP_USER_AGENT=FIREFOX_ANDROID)
    page = ada_client.get("/accounts/push/").content.decode()
    assert "Firefox · Android" in page and "Allow notifications on this device" in page
    assert f'data-public-key="{online.VAPID_PUBLIC_KEY}"' in page

    device = PushSubscription.objects.get()
    response = ada_client.post(f"/accounts/push/devices/{device.pk}/remove/", follow=True)
    assert "no more notifications" in response.content.decode()
    assert not PushSubscription.objects.exists()


def test_someone_elses_device_cannot_be_removed(ada_client):
    theirs = PushSubscription.objects.create(user=get_user_model().objects.create_user("bob"), endpoint=FCM + "bob",
                                             p256dh="x", auth="y")
    assert ada_client.post(f"/accounts/push/devices/{theirs.pk}/remove/").status_code == 302
    assert PushSubscription.objects.filter(pk=theirs.pk).exists()


def test_without_vapid_keys_the_page_says_push_is_unavailable(ada_client):
    page = ada_client.get("/accounts/push/").content.decode()
    assert "not available on this site" in page
    assert "Allow notifications on this device" not in page and "push-device.js" not in page


def test_the_page_is_in_french(ada_client, online):
    page = ada_client.get("/accounts/push/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'lang="fr"' in page


def test_the_device_page_needs_a_login(client):
    response = client.get("/accounts/push/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_the_service_worker_is_served_from_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]
    script = response.content.decode()
    assert 'addEventListener("push"' in script and 'addEventListener("notificationclick"' in script
    assert "/static/img/notification-icon.png" in script
    assert client.post("/sw.js").status_code == 405
