"""Who may write cards: designers, that is staff users or members of the Designers group."""
from django.utils.translation import gettext_lazy
from rest_framework.authentication import BasicAuthentication, SessionAuthentication
from rest_framework.permissions import SAFE_METHODS, BasePermission

from cards.migrations_helpers import DESIGNERS_GROUP


def is_designer(user):
    if not (user and user.is_authenticated and user.is_active):
        return False
    if user.is_superuser or user.is_staff:
        return True
    # Cache on the user object: the admin asks many times per request.
    cached = getattr(user, "_is_designer", None)
    if cached is None:
        cached = user.groups.filter(name=DESIGNERS_GROUP).exists()
        user._is_designer = cached
    return cached


# Card writes are a designer's, signed in with a session or HTTP Basic: an API token (made for programs that play,
# docs/api.md "Programs") never writes cards, even a designer's.
WRITE_AUTHENTICATORS = (BasicAuthentication, SessionAuthentication)


class IsDesignerOrReadOnly(BasePermission):
    """Anyone reads; only designers write, signed in with a session or HTTP Basic."""

    message = gettext_lazy("Only designers (staff or members of the Designers group), signed in with a password "
                           "or a session, may change cards; API tokens are for playing.")

    def has_permission(self, request, view):
        if request.method in SAFE_METHODS:
            return True
        return (isinstance(request.successful_authenticator, WRITE_AUTHENTICATORS)
                and is_designer(request.user))
