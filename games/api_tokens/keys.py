"""The raw token's format and its hash: `mkt_<8 id characters>_<32 URL-safe characters>`."""
import hashlib
import re
import secrets

from games.api_tokens.models import PREFIX

ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"
ID_LENGTH = 8
RAW = re.compile(rf"{PREFIX}([a-z0-9]{{{ID_LENGTH}}})_([A-Za-z0-9_-]{{32}})")


def new_key_id():
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def new_secret():
    return secrets.token_urlsafe(24)  # 24 random bytes: 32 characters


def hash_secret(secret):
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def raw_token(key_id, secret):
    return f"{PREFIX}{key_id}_{secret}"


def split_raw(raw):
    """(key id, secret) of a well-formed raw token, else None."""
    match = RAW.fullmatch(raw) if isinstance(raw, str) else None
    return match.groups() if match else None


def looks_like_api_token(raw):
    return isinstance(raw, str) and raw.startswith(PREFIX)
