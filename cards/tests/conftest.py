"""Fixtures of the card database's tests: a designer's REST client and browser."""
import pytest


@pytest.fixture
def designer_api(designer):
    """An API client authenticated as the designer."""
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(designer)
    return api


@pytest.fixture
def designer_browser(designer):
    """A browser (Django's test client) logged in as the designer."""
    from django.test import Client

    browser = Client()
    browser.force_login(designer)
    return browser
