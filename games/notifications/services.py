"""Telling players things: `do_notify` stores a notification once and, after the commit, updates the
player's unread count on their open pages and hands it to each channel the player wants (CHANNEL_SENDERS).

The events that notify are here too, each called from the one place where it happens: a turn-based game
waiting for a player (games/services/play.py and start.py), a finished game (the `game_finished` signal,
games/notifications/receivers.py), a rematch offered (games/services/rematch.py) and an invitation
(games/services/invites.py).
"""
import logging
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import broadcast
from games.accounts.selectors import notification_address
from games.language import saved_language
from games.models import Game
from games.ratings.selectors import rating_changes
from games.scheduling import dispatch_on_commit
from games.webpush.services import do_send_push

from games.notifications.models import Channel, Kind, Notification, NotificationPreference
from games.notifications.selectors import (
    absolute, describe, game_name, notifications_group, preference_of, preferences_of, unread_count,
)

log = logging.getLogger(__name__)

SEND_EMAIL = "games.notifications.tasks.send_notification_email"
SEND_PUSH = "games.notifications.tasks.send_notification_push"
UNSUBSCRIBE_SALT = "games.notifications.unsubscribe"


class BadUnsubscribeLink(Exception):
    """An unsubscribe link that was not signed by this site, or names nothing known."""


# ---- the dispatcher -----------------------------------------------------------------------------------------

def queue_email(notification):
    """Only to players with a confirmed address; sent once, by a Celery job after the commit (send_email)."""
    if not notification_address(notification.user):
        return
    Notification.objects.filter(pk=notification.pk).update(email_status=Notification.EmailStatus.QUEUED)
    notification.email_status = Notification.EmailStatus.QUEUED
    dispatch_on_commit(SEND_EMAIL, notification.pk)


def queue_push(notification):
    """Web Push to the player's subscribed browsers, by a Celery job after the commit (send_push)."""
    dispatch_on_commit(SEND_PUSH, notification.pk)


# Each channel a player may choose beside the site's menu, and what sends a new notification there.
CHANNEL_SENDERS = {Channel.EMAIL: queue_email, Channel.PUSH: queue_push}


def do_notify(*, user, kind, game=None, data=None, dedupe_key=None):
    """Tell `user` about `kind` (a models.Kind); returns the new Notification, or None when the user turned
    this kind off or the event (`dedupe_key`) was already notified. Call inside the event's transaction."""
    preference = preference_of(user, kind)
    if not preference.enabled:
        return None
    try:
        with transaction.atomic():  # a savepoint: a duplicate key leaves the caller's transaction usable
            notification = Notification.objects.create(user=user, kind=kind, game=game, data=data or {},
                                                       dedupe_key=dedupe_key)
    except IntegrityError:
        if dedupe_key and Notification.objects.filter(user=user, dedupe_key=dedupe_key).exists():
            return None
        raise
    announce_unread(user.pk)
    for channel, send in CHANNEL_SENDERS.items():
        if preference.wants(channel):
            send(notification)
    return notification


def announce_unread(user_id):
    """After commit: the user's open pages show their new unread count."""
    def send():
        broadcast.publish(notifications_group(user_id), {"type": "notifications.count", "unread": unread_count(user_id)})

    broadcast.after_commit(send, "the unread notifications count")


# ---- reading ------------------------------------------------------------------------------------------------

def mark_read(user, ids=None):
    """Mark the user's notifications `ids` (all unread ones when None) read; returns the unread count left."""
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        unread = unread.filter(pk__in=ids)
    if unread.update(read_at=timezone.now()):
        announce_unread(user.pk)
    return unread_count(user.pk)


def save_preferences(user, choices):
    """`choices`: {kind: {"enabled": bool, "email": bool, "push": bool}} for every kind."""
    with transaction.atomic():
        for kind in Kind.values:
            chosen = choices.get(kind, {})
            NotificationPreference.objects.update_or_create(user=user, kind=kind, defaults={
                "enabled": bool(chosen.get("enabled")), "email": bool(chosen.get("email")),
                "push": bool(chosen.get("push"))})
    return preferences_of(user)


# ---- the events ---------------------------------------------------------------------------------------------

def notify_turn(game, seats, actor=None):
    """In a turn-based game, each registered player whose seat is now to act (not the one who just acted,
    `actor`, nor a seat a bot plays) is told, once per turn."""
    if game.pace != Game.Pace.TURN_BASED or game.status != Game.Status.PLAYING:
        return
    for seat in seats:
        if seat.position in game.to_act and seat.position != actor and seat.user_id and not seat.is_automated:
            do_notify(user=seat.user, kind=Kind.YOUR_TURN, game=game,
                      data={"code": game.code, "ruleset": game.ruleset, "turn": game.turn},
                      dedupe_key=f"your_turn:{game.pk}:{game.turn}")


def game_ended_data(game, seat):
    """What a finished game's notification says to `seat`'s player: the game, their place and whether they
    won (a rating change, when the game was rated, goes in "rating": {"before", "after", "delta", "provisional"})."""
    table = (game.result or {}).get("table") or []
    row = next((r for r in table if r.get("seat") == seat.position), None)
    data = {"code": game.code, "ruleset": game.ruleset, "players": len(table) or None,
            "rank": row.get("rank") if row else None,
            "won": seat.position in ((game.result or {}).get("winners") or [])}
    change = rating_changes(game).get(seat.position) if game.rated else None
    if change:
        data["rating"] = {key: change[key] for key in ("before", "after", "delta", "provisional")}
    return data


def notify_game_ended(game):
    """Every registered human who played `game` (its end is being committed) is told, once."""
    for seat in game.seats.select_related("user").filter(user__isnull=False, bot_kind=""):
        do_notify(user=seat.user, kind=Kind.GAME_ENDED, game=game, data=game_ended_data(game, seat),
                  dedupe_key=f"game_ended:{game.pk}")


def notify_rematch(game, rematch, seats, by):
    """The other registered players of finished `game` are told `by` (an identity) offers `rematch`."""
    for seat in seats:
        if seat.user_id and not seat.bot_kind and seat.user_id != by.user_id:
            do_notify(user=seat.user, kind=Kind.REMATCH_OFFERED, game=rematch,
                      data={"code": rematch.code, "ruleset": rematch.ruleset, "by": by.name, "after": game.code},
                      dedupe_key=f"rematch_offered:{game.pk}")


def notify_invite(invite, message=""):
    game = invite.game
    data = {"code": game.code, "ruleset": game.ruleset, "by": invite.inviter_name}
    if message:
        data["message"] = message
    return do_notify(user=invite.invitee, kind=Kind.INVITED, game=game, data=data,
                     dedupe_key=f"invited:{game.pk}")


# ---- e-mail -------------------------------------------------------------------------------------------------

def unsubscribe_token(user, kind):
    return signing.dumps({"u": user.pk, "k": kind}, salt=UNSUBSCRIBE_SALT)


def unsubscribe_target(token):
    """(user, kind) named by a signed unsubscribe token; BadUnsubscribeLink if it is not one of ours."""
    try:
        value = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        raise BadUnsubscribeLink(_("This unsubscribe link is not valid.")) from None
    user = get_user_model().objects.filter(pk=value.get("u")).first() if isinstance(value, dict) else None
    if user is None or value.get("k") not in Kind.values:
        raise BadUnsubscribeLink(_("This unsubscribe link is not valid."))
    return user, value["k"]


def unsubscribe(token):
    """No more e-mail of the link's kind for its user (their other settings unchanged); returns (user, kind)."""
    user, kind = unsubscribe_target(token)
    preference, _created = NotificationPreference.objects.get_or_create(
        user=user, kind=kind, defaults={"email": False, "push": True, "enabled": True})
    if preference.email:
        preference.email = False
        preference.save(update_fields=["email"])
    return user, kind


def _claim(notification, now):
    """Take the e-mail of `notification` for sending, once (a conditional update: a second job finds it taken).
    A "your turn" mail of a game whose previous one went less than NOTIFICATIONS_TURN_EMAIL_SECONDS ago is
    not sent (throttled)."""
    queued = Notification.objects.filter(pk=notification.pk, email_status=Notification.EmailStatus.QUEUED)
    if notification.kind == Kind.YOUR_TURN and notification.game_id is not None:
        since = now - timedelta(seconds=settings.NOTIFICATIONS_TURN_EMAIL_SECONDS)
        recent = Notification.objects.filter(
            user_id=notification.user_id, game_id=notification.game_id, kind=Kind.YOUR_TURN,
            email_status__in=[Notification.EmailStatus.SENDING, Notification.EmailStatus.SENT],
            email_sent_at__gte=since).exclude(pk=notification.pk)
        if recent.exists():
            queued.update(email_status=Notification.EmailStatus.THROTTLED)
            return False
    return queued.update(email_status=Notification.EmailStatus.SENDING, email_sent_at=now) == 1


def email_message(notification):
    """The e-mail of a notification, in its player's language, with its one-click unsubscribe link."""
    user = notification.user
    language = saved_language(user) or settings.LANGUAGE_CODE
    with translation.override(language):
        words = describe(notification)
        unsubscribe_url = absolute(reverse("notifications:unsubscribe", args=[unsubscribe_token(user, notification.kind)]))
        context = {"user": user, "words": words, "link": absolute(words["path"]), "unsubscribe_url": unsubscribe_url,
                   "settings_url": absolute(reverse("notification-settings")),
                   "game": game_name((notification.data or {}).get("ruleset", "")), "language": language}
        subject = words["title"]
        text = render_to_string("notifications/email.txt", context)
        html = render_to_string("notifications/email.html", context)
    message = EmailMultiAlternatives(subject=subject, body=text, to=[notification_address(user)], headers={
        "List-Unsubscribe": f"<{unsubscribe_url}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Content-Language": language,
    })
    message.attach_alternative(html, "text/html")
    return message


def send_email(notification_id):
    """The Celery job's work: send the notification's e-mail unless it was sent, taken or throttled.
    Returns the e-mail status afterwards."""
    notification = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if notification is None or not notification_address(notification.user):
        return None
    if not _claim(notification, timezone.now()):
        return Notification.objects.filter(pk=notification_id).values_list("email_status", flat=True).first()
    try:
        email_message(notification).send()
    except Exception:
        log.exception("The e-mail of notification %s could not be sent", notification_id)
        Notification.objects.filter(pk=notification_id).update(email_status=Notification.EmailStatus.FAILED)
        return Notification.EmailStatus.FAILED
    Notification.objects.filter(pk=notification_id).update(email_status=Notification.EmailStatus.SENT)
    return Notification.EmailStatus.SENT


def send_push(notification_id):
    """The Celery job's work: the notification on the player's subscribed browsers, in their language.
    Returns how many browsers took it (a push service may show one twice after a retry: the tag merges them)."""
    notification = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if notification is None:
        return 0
    language = saved_language(notification.user) or settings.LANGUAGE_CODE
    with translation.override(language):
        words = describe(notification)
    tag = f"{notification.kind}-{(notification.data or {}).get('code', notification.pk)}"
    return do_send_push(notification.user, title=words["title"], body=words["detail"], url=words["path"], tag=tag)
