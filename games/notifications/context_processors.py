from django.utils.functional import SimpleLazyObject

from games.notifications.selectors import unread_count


def notifications(request):
    """`unread_notifications`: the signed-in user's unread count for the header's menu (read only if shown)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notifications": SimpleLazyObject(lambda: unread_count(user.pk))}
