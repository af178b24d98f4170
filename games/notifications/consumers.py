"""/ws/notifications/: a signed-in user's unread count, sent when the socket opens and whenever it changes
(services.announce_unread). Read-only; guests and visitors are refused (4403)."""
from games import broadcast
from games.consumers import LoopOnlyConsumer
from games.db_threads import db

from games.notifications.selectors import notifications_group, unread_count


class NotificationsConsumer(LoopOnlyConsumer):
    group = None

    async def connect(self):
        self.user_id = await db(self._user_id)()
        if self.user_id is None:
            await self.refuse(4403)
            return
        self.group = notifications_group(self.user_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._send_count(await db(unread_count)(self.user_id))

    def _user_id(self):
        user = self.scope.get("user")
        return user.pk if user is not None and user.is_authenticated else None

    async def disconnect(self, code):
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Nothing to ask: any message gets the current count (a page's "are you there")."""
        await self._send_count(await db(unread_count)(self.user_id))

    async def layer_resync(self, event):
        await self._send_count(await db(unread_count)(self.user_id))

    async def notifications_count(self, event):
        await self._send_count(event["unread"])

    async def _send_count(self, unread):
        await self.send(text_data=broadcast.encode({"type": "count", "unread": unread}))
