"""Who is acting: a signed-in user or a session-bound guest, from an HTTP request or a socket scope."""
from dataclasses import dataclass

from django.db.models import Q

from games.models import Guest

GUEST_SESSION_KEY = "games_guest_id"


@dataclass(frozen=True)
class Identity:
    user_id: int = None
    guest_id: int = None
    name: str = ""

    @property
    def is_anonymous(self):
        return self.user_id is None and self.guest_id is None

    @property
    def key(self):
        """A stable string naming this player, e.g. "u:12" or "g:7" ("" when anonymous)."""
        if self.user_id is not None:
            return f"u:{self.user_id}"
        if self.guest_id is not None:
            return f"g:{self.guest_id}"
        return ""

    def owner_filter(self, prefix=""):
        """A Q matching rows whose user/guest fields are this identity's (nothing when anonymous)."""
        if self.user_id is not None:
            return Q(**{f"{prefix}user_id": self.user_id})
        if self.guest_id is not None:
            return Q(**{f"{prefix}guest_id": self.guest_id})
        return Q(pk__in=[])

    def owner_fields(self, prefix=""):
        return {f"{prefix}user_id": self.user_id, f"{prefix}guest_id": self.guest_id}


ANONYMOUS = Identity()


def identity_of(user, session):
    """The identity behind a user object and a session (dict-like). Runs queries: call it from sync code."""
    if user is not None and user.is_authenticated:
        return Identity(user_id=user.pk, name=user.get_username())
    guest_id = session.get(GUEST_SESSION_KEY) if session is not None else None
    if guest_id:
        guest = Guest.objects.filter(pk=guest_id, user__isnull=True).only("nickname").first()
        if guest is not None:
            return Identity(guest_id=guest.pk, name=guest.nickname)
    return ANONYMOUS


def request_identity(request):
    return identity_of(getattr(request, "user", None), request.session)


def scope_identity(scope):
    return identity_of(scope.get("user"), scope.get("session"))
