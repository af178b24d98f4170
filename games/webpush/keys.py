"""The site's VAPID key pair (RFC 8292), read from the settings: push is on only when both keys are set and match.

Both keys are base64url without padding, as browsers take the public key (`applicationServerKey`): the public key
is the 65-byte uncompressed P-256 point, the private key its 32-byte secret number.
"""
import binascii

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from py_vapid import Vapid02
from py_vapid.utils import b64urldecode, b64urlencode


def public_bytes(public_key):
    return public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


def generate_key_pair():
    """A new key pair as (public, private), in the format the settings take."""
    private_key = ec.generate_private_key(ec.SECP256R1())
    secret = private_key.private_numbers().private_value.to_bytes(32, "big")
    return b64urlencode(public_bytes(private_key.public_key())), b64urlencode(secret)


def key_problem(public, private):
    """Why this pair cannot sign pushes (a sentence), or None when it can."""
    try:
        signer = Vapid02.from_raw(private.encode())
        if len(b64urldecode(private.encode())) != 32:
            raise ValueError
    except (ValueError, TypeError, binascii.Error):
        return "VAPID_PRIVATE_KEY is not a base64url P-256 private key (32 bytes): run manage.py vapid_keys."
    try:
        given = b64urldecode(public.encode())
    except (ValueError, TypeError, binascii.Error):
        return "VAPID_PUBLIC_KEY is not base64url: run manage.py vapid_keys."
    if given != public_bytes(signer.public_key):
        return "VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY: set both from one manage.py vapid_keys."
    return None


def push_configured():
    """Both keys are set (whether they are valid is the system check's business and `push_enabled`'s)."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def push_enabled():
    return push_configured() and key_problem(settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY) is None


def public_key():
    """The key browsers subscribe with, or "" while push is off."""
    return settings.VAPID_PUBLIC_KEY if push_enabled() else ""


def signer():
    """What signs each push's VAPID token (None while push is off)."""
    return Vapid02.from_raw(settings.VAPID_PRIVATE_KEY.encode()) if push_enabled() else None
