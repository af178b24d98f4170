"""Reading notifications: the unread count, the latest ones, and each one's words and link in the reader's
language (worded when shown, from the kind and the data kept at creation)."""
from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _

from games.rulesets import UnknownRuleset, get_ruleset

from games.notifications.models import Kind, Notification, NotificationPreference

PANEL_SIZE = 10


def notifications_group(user_id):
    """The channel-layer group of one user's notification sockets."""
    return f"notifications-u{user_id}"


def unread_count(user_id):
    return Notification.objects.filter(user_id=user_id, read_at__isnull=True).count()


def latest(user_id, limit=PANEL_SIZE):
    return list(Notification.objects.filter(user_id=user_id)[:limit])


def preferences_of(user):
    """{kind: NotificationPreference} for every kind, the defaults where the user saved nothing."""
    saved = {p.kind: p for p in NotificationPreference.objects.filter(user=user)}
    return {kind: saved.get(kind) or NotificationPreference.default(user, kind) for kind in Kind.values}


def preference_of(user, kind):
    return NotificationPreference.objects.filter(user=user, kind=kind).first() or NotificationPreference.default(user, kind)


def game_name(slug):
    try:
        return str(get_ruleset(slug).name)
    except UnknownRuleset:
        return slug


def _rating_line(rating):
    """The rating change of data["rating"] ({"before", "after", "delta", "provisional"}), or ""."""
    if not isinstance(rating, dict) or rating.get("after") is None:
        return ""
    delta = rating.get("delta") or 0
    line = _("Rating: %(before)s → %(after)s (%(delta)s)") % {
        "before": round(rating.get("before") or 0), "after": round(rating["after"]), "delta": f"{round(delta):+d}"}
    if rating.get("provisional"):
        line += " " + _("(provisional)")
    return line


def describe(notification):
    """{"title", "detail", "path"} of a notification, in the active language; `path` is the page it links to."""
    data = notification.data or {}
    code = data.get("code", "")
    name = game_name(data.get("ruleset", ""))
    kind = notification.kind
    detail = ""
    path = reverse("games:game", args=[code]) if code else reverse("notifications:list")
    if kind == Kind.YOUR_TURN:
        title = _("Your turn in %(game)s #%(code)s") % {"game": name, "code": code}
    elif kind == Kind.INVITED:
        title = _("%(name)s invites you to a game of %(game)s") % {"name": data.get("by", "?"), "game": name}
        path = reverse("games:join", args=[code]) if code else path
        if data.get("message"):
            detail = _("“%(message)s”") % {"message": data["message"]}
    elif kind == Kind.GAME_ENDED:
        title = _("Your game of %(game)s #%(code)s is over") % {"game": name, "code": code}
        rank, players = data.get("rank"), data.get("players")
        if data.get("won"):
            detail = _("You won.")
        elif rank and players:
            detail = _("You finished %(rank)s of %(players)s.") % {"rank": rank, "players": players}
        rating = _rating_line(data.get("rating"))
        detail = " ".join(part for part in (detail, rating) if part)
    elif kind == Kind.REMATCH_OFFERED:
        title = _("%(name)s offers a rematch of %(game)s") % {"name": data.get("by", "?"), "game": name}
    else:
        title = kind
    return {"title": title, "detail": detail, "path": path}


def absolute(path):
    """A link for an e-mail: the site's address (SITE_URL) and `path`."""
    return settings.SITE_URL.rstrip("/") + path
