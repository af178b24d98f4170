"""Sending to sockets through the channel layer. Services call these only after their transaction commits,
through `after_commit`.

A socket consumer that calls a service collects what the service sends (`collecting`) and sends it itself
once the call has returned, on its own event loop: no hop from the database thread back to the loop
while the thread waits. Anywhere else (Celery jobs, views) messages go out at once.

A side effect after a commit (a broadcast, a job queued) never turns the committed action into an error:
if Redis or the broker is unreachable once redis-py's retries are spent (config/channel_layer.py), the
failure is logged and the side effect dropped. Pages notice the gap in event numbers at the next update
or reconnection and ask for what they missed; the sweeper restarts stalled bots and overdue turns.
"""
import json
import logging
import threading
from contextlib import contextmanager

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)

OPEN_GAMES_GROUP = "open-games"


def game_group(code):
    """Named by the game's random code, unique across databases (tests in parallel share one Redis)."""
    return f"game-{code}"


def encode(frame):
    """Frames are encoded once per broadcast; consumers forward the text as it is."""
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


_outbox = threading.local()


@contextmanager
def collecting():
    """Within this block (in this thread), messages are kept in the yielded list instead of being sent."""
    outer = getattr(_outbox, "messages", None)
    _outbox.messages = messages = []
    try:
        yield messages
    finally:
        _outbox.messages = outer


def after_commit(side_effect, what):
    """Run `side_effect()` once the current transaction commits (at once outside one); if it fails, the
    error is logged (naming `what`) and the side effect dropped: the committed action stands."""
    transaction.on_commit(lambda: run_safely(side_effect, what))


def run_safely(side_effect, what):
    try:
        side_effect()
    except Exception:
        log.exception("After a commit, %s failed and was dropped; the committed change stands", what)


def publish(group, message):
    messages = getattr(_outbox, "messages", None)
    if messages is not None:
        messages.append((group, message))
        return
    layer = get_channel_layer()
    if layer is not None:
        try:
            async_to_sync(layer.group_send)(group, message)
        except Exception:
            _log_lost(group, message)


async def send_collected(messages):
    """Send what a service collected; a message the layer fails to send is logged and dropped, so that the
    service's caller gets its answer (the service's change is committed)."""
    layer = get_channel_layer()
    for group, message in messages:
        try:
            await layer.group_send(group, message)
        except Exception:
            _log_lost(group, message)


def _log_lost(group, message):
    log.exception("A %s message to %s was dropped: the channel layer failed", message.get("type"), group)


def publish_to_game(code, frame):
    """The same frame to everyone watching a game."""
    publish(game_group(code), {"type": "game.frame", "text": encode(frame)})


def publish_frames(code, seq, public_texts, private_texts):
    """Update `seq`'s frames: one for spectators and most players, others for the identities in
    `private_texts`; each text in the languages the game's pages read ({language: text}), so each socket
    sends its reader's."""
    publish(game_group(code), {"type": "game.frames", "seq": seq, "public": public_texts,
                               "private": private_texts})


def publish_open_games(frames):
    """The open-games list in every site language ({language: frame}): each socket sends its reader's."""
    publish(OPEN_GAMES_GROUP, {"type": "games.list", "texts": {language: encode(frame) for language, frame in frames.items()}})
