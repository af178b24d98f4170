"""Reads about accounts' addresses: is it confirmed, where may the site write to this user."""
from django.contrib.auth import get_user_model

from games.accounts.models import AccountEmail


def account_email(user):
    """The user's AccountEmail row, or None (an account made before addresses, or by the admin)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return AccountEmail.objects.filter(user=user).first()


def email_confirmed(user) -> bool:
    """True when the user confirmed the address their account has now (`User.email`)."""
    row = account_email(user)
    return bool(row and row.confirmed_at and user.email and row.email.lower() == user.email.lower())


def notification_address(user):
    """The address notification mails may go to: the confirmed one, else None (unconfirmed accounts get none)."""
    return user.email if email_confirmed(user) else None


def email_taken(email, *, except_user=None) -> bool:
    """True when another account has this address, whatever its case (an address another account only asked to
    change to does not count: it is checked again when that change is confirmed)."""
    others = AccountEmail.objects.all()
    users = get_user_model().objects.all()
    if except_user is not None:
        others = others.exclude(user=except_user)
        users = users.exclude(pk=except_user.pk)
    return others.filter(email__iexact=email).exists() or users.filter(email__iexact=email).exists()
