"""Reading what a game socket receives. Anything malformed becomes a BadRequest for the sender alone: never
an exception that closes the socket, never a value that breaks a service or a broadcast later."""
import json
import re

from games.errors import BadRequest
from django.utils.translation import gettext as _

MAX_MESSAGE_CHARS = 4096
MAX_DEPTH = 16   # no message needs more nesting; deeper JSON is refused before anything reads it
MAX_REF = 64
# How a lone UTF-16 surrogate reaches a str: as a JSON escape (or raw, from a server that lets it through).
_MAYBE_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")


def _depth_exceeds(value, limit):
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            if level > limit:
                return True
            stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def nests_deeper_than(text_data, message, limit=MAX_DEPTH):
    """Whether the decoded `message` of `text_data` nests deeper than `limit` levels. Cheap test first: only
    text with more than `limit` brackets can. (Far deeper text never decodes: json.loads raises RecursionError.)"""
    return text_data.count("[") + text_data.count("{") > limit and _depth_exceeds(message, limit)


def _encodable(message):
    try:
        json.dumps(message, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def holds_lone_surrogate(text_data, message):
    """Whether the decoded `message` of `text_data` holds a lone UTF-16 surrogate: text that cannot be stored,
    nor sent back as UTF-8 (daphne closes a socket with 1011 when a reply holds one)."""
    return bool(_MAYBE_SURROGATE.search(text_data)) and not _encodable(message)


def check_size(text_data):
    if text_data is None:
        raise BadRequest(_("Send JSON text frames."), code="bad_message")
    if len(text_data) > MAX_MESSAGE_CHARS:
        raise BadRequest(_("Messages are at most %(n)d characters.") % {"n": MAX_MESSAGE_CHARS}, code="too_large")


def parse_message(text_data):
    """The message as a dict with a string "type", or BadRequest saying what is wrong with it."""
    try:
        message = json.loads(text_data)
    except RecursionError:
        raise BadRequest(_("Messages nest at most %(n)d levels deep.") % {"n": MAX_DEPTH}, code="too_deep") from None
    except ValueError:
        raise BadRequest(_("That is not JSON."), code="bad_json") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise BadRequest('Messages are JSON objects with a "type".', code="bad_message")
    # Cheap tests first: only a message with many brackets can be too deep, only one with a \ud8xx-\udfxx
    # escape can hold a lone surrogate (text that cannot be stored or sent back as UTF-8).
    if nests_deeper_than(text_data, message):
        raise BadRequest(_("Messages nest at most %(n)d levels deep.") % {"n": MAX_DEPTH}, code="too_deep")
    if _MAYBE_SURROGATE.search(text_data) and not _encodable(message):
        raise BadRequest(_("Text must be valid Unicode: this message holds a lone UTF-16 surrogate."),
                         code="bad_text")
    return message


def message_ref(message):
    """The client's `ref`, copied into the errors it causes: a short string or a whole number, else None."""
    ref = message.get("ref")
    if isinstance(ref, bool) or not isinstance(ref, (str, int)) or len(str(ref)) > MAX_REF:
        return None
    return ref
