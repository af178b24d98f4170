"""E-mail through a real SMTP server (aiosmtpd, started by the test): two players of a turn-based game are mailed
on their turn, in their language, with a working one-click unsubscribe; at most one "your turn" mail per game per
hour; never twice for one notification."""
from datetime import timedelta
from urllib.parse import urlsplit

from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from games.models import Notification, NotificationPreference
from games.notifications.models import Kind
from games.notifications.services import send_email

from games.tests.helpers import seat_to_act
from games.tests.notifications.conftest import play, turn_based_game, with_address


def mails_to(messages, address):
    return [m["message"] for m in messages if m["to"] == [address]]


def test_each_player_is_mailed_on_their_turn_in_their_language(ann, bob, smtp_server):
    ann_user, bob_user = with_address(ann), with_address(bob, language="fr")
    game = turn_based_game(ann, bob)
    first = seat_to_act(game, ann, bob)
    second = bob if first == ann else ann
    address = {ann: ann_user.email, bob: bob_user.email}
    assert len(smtp_server) == 1 and smtp_server[0]["to"] == [address[first]]
    play(game, first)
    assert len(mails_to(smtp_server, address[second])) == 1
    english, french = mails_to(smtp_server, ann_user.email)[0], mails_to(smtp_server, bob_user.email)[0]
    assert english["Subject"] == f"Your turn in Counting race #{game.code}"
    with translation.override("fr"):  # the site's French catalogue (locale/fr), whatever it says today
        french_subject = gettext("Your turn in %(game)s #%(code)s") % {"game": gettext("Counting race"), "code": game.code}
        french_hello = gettext("Hello %(name)s,") % {"name": "bob"}
    assert french["Subject"] == french_subject and french["Content-Language"] == "fr"
    assert english["Content-Language"] == "en" and '<html lang="fr">' in french.get_body(("html",)).get_content()
    assert french["From"] == "Card tables <tables@example.test>"
    for message in (english, french):
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        unsubscribe = message["List-Unsubscribe"].strip().strip("<>")
        assert unsubscribe.startswith("http://tables.example.test/notifications/unsubscribe/")
        text = message.get_body(("plain",)).get_content()
        assert f"http://tables.example.test/games/{game.code}/" in text and unsubscribe in text
        assert message.get_body(("html",)) is not None
    assert french_hello in french.get_body(("plain",)).get_content()


def test_the_one_click_unsubscribe_of_a_mail_stops_that_kind_of_mail(ann, bob, smtp_server):
    with_address(ann)
    with_address(bob)
    game = turn_based_game(ann, bob)
    first = seat_to_act(game, ann, bob)
    link = smtp_server[0]["message"]["List-Unsubscribe"].strip().strip("<>")
    # A mail client's one-click POST (RFC 8058): no session, no CSRF token.
    client = Client(enforce_csrf_checks=True)
    answer = client.post(urlsplit(link).path, data="List-Unsubscribe=One-Click",
                         content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 200
    preference = NotificationPreference.objects.get(user_id=first.user_id, kind=Kind.YOUR_TURN)
    assert preference.email is False and preference.enabled is True
    # The next "your turn" of that player is in the menu, not in the mailbox.
    second = bob if first == ann else ann
    game = play(game, first)
    before = len(smtp_server)
    play(game, second)
    assert len(smtp_server) == before
    assert Notification.objects.filter(user_id=first.user_id, kind=Kind.YOUR_TURN).count() == 2


def test_one_your_turn_mail_per_game_per_hour_and_never_twice(ann, bob, smtp_server, settings):
    ann_user = with_address(ann)
    with_address(bob)
    game = turn_based_game(ann, bob)
    for _ in range(4):  # both players move twice: two "your turn" for each
        game = play(game, seat_to_act(game, ann, bob))
    assert len(mails_to(smtp_server, ann_user.email)) == 1
    statuses = list(Notification.objects.filter(user_id=ann.user_id, kind=Kind.YOUR_TURN)
                    .order_by("id").values_list("email_status", flat=True))
    assert statuses[0] == "sent" and set(statuses[1:]) == {"throttled"}
    # The job run again for a sent mail (a retried task) sends nothing.
    first = Notification.objects.filter(user_id=ann.user_id, kind=Kind.YOUR_TURN).order_by("id").first()
    assert send_email(first.pk) == "sent"
    assert len(mails_to(smtp_server, ann_user.email)) == 1
    # An hour later, the next turn is mailed again.
    Notification.objects.filter(pk=first.pk).update(email_sent_at=first.email_sent_at - timedelta(hours=1, seconds=1))
    for _ in range(2):
        game = play(game, seat_to_act(game, ann, bob))
    assert len(mails_to(smtp_server, ann_user.email)) == 2


def test_a_failing_smtp_server_marks_the_mail_failed_and_leaves_the_game_alone(ann, bob, settings, smtp_server):
    with_address(ann)
    with_address(bob)
    settings.EMAIL_PORT = 1  # nothing listens there
    game = turn_based_game(ann, bob)
    assert smtp_server == []
    notification = Notification.objects.get(kind=Kind.YOUR_TURN)
    assert notification.email_status == "failed" and game.status == "playing"
