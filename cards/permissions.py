"""Who may write cards: designers, that is staff users or members of the Designers group."""
from django.utils.translation import gettext_lazy
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


def playing_only(request):
    """Signed in with credentials made for playing only (an API token, docs/api.md "Programs"): their
    authentication class says `playing_only = True`. Such a request never writes cards, even a designer's."""
    return getattr(request.successful_authenticator, "playing_only", False)


class IsDesignerOrReadOnly(BasePermission):
    """Anyone reads; only designers write, signed in with a session or HTTP Basic."""

    message = gettext_lazy("Only designers (staff or members of the Designers group), signed in with a password "
                           "or a session, may change cards; API tokens are for playing.")

    def has_permission(self, request, view):
        if request.method in SAFE_METHODS:
            return True
        return is_designer(request.user) and not playing_only(request)
