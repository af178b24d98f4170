"""Fixtures shared by every app's tests."""
import pytest


@pytest.fixture(autouse=True)
def site_language_reset():
    """A request in French leaves French active in this thread (LocaleMiddleware activates it for the
    request): each test starts and ends in the default language."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def official_cards(db):
    from cards.loading import load_official_cards

    return load_official_cards()


@pytest.fixture
def designer(db, django_user_model):
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user("dana", password="pw-designer-1")
    user.groups.add(Group.objects.get(name="Designers"))
    return user


@pytest.fixture
def player(db, django_user_model):
    return django_user_model.objects.create_user("pat", password="pw-player-1")
