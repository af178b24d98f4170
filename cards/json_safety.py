"""JSON the site accepts: nested at most MAX_DEPTH levels, and only text that is valid Unicode without NUL.

`json.loads` accepts `"\\ud800"` (a lone UTF-16 surrogate) and `"\\u0000"`, and raises RecursionError on deep
nesting; the first cannot be stored or sent back as UTF-8, the second cannot be stored in PostgreSQL text, the
third is a server error. Plain Python, no Django.
"""
import json

MAX_DEPTH = 64


class UnsafeJSON(ValueError):
    """The JSON parses but is nested too deeply or holds text that is not valid Unicode."""


def _path(parts):
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(document)"


def _check_text(text, parts):
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise UnsafeJSON(f"{_path(parts)}: a lone surrogate U+{ord(text[exc.start]):04X} is not valid Unicode text") from None
    if "\x00" in text:  # PostgreSQL text cannot hold it: refused here, not a server error at the first query
        raise UnsafeJSON(f"{_path(parts)}: a NUL character (U+0000) is not accepted in text")


def check_value(value, max_depth=MAX_DEPTH):
    """Raise UnsafeJSON when a parsed JSON value is nested deeper than `max_depth` or holds invalid text."""
    stack = [(value, 0, ())]
    while stack:
        node, depth, parts = stack.pop()
        if isinstance(node, str):
            _check_text(node, parts)
            continue
        if not isinstance(node, (dict, list)):
            continue
        if depth >= max_depth:
            where = _path(parts[:4]) + ("..." if len(parts) > 4 else "")
            raise UnsafeJSON(f"{where}: nested more than {max_depth} levels deep")
        if isinstance(node, dict):
            for key, child in node.items():
                _check_text(key, parts)
                stack.append((child, depth + 1, (*parts, key)))
        else:
            stack.extend((child, depth + 1, (*parts, index)) for index, child in enumerate(node))


def loads(text, **kwargs):
    """`json.loads` refusing what `check_value` refuses; too deep for the parser itself is UnsafeJSON too."""
    try:
        value = json.loads(text, **kwargs)
    except RecursionError:
        raise UnsafeJSON(f"(document): nested more than {MAX_DEPTH} levels deep") from None
    check_value(value)
    return value
