"""Keeping this process's open player sockets present: one UPDATE of all their presence rows per beat."""
import asyncio
import logging

from django.conf import settings

from games.db_threads import db
from games.services.presence import refresh as refresh_presence

log = logging.getLogger(__name__)


class PresenceHeartbeat:
    """The presence rows of this process's open player sockets, all refreshed by one UPDATE every
    GAMES_PRESENCE_HEARTBEAT seconds: the cost does not grow with moves, and stops with the process."""

    def __init__(self):
        self.ids = set()
        self.task = None

    def add(self, presence_id):
        self.ids.add(presence_id)
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.task.get_loop() is not loop:
            self.task = loop.create_task(self._beat())

    def discard(self, presence_id):
        self.ids.discard(presence_id)
        if not self.ids and self.task is not None:
            self.task.cancel()
            self.task = None

    async def _beat(self):
        while self.ids:
            await asyncio.sleep(settings.GAMES_PRESENCE_HEARTBEAT)
            try:
                await db(refresh_presence)(frozenset(self.ids))
            except Exception:  # the next beat tries again; presence only lapses after the TTL
                log.exception("presence heartbeat failed")


HEARTBEAT = PresenceHeartbeat()
