"""Accounts with an e-mail address: sign-up, confirmation links, the settings page, password reset by mail, the
limits on each, and a guest kept as an account with all their games and results (games/accounts/)."""
import re
import time
from unittest import mock

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import override_settings
from django.urls import reverse

from games import services
from games.accounts.models import AccountEmail
from games.accounts.selectors import email_confirmed, notification_address
from games.identity import Identity
from games.models import ChatMessage, Game, Guest, LanguagePreference, Seat
from stats.models import PlayerResult

pytestmark = pytest.mark.django_db
PASSWORD = "Tab1e-Top!"
LINK = re.compile(r"https?://testserver(/accounts/[^\s\"<]+)")


@pytest.fixture(autouse=True)
def fresh_counters(commit_hooks):   # commit_hooks: the mails leave when a service's transaction ends
    caches["limits"].clear()
    yield
    caches["limits"].clear()


def sign_up(client, username="nina", email="nina@example.com", **extra):
    return client.post(reverse("signup"), {"username": username, "email": email, "password1": PASSWORD,
                                           "password2": PASSWORD}, **extra)


def link_in(message):
    return LINK.search(message.body).group(1)


def html_of(message):
    return next(content for content, kind in message.alternatives if kind == "text/html")


@pytest.fixture
def nina(client, mailoutbox):
    """A signed-up account (logged in on `client`), its confirmation mail read and emptied."""
    assert sign_up(client).status_code == 302
    user = get_user_model().objects.get(username="nina")
    user.confirmation_path = link_in(mailoutbox[0])
    mailoutbox.clear()
    return user


# Sign-up

def test_sign_up_asks_an_address_and_mails_a_link_to_confirm_it(client, mailoutbox):
    response = sign_up(client, email="Nina@Example.COM")
    assert response.status_code == 302 and client.session["_auth_user_id"]
    user = get_user_model().objects.get(username="nina")
    assert user.email == "Nina@example.com" and AccountEmail.objects.get(user=user).email == "Nina@example.com"
    assert not email_confirmed(user) and notification_address(user) is None
    [mail] = mailoutbox
    assert mail.to == ["Nina@example.com"] and "Confirm your e-mail address" in mail.subject
    assert "Hello nina," in mail.body and link_in(mail).startswith("/accounts/confirm/")
    assert link_in(mail) in html_of(mail)
    page = client.get(reverse("games:list")).content.decode()
    assert "We sent a confirmation link to Nina@example.com" in page and "unconfirmed-dot" in page


@pytest.mark.parametrize("email, error", [
    ("", "This field is required."),
    ("nina@", "Enter a valid email address."),
    ("nina at example.com", "Enter a valid email address."),
    ("TAKEN@example.com", "This e-mail address is already used by another account."),
    ("taken@EXAMPLE.COM", "This e-mail address is already used by another account."),
])
def test_a_missing_bad_or_taken_address_is_refused_clearly_and_creates_nothing(client, mailoutbox, email, error):
    assert sign_up(client, username="first", email="Taken@example.com").status_code == 302
    client.post(reverse("logout"))
    mailoutbox.clear()
    response = sign_up(client, email=email)
    assert response.status_code == 200
    page = response.content.decode()
    assert error.replace("'", "&#x27;") in page and 'class="field has-errors"' in page
    assert not get_user_model().objects.filter(username="nina").exists() and mailoutbox == []


def test_an_address_given_only_to_the_admin_is_taken_too(client, django_user_model, mailoutbox):
    django_user_model.objects.create_user("old", email="Old@Example.com", password=PASSWORD)
    assert sign_up(client, email="old@example.com").status_code == 200
    assert mailoutbox == []


def test_sign_up_keeps_the_pages_language_for_the_account_and_its_mail(client, mailoutbox):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    sign_up(client)
    user = get_user_model().objects.get(username="nina")
    assert LanguagePreference.objects.get(user=user).language == "fr"
    assert '<html lang="fr">' in html_of(mailoutbox[0])


@override_settings(GAMES_SIGNUP_RATE="2/hour")
def test_sign_ups_are_limited_per_client_address(client, mailoutbox):
    for n in range(2):
        assert sign_up(client, username=f"user{n}", email=f"user{n}@example.com").status_code == 302
        client.post(reverse("logout"))
    refused = sign_up(client, username="user3", email="user3@example.com")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert 'id="too-many"' in refused.content.decode()
    assert not get_user_model().objects.filter(username="user3").exists() and len(mailoutbox) == 2
    other = sign_up(client, username="user4", email="user4@example.com", REMOTE_ADDR="192.0.2.7")
    assert other.status_code == 302


# Confirmation links

def test_the_link_confirms_the_address_once_then_says_it_is_done(client, nina):
    client.post(reverse("logout"))   # the link needs no login
    response = client.get(nina.confirmation_path)
    assert response.status_code == 200 and "your e-mail address is confirmed" in response.content.decode()
    nina.refresh_from_db()
    assert email_confirmed(nina) and notification_address(nina) == "nina@example.com"
    again = client.get(nina.confirmation_path)
    assert again.status_code == 200 and "already confirmed" in again.content.decode()


def test_a_tampered_link_is_refused(client, nina):
    path = nina.confirmation_path
    token = path.rstrip("/").rsplit("/", 1)[1]
    value, stamp, signature = token.rsplit(":", 2)
    forged = "".join(reversed(value))
    for bad in (f"{forged}:{stamp}:{signature}", f"{value}:{stamp}:{signature[:-2]}xx", "nonsense"):
        response = client.get(reverse("confirm-email", args=[bad]))
        assert response.status_code == 400 and "This link is not valid" in response.content.decode()
    assert not email_confirmed(nina)


def test_an_expired_link_is_refused_and_a_new_one_works(client, nina, mailoutbox):
    nina.email_before = nina.email
    with mock.patch("django.core.signing.time.time", return_value=time.time() - 8 * 86400):
        client.post(reverse("resend-confirmation"))
    old_path = link_in(mailoutbox[-1])
    response = client.get(old_path)
    assert response.status_code == 400 and "This link has expired" in response.content.decode()
    assert not email_confirmed(nina)
    assert client.get(nina.confirmation_path).status_code == 200   # the sign-up's link, still in time
    assert email_confirmed(nina)


def test_the_confirmation_mail_can_be_sent_again_a_few_times_only(client, nina, mailoutbox):
    page = client.get(reverse("resend-confirmation")).content.decode()
    assert "not confirmed" in page and 'id="resend-button"' in page
    # The sign-up's mail counts: GAMES_CONFIRMATION_MAIL_RATE is 3 an hour.
    assert [client.post(reverse("resend-confirmation")).status_code for _ in range(2)] == [302, 302]
    assert len(mailoutbox) == 2 and mailoutbox[1].to == ["nina@example.com"]
    refused = client.post(reverse("resend-confirmation"))
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many confirmation mails" in refused.content.decode() and len(mailoutbox) == 2
    assert client.get(link_in(mailoutbox[1])).status_code == 200 and email_confirmed(nina)


def test_resending_needs_a_login_and_a_confirmed_address_gets_nothing(client, nina, mailoutbox):
    client.get(nina.confirmation_path)
    response = client.post(reverse("resend-confirmation"), follow=True)
    assert "Your address is already confirmed." in response.content.decode() and mailoutbox == []
    client.post(reverse("logout"))
    assert client.post(reverse("resend-confirmation")).url.startswith(reverse("login"))


# The settings page

def test_the_settings_page_needs_a_login(client):
    assert client.get(reverse("account-settings")).url.startswith(reverse("login"))


def test_a_confirmed_address_stays_until_the_new_one_is_confirmed(client, nina, mailoutbox):
    client.get(nina.confirmation_path)
    response = client.post(reverse("account-settings"), {"form": "email", "email-email": "Nina.New@Example.com",
                                                          "email-password": PASSWORD})
    assert response.status_code == 302
    nina.refresh_from_db()
    assert nina.email == "nina@example.com" and email_confirmed(nina)
    [mail] = mailoutbox
    assert mail.to == ["Nina.New@example.com"] and "use this address for your account" in mail.body
    page = client.get(reverse("account-settings")).content.decode()
    assert 'id="pending-email"' in page and "Nina.New@example.com" in page
    assert client.get(link_in(mail)).status_code == 200
    nina.refresh_from_db()
    assert nina.email == "Nina.New@example.com" and email_confirmed(nina)
    assert client.get(nina.confirmation_path).status_code == 400   # the old address's link is stale now


def test_an_unconfirmed_address_is_replaced_at_once(client, nina, mailoutbox):
    client.post(reverse("account-settings"), {"form": "email", "email-email": "typo-fixed@example.com",
                                              "email-password": PASSWORD})
    nina.refresh_from_db()
    assert nina.email == "typo-fixed@example.com" and not email_confirmed(nina)
    assert mailoutbox[0].to == ["typo-fixed@example.com"]
    response = client.get(nina.confirmation_path)
    assert response.status_code == 400 and "no longer on the account" in response.content.decode()
    client.get(link_in(mailoutbox[0]))
    assert email_confirmed(nina)


@pytest.mark.parametrize("data, error", [
    ({"email-email": "new@example.com", "email-password": "wrong"}, "Your password was entered incorrectly."),
    ({"email-email": "OTHER@example.com", "email-password": PASSWORD},
     "This e-mail address is already used by another account."),
    ({"email-email": "not an address", "email-password": PASSWORD}, "Enter a valid email address."),
])
def test_a_refused_address_change_says_why_and_changes_nothing(client, nina, mailoutbox, django_user_model, data,
                                                               error):
    django_user_model.objects.create_user("other", email="other@example.com")
    response = client.post(reverse("account-settings"), {"form": "email", **data})
    assert response.status_code == 400 and error in response.content.decode()
    assert AccountEmail.objects.get(user=nina).pending_email == "" and mailoutbox == []
    nina.refresh_from_db()
    assert nina.email == "nina@example.com"


def test_the_password_is_changed_on_the_settings_page_and_the_session_stays(client, nina):
    wrong = client.post(reverse("account-settings"), {"form": "password", "password-old_password": "nope",
                                                      "password-new_password1": "An0ther-Pass",
                                                      "password-new_password2": "An0ther-Pass"})
    assert wrong.status_code == 400 and "Your old password was entered incorrectly" in wrong.content.decode()
    done = client.post(reverse("account-settings"), {"form": "password", "password-old_password": PASSWORD,
                                                     "password-new_password1": "An0ther-Pass",
                                                     "password-new_password2": "An0ther-Pass"}, follow=True)
    assert "Your password was changed." in done.content.decode()
    assert client.session["_auth_user_id"] == str(nina.pk)
    nina.refresh_from_db()
    assert nina.check_password("An0ther-Pass")


def test_an_address_changed_behind_the_sites_back_is_not_confirmed(nina, client):
    client.get(nina.confirmation_path)
    nina.email = "admin-typed@example.com"
    nina.save()
    assert not email_confirmed(nina) and notification_address(nina) is None


# Password reset

def reset_path(mail):
    return re.search(r"https?://testserver(/accounts/password/reset/[^\s\"<]+)", mail.body).group(1)


def test_password_reset_end_to_end(client, nina, mailoutbox):
    client.post(reverse("logout"))
    response = client.post(reverse("password_reset"), {"email": "NINA@example.com"})
    assert response.status_code == 302 and response.url == reverse("password_reset_done")
    [mail] = mailoutbox
    assert mail.to == ["nina@example.com"] and "Reset your password" in mail.subject
    assert "Hello nina," in mail.body and reset_path(mail) in html_of(mail)
    form = client.get(reset_path(mail), follow=True)
    assert 'name="new_password1"' in form.content.decode() and "For the account nina." in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "Fresh-Start-7", "new_password2": "Fresh-Start-7"})
    assert done.status_code == 302 and done.url == reverse("password_reset_complete")
    assert client.post(reverse("login"), {"username": "nina", "password": "Fresh-Start-7"}).status_code == 302
    nina.refresh_from_db()
    assert email_confirmed(nina)   # the mail reached the address
    client.post(reverse("logout"))
    used = client.get(reset_path(mail), follow=True)
    assert 'id="reset-link-invalid"' in used.content.decode()


def test_the_reset_mail_is_in_the_users_language(client, nina, mailoutbox):
    LanguagePreference.objects.update_or_create(user=nina, defaults={"language": "fr"})
    client.post(reverse("logout"))
    client.post(reverse("password_reset"), {"email": "nina@example.com"}, HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="fr">' in html_of(mailoutbox[0])


def test_reset_says_the_same_whether_the_address_has_an_account_or_not(client, nina, mailoutbox):
    client.post(reverse("logout"))
    known = client.post(reverse("password_reset"), {"email": "nina@example.com"})
    unknown = client.post(reverse("password_reset"), {"email": "nobody@example.com"})
    assert (known.status_code, known.url) == (unknown.status_code, unknown.url)
    assert [m.to for m in mailoutbox] == [["nina@example.com"]]
    page = client.get(known.url).content.decode()
    assert "If an account has this address" in page


def test_reset_mails_are_limited_per_address_without_saying_so(client, nina, mailoutbox):
    client.post(reverse("logout"))
    answers = [client.post(reverse("password_reset"), {"email": "nina@example.com"}) for _ in range(5)]
    assert {(a.status_code, a.url) for a in answers} == {(302, reverse("password_reset_done"))}
    assert len(mailoutbox) == 3   # GAMES_PASSWORD_RESET_MAIL_RATE: 3 an hour


@override_settings(GAMES_PASSWORD_RESET_RATE="2/hour")
def test_reset_requests_are_limited_per_client_address(client, mailoutbox):
    for n in range(2):
        assert client.post(reverse("password_reset"), {"email": f"x{n}@example.com"}).status_code == 302
    refused = client.post(reverse("password_reset"), {"email": "x3@example.com"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many password resets" in refused.content.decode()
    assert client.post(reverse("password_reset"), {"email": "x4@example.com"},
                       REMOTE_ADDR="192.0.2.9").status_code == 302


@override_settings(AXES_FAILURE_LIMIT=3)
def test_a_locked_out_account_resets_its_password_and_logs_in_at_once(client, nina, mailoutbox):
    client.post(reverse("logout"))
    for n in range(3):
        client.post(reverse("login"), {"username": "nina", "password": f"wrong-{n}"})
    locked = client.post(reverse("login"), {"username": "nina", "password": PASSWORD})
    assert locked.status_code == 429 and reverse("password_reset") in locked.content.decode()
    client.post(reverse("password_reset"), {"email": "nina@example.com"})
    form = client.get(reset_path(mailoutbox[0]), follow=True)
    client.post(form.redirect_chain[-1][0], {"new_password1": "Fresh-Start-7", "new_password2": "Fresh-Start-7"})
    assert not AccessAttempt.objects.filter(username="nina").exists()
    assert client.post(reverse("login"), {"username": "nina", "password": "Fresh-Start-7"}).status_code == 302


def test_a_reset_request_is_not_a_way_around_the_lockout(client, nina, mailoutbox):
    """Asking for a reset changes nothing until the mailed link is used: the password stays, nobody is logged in."""
    client.post(reverse("logout"))
    client.post(reverse("password_reset"), {"email": "nina@example.com"})
    assert "_auth_user_id" not in client.session
    nina.refresh_from_db()
    assert nina.check_password(PASSWORD)


# A guest kept as an account

def test_a_kept_guest_gives_an_address_and_keeps_games_chat_and_results(client, mailoutbox):
    client.post(reverse("guest"), {"nickname": "Lou"})
    guest = Guest.objects.get()
    lou = Identity(guest_id=guest.pk, name="Lou")
    hosted = services.create_game(host=lou, ruleset_slug="counting", options={"target": 10}, public=True,
                                  min_players=2, max_players=2, turn_seconds=0)
    services.post_chat(game_id=hosted.pk, identity=lou, text="hello")
    finished = Game.objects.create(ruleset="counting", min_players=2, max_players=2, status=Game.Status.FINISHED)
    Seat.objects.create(game=finished, position=0, guest=guest, name="Lou")
    PlayerResult.objects.create(game=finished, seat=0, order=1, players=2, guest=guest, name="Lou", won=True,
                                turns=7, extensions="base")
    missing = client.post(reverse("keep-guest"), {"username": "lou", "password1": PASSWORD, "password2": PASSWORD})
    assert missing.status_code == 200 and "This field is required." in missing.content.decode()
    response = client.post(reverse("keep-guest"), {"username": "lou", "email": "lou@example.com",
                                                   "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    user = get_user_model().objects.get(username="lou")
    assert user.email == "lou@example.com" and not email_confirmed(user)
    assert Game.objects.get(pk=hosted.pk).host_user == user
    assert set(Seat.objects.filter(user=user).values_list("game_id", flat=True)) == {hosted.pk, finished.pk}
    assert ChatMessage.objects.get().user == user
    result = PlayerResult.objects.get()
    assert result.user == user and result.guest is None
    assert mailoutbox[0].to == ["lou@example.com"]
    client.get(link_in(mailoutbox[0]))
    assert email_confirmed(user)


def test_a_guest_cannot_take_an_address_already_used(client, django_user_model, mailoutbox):
    django_user_model.objects.create_user("ann", email="ann@example.com")
    client.post(reverse("guest"), {"nickname": "Lou"})
    response = client.post(reverse("keep-guest"), {"username": "lou", "email": "ANN@example.com",
                                                   "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 200 and "already used by another account" in response.content.decode()
    assert Guest.objects.get().user is None and mailoutbox == []
