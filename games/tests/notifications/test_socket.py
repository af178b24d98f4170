"""/ws/notifications/: a signed-in user's unread count, live, over a real channel layer."""
import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.db import transaction

from games.notifications.models import Kind
from games.notifications.services import do_notify, mark_read

from games.tests.helpers import session_for
from games.tests.sockets import next_frame, open_socket, refusal

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@database_sync_to_async
def user_and_session(name):
    user = get_user_model().objects.create_user(name, password=f"pw-{name}-123")
    return user, session_for(user)


@database_sync_to_async
def notify(user, key):
    with transaction.atomic():
        return do_notify(user=user, kind=Kind.INVITED, data={"code": "abc", "by": "eve"}, dedupe_key=key)


async def test_the_unread_count_comes_at_once_and_follows_every_change(settings):
    ann, ann_session = await user_and_session("ann")
    bob, bob_session = await user_and_session("bob")
    socket = await open_socket("/ws/notifications/", ann_session)
    other = await open_socket("/ws/notifications/", bob_session)
    assert await next_frame(socket, "count") == {"type": "count", "unread": 0}
    assert await next_frame(other, "count") == {"type": "count", "unread": 0}
    await notify(ann, "one")
    assert await next_frame(socket, "count") == {"type": "count", "unread": 1}
    await notify(ann, "two")
    assert await next_frame(socket, "count") == {"type": "count", "unread": 2}
    await notify(ann, "two")  # the same event again: nothing new, no frame
    await database_sync_to_async(mark_read)(ann)
    assert await next_frame(socket, "count") == {"type": "count", "unread": 0}
    assert await other.receive_nothing(timeout=0.2)  # another user hears nothing of it
    await socket.disconnect()
    await other.disconnect()


async def test_visitors_and_guests_are_refused():
    assert await refusal("/ws/notifications/") == 4403
