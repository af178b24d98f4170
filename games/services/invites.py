"""Inviting a registered player by name to a lobby: they get an `invited` notification with the join link.

Anyone seated at the lobby may invite; each player once per game, at most MAX_INVITES_PER_GAME per game and
MAX_INVITES_PER_HOUR per inviter. Every refusal says why and changes nothing.
"""
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import BadRequest, LobbyFull, NotAllowed
from games.models import Game, GameInvite, Seat
from games.notifications.services import notify_invite

from games.services.common import lock_game, require_identity, require_seat, require_status

MAX_INVITES_PER_GAME = 10
MAX_INVITES_PER_HOUR = 20
MAX_USERNAME = 150
MAX_MESSAGE = 200  # the referee API's bound on volity.invite_player's message (games/rpc/protocol.py)


def _invitee(username):
    if not isinstance(username, str) or not username.strip() or len(username) > MAX_USERNAME:
        raise BadRequest(_("Type the name of a registered player."), code="unknown_player")
    name = username.strip()
    users = get_user_model().objects.filter(username__iexact=name, is_active=True)
    user = users.filter(username=name).first() or users.first()
    if user is None:
        raise BadRequest(_("There is no registered player named %(name)s.") % {"name": name}, code="unknown_player")
    return user


def _invite_message(message):
    """The message on one line, without control characters; refused when it is not text or too long."""
    if message is None:
        return ""
    if not isinstance(message, str) or len(message) > MAX_MESSAGE:
        raise BadRequest(_("An invitation's message is text of at most %(most)d characters.") % {"most": MAX_MESSAGE},
                         code="bad_message")
    return " ".join("".join(ch if ch.isprintable() else " " for ch in message).split())


@transaction.atomic
def do_invite_player(game, inviter_identity, username, message=""):
    """`inviter_identity`, seated at the lobby `game` (a Game or its id), invites the registered player `username`, with
    an optional short `message` shown in the invitation; returns the GameInvite. GameError (a clear message) when the game is not a lobby, the inviter not seated, the name
    unknown, the player already seated or invited, the lobby full or too many invitations sent."""
    require_identity(inviter_identity)
    message = _invite_message(message)
    game = lock_game(getattr(game, "pk", game), with_rules=False)
    require_status(game, Game.Status.LOBBY, message=_("Players can be invited only while the game is in its lobby."))
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    require_seat(seats, inviter_identity, _("Only the players seated at this game can invite others."))
    invitee = _invitee(username)
    if any(s.user_id == invitee.pk for s in seats):
        raise BadRequest(_("%(name)s is already seated at this game.") % {"name": invitee.username}, code="already_seated")
    if f"u:{invitee.pk}" in game.kicked:
        raise NotAllowed(_("%(name)s was removed from this game.") % {"name": invitee.username}, code="removed")
    if len(seats) >= game.max_players:
        raise LobbyFull(_("This game is full."))
    if GameInvite.objects.filter(game=game, invitee=invitee).exists():
        raise BadRequest(_("%(name)s is already invited.") % {"name": invitee.username}, code="already_invited")
    if GameInvite.objects.filter(game=game).count() >= MAX_INVITES_PER_GAME:
        raise NotAllowed(_("Too many invitations for this game (%(most)d at most).") % {"most": MAX_INVITES_PER_GAME},
                         code="too_many_invites")
    since = timezone.now() - timedelta(hours=1)
    if GameInvite.objects.filter(inviter_key=inviter_identity.key, created_at__gte=since).count() >= MAX_INVITES_PER_HOUR:
        raise NotAllowed(_("You sent too many invitations: try again in an hour."), code="too_many_invites")
    invite = GameInvite.objects.create(game=game, invitee=invitee, inviter_key=inviter_identity.key,
                                       inviter_name=inviter_identity.name[:40])
    notify_invite(invite, message)
    return invite
