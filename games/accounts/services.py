"""Writes about accounts' addresses: sign up with one, confirm it, change it, send the confirmation again.

Mails leave after the transaction commits (`transaction.on_commit`), so a refused write mails nobody.
"""
from functools import partial

from axes.utils import reset as reset_login_failures
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import BaseUserManager
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _, ngettext

from games.accounts.mails import mail_language, send_confirmation_mail
from games.accounts.models import AccountEmail
from games.accounts.selectors import email_taken
from games.accounts.tokens import BadLink, confirmation_token, read_confirmation_token
from games.errors import BadRequest
from games.language import save_language
from games.rate_limits import parse_rate, take_one

CONFIRMED = "confirmed"                    # do_confirm_email: the address is confirmed now
ALREADY_CONFIRMED = "already_confirmed"    # ... it was already (a link used twice)


def normalize_email(email):
    return BaseUserManager.normalize_email(str(email or "").strip())


def taken_error():
    return BadRequest(_("This e-mail address is already used by another account."), code="email_taken")


def confirmation_link(link_base, user, email):
    return link_base.rstrip("/") + reverse("confirm-email", kwargs={"token": confirmation_token(user.pk, email)})


def count_confirmation_mail(user):
    """Refuse (BadRequest "rate_limited", with `wait` seconds) past GAMES_CONFIRMATION_MAIL_RATE for this account."""
    wait = take_one("confirmation-mail", str(user.pk),
                    parse_rate(settings.GAMES_CONFIRMATION_MAIL_RATE, "GAMES_CONFIRMATION_MAIL_RATE"))
    if wait:
        minutes = -(-wait // 60)
        raise BadRequest(ngettext("Too many confirmation mails for this account: try again in %(minutes)d minute.",
                                  "Too many confirmation mails for this account: try again in %(minutes)d minutes.",
                                  minutes) % {"minutes": minutes}, code="rate_limited", wait=wait)


def queue_confirmation_mail(user, email, *, link_base, language, change=False):
    transaction.on_commit(partial(send_confirmation_mail, user=user, email=email, change=change,
                                  link=confirmation_link(link_base, user, email), language=mail_language(user, language)))


def register_email(user, email, *, link_base, language):
    """Give a new account its address (unconfirmed) and mail it the confirmation link; inside the caller's
    transaction."""
    email = normalize_email(email)
    if email_taken(email, except_user=user):
        raise taken_error()
    user.email = email
    user.save(update_fields=["email"])
    try:
        with transaction.atomic():
            AccountEmail.objects.create(user=user, email=email)
    except IntegrityError:   # the same address signed up a moment ago
        raise taken_error()
    count_confirmation_mail(user)
    queue_confirmation_mail(user, email, link_base=link_base, language=language)


@transaction.atomic
def do_sign_up(*, username, email, password, language, link_base):
    """A new account with its address to confirm; the page's language becomes the account's."""
    try:
        with transaction.atomic():
            user = get_user_model().objects.create_user(username=username, password=password)
    except IntegrityError:
        raise BadRequest(_("A user with that username already exists."), code="username_taken")
    save_language(user, language)
    register_email(user, email, link_base=link_base, language=language)
    return user


@transaction.atomic
def do_send_confirmation(user, *, link_base, language=None):
    """Mail the link again: to the new address waiting for confirmation, else to the unconfirmed one. Returns the
    address, or None when there is nothing to confirm."""
    row = AccountEmail.objects.select_for_update().filter(user=user).first()
    if row is None:
        return None
    if row.pending_email:
        address, change = row.pending_email, True
    elif not row.confirmed_at:
        address, change = row.email, False
    else:
        return None
    count_confirmation_mail(user)
    queue_confirmation_mail(user, address, link_base=link_base, language=language, change=change)
    return address


@transaction.atomic
def do_confirm_email(token):
    """Confirm the address of a link: CONFIRMED, or ALREADY_CONFIRMED for a link used twice; BadLink,
    ExpiredLink (games.accounts.tokens) or BadRequest (the address is no longer the account's, or another account
    took it meanwhile)."""
    user_id, email = read_confirmation_token(token)
    row = AccountEmail.objects.select_for_update().filter(user_id=user_id).select_related("user").first()
    if row is None:
        raise BadLink()
    if row.email.lower() == email.lower():
        if row.confirmed_at:
            return ALREADY_CONFIRMED
        row.confirmed_at = timezone.now()
        row.save(update_fields=["confirmed_at"])
        return CONFIRMED
    if not row.pending_email or row.pending_email.lower() != email.lower():
        raise BadRequest(_("This link is for an address that is no longer on the account."), code="stale_link")
    if email_taken(row.pending_email, except_user=row.user):
        raise taken_error()
    row.email, row.pending_email, row.pending_since, row.confirmed_at = row.pending_email, "", None, timezone.now()
    try:
        with transaction.atomic():
            row.save(update_fields=["email", "pending_email", "pending_since", "confirmed_at"])
    except IntegrityError:
        raise taken_error()
    row.user.email = row.email
    row.user.save(update_fields=["email"])
    return CONFIRMED


@transaction.atomic
def do_change_email(user, email, *, link_base, language=None):
    """A new address for the account. While the current one is confirmed it stays in use and the new one waits
    for its own confirmation; an unconfirmed (or missing) one is replaced at once. Either way the new address is
    mailed a link. Returns the AccountEmail row."""
    email = normalize_email(email)
    user = get_user_model().objects.select_for_update().get(pk=user.pk)
    row = AccountEmail.objects.select_for_update().filter(user=user).first()
    if row is not None and row.email.lower() == email.lower():
        if row.pending_email:   # back to the current address: the change is dropped
            row.pending_email, row.pending_since = "", None
            row.save(update_fields=["pending_email", "pending_since"])
        return row
    if email_taken(email, except_user=user):
        raise taken_error()
    count_confirmation_mail(user)
    if row is not None and row.confirmed_at:
        row.pending_email, row.pending_since = email, timezone.now()
        row.save(update_fields=["pending_email", "pending_since"])
        queue_confirmation_mail(user, email, link_base=link_base, language=language, change=True)
        return row
    if row is None:
        row = AccountEmail(user=user)
    row.email, row.confirmed_at, row.pending_email, row.pending_since = email, None, "", None
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        raise taken_error()
    user.email = email
    user.save(update_fields=["email"])
    queue_confirmation_mail(user, email, link_base=link_base, language=language)
    return row


@transaction.atomic
def do_after_password_reset(user):
    """A password reset through the mailed link: the address that received it is confirmed, and the failed logins
    counted against the account (django-axes) are forgotten, so the new password works at once."""
    row = AccountEmail.objects.select_for_update().filter(user=user).first()
    if row is not None and not row.confirmed_at and user.email and row.email.lower() == user.email.lower():
        row.confirmed_at = timezone.now()
        row.save(update_fields=["confirmed_at"])
    reset_login_failures(username=user.get_username())
