"""The API's throttles, login lockouts (django-axes) and the guest limit, with real limits (the suite runs without)."""
import base64
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

import pytest
from axes.models import AccessAttempt
from django.core.cache import caches
from django.test import RequestFactory, override_settings
from django.urls import reverse
from redis.exceptions import ConnectionError as RedisConnectionError
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from config.throttling import ScopedRateThrottle
from games.models import Guest
from games.rate_limits import client_ip, parse_rate, take_one

ROOT = Path(__file__).resolve().parent.parent
RATES = {"anon": "3/min", "user": "4/min", "calculator": "2/min"}
LOCKOUT = {"AXES_FAILURE_LIMIT": 3}


@pytest.fixture(autouse=True)
def fresh_counters():
    caches["limits"].clear()
    yield
    caches["limits"].clear()


@pytest.fixture
def rates():
    with mock.patch.object(SimpleRateThrottle, "THROTTLE_RATES", RATES):
        yield


# The client's address

def test_the_forwarded_header_is_ignored_without_a_trusted_proxy():
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert client_ip(request) == "10.0.0.9"


@override_settings(TRUSTED_PROXIES=1)
def test_behind_one_proxy_the_address_it_appended_counts_not_what_the_client_wrote():
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7")
    assert client_ip(request) == "203.0.113.7"
    assert client_ip(RequestFactory().get("/", REMOTE_ADDR="10.0.0.2")) == "10.0.0.2"


def test_rates_are_read_or_refused_clearly():
    assert parse_rate("30/min", "X") == (30, 60)
    assert parse_rate("5/hour", "X") == (5, 3600)
    assert parse_rate("off", "X") is None and parse_rate(None, "X") is None
    with pytest.raises(Exception, match="X='lots'"):
        parse_rate("lots", "X")


# The API's throttles

def api_root(client, **extra):
    return client.get("/api/", **extra)


@pytest.mark.django_db
def test_anonymous_api_requests_are_throttled_with_the_documented_error(rates):
    client = APIClient()
    assert [api_root(client).status_code for _ in range(3)] == [200, 200, 200]
    refused = api_root(client)
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert error["code"] == "throttled" and "seconds" in error["message"]
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert api_root(client, REMOTE_ADDR="192.0.2.8").status_code == 200   # another client is not held back


@pytest.mark.django_db
def test_a_new_forwarded_header_on_each_request_does_not_dodge_the_throttle(rates):
    client = APIClient()
    answers = [api_root(client, HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code for n in range(4)]
    assert answers == [200, 200, 200, 429]


@pytest.mark.django_db
def test_the_throttle_answers_in_french_when_asked(rates):
    client = APIClient()
    for _ in range(3):
        api_root(client)
    refused = api_root(client, HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 429 and "secondes" in refused.json()["error"]["message"]


@pytest.mark.django_db
def test_signed_in_users_have_their_own_rate(rates, django_user_model):
    client = APIClient()
    client.force_authenticate(django_user_model.objects.create_user("ray", password="pw-ray-12345"))
    assert [api_root(client).status_code for _ in range(5)] == [200, 200, 200, 200, 429]


def test_the_calculator_scope_has_its_own_stricter_rate(rates):
    view = SimpleNamespace(throttle_scope="calculator")
    request = SimpleNamespace(user=SimpleNamespace(is_authenticated=False), META={"REMOTE_ADDR": "192.0.2.1"})
    assert [ScopedRateThrottle().allow_request(request, view) for _ in range(3)] == [True, True, False]


def test_a_redis_blip_lets_requests_through_instead_of_failing_them(rates):
    view = SimpleNamespace(throttle_scope="calculator")
    request = SimpleNamespace(user=SimpleNamespace(is_authenticated=False), META={"REMOTE_ADDR": "192.0.2.1"})
    with mock.patch.object(ScopedRateThrottle.cache, "get", side_effect=RedisConnectionError("gone")):
        assert all(ScopedRateThrottle().allow_request(request, view) for _ in range(5))
    with mock.patch.object(caches["limits"], "add", side_effect=RedisConnectionError("gone")):
        assert take_one("guest", "192.0.2.1", (1, 60)) == 0


# Logins

def post_login(client, password, username="ada", **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


@pytest.fixture
def ada(django_user_model):
    return django_user_model.objects.create_user("ada", password="right-pw-123")


@pytest.mark.django_db
@override_settings(**LOCKOUT)
def test_after_too_many_wrong_passwords_even_the_right_one_is_refused_with_a_clear_page(client, ada):
    assert [post_login(client, f"wrong-{n}").status_code for n in range(2)] == [200, 200]
    locked = post_login(client, "wrong-3")
    assert locked.status_code == 429
    right = post_login(client, "right-pw-123")
    assert right.status_code == 429 and "_auth_user_id" not in client.session
    page = right.content.decode()
    assert 'id="locked-out"' in page and "Too many failed logins" in page and "15 minutes" in page
    assert '<form method="post"' in page   # the login page itself, not a bare 403
    assert int(right["Retry-After"]) == 15 * 60


@pytest.mark.django_db
@override_settings(**LOCKOUT)
def test_the_lockout_page_is_in_french_for_a_french_browser(client, ada):
    for n in range(4):
        response = post_login(client, f"wrong-{n}", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 429
    assert "Trop de connexions manquées" in response.content.decode()


@pytest.mark.django_db
@override_settings(**LOCKOUT)
def test_the_lockout_is_per_username_and_address_and_ends_after_the_cool_off(client, ada):
    for n in range(3):
        post_login(client, f"wrong-{n}")
    elsewhere = post_login(client, "right-pw-123", REMOTE_ADDR="192.0.2.50")
    assert elsewhere.status_code == 302   # the same account from another address
    client.logout()
    assert post_login(client, "right-pw-123").status_code == 429
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.first().attempt_time.replace(year=2000))
    assert post_login(client, "right-pw-123").status_code == 302


@pytest.mark.django_db
@override_settings(**LOCKOUT)
def test_the_admin_login_is_locked_out_too_with_its_own_page(client, django_user_model):
    django_user_model.objects.create_superuser("root", password="right-pw-123")
    for n in range(3):
        client.post(reverse("admin:login"), {"username": "root", "password": f"wrong-{n}"})
    response = client.post(reverse("admin:login"), {"username": "root", "password": "right-pw-123"})
    page = response.content.decode()
    assert response.status_code == 429 and 'id="locked-out"' in page and 'id="login-form"' in page
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
@override_settings(**LOCKOUT)
def test_the_api_basic_authentication_is_locked_out_with_the_json_error(ada):
    client = APIClient()

    def basic(password):
        token = base64.b64encode(f"ada:{password}".encode()).decode()
        return client.get("/api/", HTTP_AUTHORIZATION=f"Basic {token}")

    assert [basic(f"wrong-{n}").status_code for n in range(2)] == [401, 401]
    assert basic("wrong-3").status_code == 429
    locked = basic("right-pw-123")
    assert locked.status_code == 429 and locked.json()["error"]["code"] == "locked_out"
    assert int(locked["Retry-After"]) == 15 * 60


@pytest.mark.django_db
@override_settings(**LOCKOUT)
def test_a_right_password_before_the_limit_starts_the_count_again(client, ada):
    for n in range(2):
        post_login(client, f"wrong-{n}")
    assert post_login(client, "right-pw-123").status_code == 302
    client.logout()
    for n in range(2):
        post_login(client, f"wrong-again-{n}")
    assert post_login(client, "right-pw-123").status_code == 302


# Guests

@pytest.mark.django_db
@override_settings(GAMES_GUEST_RATE="3/hour")
def test_guests_from_one_address_are_limited_with_a_clear_message(client):
    answers = [client.post(reverse("guest"), {"nickname": f"Lou {n}"}).status_code for n in range(3)]
    assert answers == [302, 302, 302]
    refused = client.post(reverse("guest"), {"nickname": "Lou 4"})
    assert refused.status_code == 429 and 'id="too-many-guests"' in refused.content.decode()
    assert "Too many guests were created from your address" in refused.content.decode()
    assert int(refused["Retry-After"]) >= 1
    assert not Guest.objects.filter(nickname="Lou 4").exists()
    french = client.post(reverse("guest"), {"nickname": "Lou 5"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 429 and "invités ont été créés depuis votre adresse" in french.content.decode()
    assert client.post(reverse("guest"), {"nickname": "Zoé"}, REMOTE_ADDR="192.0.2.9").status_code == 302


# The settings

PROBE = ("import json, django; django.setup(); from django.conf import settings as s; print(json.dumps({"
         "'rates': s.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES'], 'limits': s.CACHES['limits']['BACKEND'],"
         "'guest': s.GAMES_GUEST_RATE, 'failures': s.AXES_FAILURE_LIMIT,"
         "'cooloff': s.AXES_COOLOFF_TIME.total_seconds(), 'proxies': s.TRUSTED_PROXIES,"
         "'hsts': getattr(s, 'SECURE_HSTS_SECONDS', 0)}))")


def probe(**env):
    # The Makefile exports DJANGO_DEBUG=1, under which HSTS stays off: the probe reads the production defaults.
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("API_THROTTLE", "REDIS_URL", "LOGIN_", "DJANGO_DEBUG", "DJANGO_SECURE", "GAMES_GUEST"))}
    clean.update(DJANGO_SETTINGS_MODULE="config.settings", DJANGO_SECRET_KEY="x", **env)
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_limits_have_defaults_and_follow_the_environment():
    defaults = probe()
    assert defaults["rates"] == {"anon": "120/min", "user": "1200/min", "calculator": "30/min", "token": "600/min"}
    assert defaults["limits"].endswith("LocMemCache") and defaults["guest"] == "30/hour"
    assert defaults["failures"] == 5 and defaults["cooloff"] == 900 and defaults["proxies"] == 0
    assert defaults["hsts"] == 0
    changed = probe(API_THROTTLE_ANON="10/min", API_THROTTLE_USER="off", API_THROTTLE_CALCULATOR="5/min",
                    API_THROTTLE_TOKEN="50/hour",
                    GAMES_GUEST_RATE="2/hour", LOGIN_FAILURE_LIMIT="8", LOGIN_COOLOFF_MINUTES="1",
                    DJANGO_TRUSTED_PROXIES="1", REDIS_URL="redis://127.0.0.1:6379/3", DJANGO_SECURE_COOKIES="1")
    assert changed["rates"] == {"anon": "10/min", "user": None, "calculator": "5/min", "token": "50/hour"}
    assert changed["limits"].endswith("RedisCache")   # shared by every process
    assert changed["guest"] == "2/hour" and changed["failures"] == 8 and changed["cooloff"] == 60
    assert changed["proxies"] == 1 and changed["hsts"] == 365 * 24 * 3600
