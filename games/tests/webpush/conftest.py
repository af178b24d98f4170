"""Web Push tests: a VAPID key pair in the settings, local push endpoints allowed, and a local push service."""
import pytest

from games.tests.webpush.push_service import PushService
from games.webpush.keys import generate_key_pair


@pytest.fixture
def vapid(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = generate_key_pair()
    settings.VAPID_SUBJECT = "mailto:ops@example.org"
    settings.WEBPUSH_ALLOW_LOCAL_ENDPOINTS = True
    return settings


@pytest.fixture
def push_service():
    with PushService() as service:
        yield service
