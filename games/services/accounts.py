"""Guests and accounts: play under a nickname without signing up, and keep a guest as an account later."""
import re

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games.accounts.services import register_email
from games.identity import GUEST_SESSION_KEY
from games.language import save_language
from games.models import ChatMessage, Game, Guest, Seat
from games.rate_limits import parse_rate, take_one
from games.signals import guest_kept

from games.errors import BadRequest, TooManyGuests

NICKNAME = re.compile(r"^[\w .'-]{2,24}$")


def clean_nickname(nickname):
    nickname = " ".join(str(nickname or "").split())
    if not NICKNAME.match(nickname):
        raise BadRequest(_("A nickname is 2 to 24 letters, digits, spaces, dots, dashes or apostrophes."))
    return nickname


def create_guest(nickname):
    """A new guest named `nickname` (BadRequest for a nickname the guest form would refuse)."""
    return Guest.objects.create(nickname=clean_nickname(nickname))


def count_new_guest(client):
    """Count one more guest made from the client address `client` (GAMES_GUEST_RATE, shared by the guest form,
    the join page and the API); TooManyGuests, with the seconds to `wait`, when that is one too many."""
    wait = take_one("guest", client or "unknown", parse_rate(settings.GAMES_GUEST_RATE, "GAMES_GUEST_RATE"))
    if wait:
        raise TooManyGuests(_("Too many guests were created from your address."), wait=wait)


def become_guest(session, nickname):
    """Create a guest for this browser session (replacing an earlier guest of the session)."""
    guest = create_guest(nickname)
    session[GUEST_SESSION_KEY] = guest.pk
    return guest


def forget_guest(session):
    session.pop(GUEST_SESSION_KEY, None)


@transaction.atomic
def keep_guest_as_account(guest, *, username, password, email, language=None, link_base="http://localhost"):
    """Turn a guest into a user: seats, hosted games, chat messages (and, through `games.signals.guest_kept`, the
    statistics) move to the new account, whose address is mailed its confirmation link (games.accounts)."""
    if guest.user_id is not None:
        raise BadRequest(_("This guest is already an account."))
    # The guest's games first, then their seats: the order a move locks them in (games/fastsql.py), so
    # that a move at this moment waits instead of deadlocking.
    theirs = Game.objects.filter(Q(seats__guest=guest) | Q(host_guest=guest)).values("pk")
    list(Game.objects.select_for_update().filter(pk__in=theirs).order_by("pk").values_list("pk"))
    user = get_user_model().objects.create_user(username=username, password=password)
    if language:
        save_language(user, language)
    register_email(user, email, link_base=link_base, language=language)
    guest.user = user
    guest.save(update_fields=["user"])
    Seat.objects.filter(guest=guest).update(user=user, guest=None)
    Game.objects.filter(host_guest=guest).update(host_user=user, host_guest=None)
    ChatMessage.objects.filter(guest=guest).update(user=user, guest=None)
    # A guest the host removed from a lobby stays removed under the new account.
    for game in Game.objects.filter(status=Game.Status.LOBBY).only("pk", "kicked"):
        if f"g:{guest.pk}" in game.kicked:
            game.kicked = [*game.kicked, f"u:{user.pk}"]
            game.save(update_fields=["kicked"])
    guest_kept.send(sender=Guest, guest=guest, user=user)
    return user

