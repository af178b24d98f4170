"""Chat in a game's page: players and identified spectators, length-limited and rate-limited."""
import unicodedata
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import ChatMessage, Game
from games.selectors.frames import chat_payload

from games.services.common import announce_to_game, require_identity
from games.errors import ChatRejected, GameNotFound

MAX_CHAT_LENGTH = 300
RATE_WINDOW = timedelta(seconds=10)
RATE_LIMIT = 5  # messages per identity and game within the window


def clean_chat_text(text):
    """Strip control and format characters (newlines become spaces) and surrounding blanks."""
    if not isinstance(text, str):
        raise ChatRejected(_("A chat message is text."), code="chat_invalid")
    text = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text).strip()
    if not text:
        raise ChatRejected(_("Write something first."), code="chat_empty")
    if len(text) > MAX_CHAT_LENGTH:
        raise ChatRejected(_("A chat message is at most %(n)d characters.") % {"n": MAX_CHAT_LENGTH}, code="chat_too_long")
    return text


@transaction.atomic
def post_chat(*, game_id, identity, text):
    require_identity(identity)
    text = clean_chat_text(text)
    code = Game.objects.filter(pk=game_id).values_list("code", flat=True).first()
    if code is None:
        raise GameNotFound(_("This game no longer exists."))
    recent = ChatMessage.objects.filter(identity.owner_filter(), game_id=game_id,
                                        created_at__gte=timezone.now() - RATE_WINDOW).count()
    if recent >= RATE_LIMIT:
        raise ChatRejected(_("You are writing too fast: wait a few seconds."), code="chat_rate_limited")
    message = ChatMessage.objects.create(game_id=game_id, name=identity.name[:40], text=text,
                                         **identity.owner_fields())
    announce_to_game(code, {"type": "chat", "message": chat_payload(message)})
    return message
