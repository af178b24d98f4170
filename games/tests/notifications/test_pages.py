"""The notifications pages: the header menu and its panel, marking read, the list, the settings, the unsubscribe page."""
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games.models import Notification, NotificationPreference
from games.notifications.models import Kind
from games.notifications.services import do_notify, unsubscribe_token


@pytest.fixture
def user(db):
    return get_user_model().objects.create_user("dora", email="dora@example.test", password="pw-dora-123")


@pytest.fixture
def signed_in(client, user):
    client.force_login(user)
    return client


def notify(user, n=1, kind=Kind.INVITED):
    return [do_notify(user=user, kind=kind, data={"code": f"code{i}xyz", "ruleset": "counting", "by": "<b>eve</b>"},
                      dedupe_key=f"k{i}:{kind}") for i in range(n)]


def test_the_header_shows_the_menu_with_the_unread_count_to_users_only(client, signed_in, user):
    notify(user, 3)
    page = signed_in.get(reverse("games:list")).content.decode()
    assert 'id="notif-menu"' in page and 'data-unread="3"' in page and 'data-socket="/ws/notifications/"' in page
    client.logout()
    assert 'id="notif-menu"' not in client.get(reverse("games:list")).content.decode()


def test_the_panel_lists_the_latest_escaped_and_marking_read_updates_the_count(signed_in, user):
    ids = [n.pk for n in notify(user, 3)]
    panel = signed_in.get(reverse("notifications:panel")).content.decode()
    assert panel.count('class="notif-item unread"') == 3 and "&lt;b&gt;eve&lt;/b&gt;" in panel and "<b>eve" not in panel
    assert 'href="/games/code0xyz/join/"' in panel
    answer = signed_in.post(reverse("notifications:read"), {"id": ids[:2]}, HTTP_ACCEPT="application/json")
    assert answer.json() == {"unread": 1}
    assert signed_in.post(reverse("notifications:read"), {"all": "1"}, HTTP_ACCEPT="application/json").json() == {"unread": 0}
    assert not Notification.objects.filter(read_at__isnull=True).exists()


def test_marking_read_refuses_bad_input_and_touches_only_ones_own(signed_in, user, django_user_model):
    other = django_user_model.objects.create_user("eve", password="pw-eve-1234")
    theirs = notify(other, 1)[0]
    for data in ({}, {"id": "x"}, {"id": "99999999999999999999999"}):
        answer = signed_in.post(reverse("notifications:read"), data, HTTP_ACCEPT="application/json")
        assert answer.status_code == 400 and "error" in answer.json()
    signed_in.post(reverse("notifications:read"), {"id": [theirs.pk]})
    assert Notification.objects.get(pk=theirs.pk).read_at is None


def test_the_list_page_paginates_and_marks_all_read(signed_in, user):
    notify(user, 35)
    page = signed_in.get(reverse("notifications:list")).content.decode()
    assert page.count('class="notif-item unread"') == 30 and "?page=2" in page
    answer = signed_in.post(reverse("notifications:read"), {"all": "1", "next": "/notifications/?page=2"})
    assert answer.status_code == 302 and answer["Location"] == "/notifications/?page=2"
    assert signed_in.post(reverse("notifications:read"), {"all": "1", "next": "https://evil.test/"})["Location"] == "/notifications/"


def test_pages_need_a_signed_in_user(client):
    for name in ("notifications:list", "notifications:panel", "notification-settings"):
        assert client.get(reverse(name)).status_code == 302
    assert client.post(reverse("notifications:read"), {"all": "1"}).status_code == 302


def test_settings_save_each_kind_and_channel(signed_in, user):
    page = signed_in.get(reverse("notification-settings")).content.decode()
    assert 'name="your_turn-email" id="your_turn-email" aria-label' in page
    signed_in.post(reverse("notification-settings"), {"your_turn-enabled": "on", "your_turn-push": "on",
                                                      "invited-enabled": "on", "invited-email": "on"})
    saved = {p.kind: (p.enabled, p.email, p.push) for p in NotificationPreference.objects.filter(user=user)}
    assert saved == {"your_turn": (True, False, True), "invited": (True, True, False),
                     "game_ended": (False, False, False), "rematch_offered": (False, False, False)}
    assert notify(user, 1, kind=Kind.GAME_ENDED) == [None]


def test_the_unsubscribe_page_confirms_then_unsubscribes_without_login(client, user):
    url = reverse("notifications:unsubscribe", args=[unsubscribe_token(user, Kind.INVITED)])
    page = client.get(url).content.decode()
    assert 'id="unsubscribe-button"' in page and "Invited to a game" in page
    assert not NotificationPreference.objects.filter(user=user).exists()  # a GET changes nothing
    done = client.post(url).content.decode()
    assert 'id="unsubscribed"' in done
    assert NotificationPreference.objects.get(user=user, kind=Kind.INVITED).email is False
    assert client.post(url).status_code == 200  # twice: still done


@pytest.mark.parametrize("token", ["nonsense", "eyJ1IjoxfQ:1xYZRe:forged"])
def test_a_bad_unsubscribe_link_says_so_and_changes_nothing(client, user, token):
    answer = client.post(reverse("notifications:unsubscribe", args=[token]))
    assert answer.status_code == 400 and "not valid" in answer.content.decode()
    assert not NotificationPreference.objects.exists()


def test_a_new_notification_is_just_now_and_an_older_one_says_how_long_ago(signed_in, user):
    fresh, old = notify(user, 2)
    Notification.objects.filter(pk=old.pk).update(created_at=old.created_at - timedelta(minutes=5))
    panel = signed_in.get(reverse("notifications:panel")).content.decode()
    assert panel.count("just now") == 1 and "5\xa0minutes ago" in panel and "0\xa0minutes" not in panel
