"""What a browser sends to subscribe, checked before anything is stored: the push service's address and the keys.

Plain functions over the decoded JSON; each problem is a `SubscriptionError` with a sentence for the player.
"""
import binascii
import ipaddress
import re
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.utils.translation import gettext as _
from py_vapid.utils import b64urldecode

MAX_ENDPOINT = 1000
BASE64URL = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")


class SubscriptionError(ValueError):
    def __init__(self, message):
        super().__init__(message)
        self.message = message


def _decoded(text, size, what):
    if not isinstance(text, str) or not BASE64URL.match(text) or len(text) > 2 * size:
        raise SubscriptionError(_("The subscription's %(key)s key is not base64url text.") % {"key": what})
    try:
        raw = b64urldecode(text.rstrip("=").encode())
    except (ValueError, binascii.Error):
        raise SubscriptionError(_("The subscription's %(key)s key is not base64url text.") % {"key": what}) from None
    if len(raw) != size:
        raise SubscriptionError(_("The subscription's %(key)s key has the wrong length.") % {"key": what})
    return raw


def _local_host(host):
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_private or address.is_loopback or address.is_link_local or address.is_reserved


def check_endpoint(endpoint):
    """The push service's address: an HTTPS URL on a known push service (any host with "*" in
    WEBPUSH_ENDPOINT_HOSTS, but never a local or private address); plain HTTP and local hosts only where
    WEBPUSH_ALLOW_LOCAL_ENDPOINTS is on (development, tests)."""
    if not isinstance(endpoint, str) or not endpoint:
        raise SubscriptionError(_("The subscription has no endpoint address."))
    if len(endpoint) > MAX_ENDPOINT:
        raise SubscriptionError(_("The subscription's endpoint address is too long."))
    try:
        parts = urlsplit(endpoint)
        host = (parts.hostname or "").lower()
        parts.port  # noqa: B018  (a port that is not a number raises here)
    except ValueError:
        raise SubscriptionError(_("The subscription's endpoint is not a web address.")) from None
    if parts.scheme not in ("https", "http") or not host or parts.username or parts.password \
            or any(ord(c) < 33 or ord(c) == 127 for c in endpoint):
        raise SubscriptionError(_("The subscription's endpoint is not a web address."))
    if settings.WEBPUSH_ALLOW_LOCAL_ENDPOINTS:
        return endpoint
    if parts.scheme != "https":
        raise SubscriptionError(_("The subscription's endpoint must be an HTTPS address."))
    hosts = settings.WEBPUSH_ENDPOINT_HOSTS
    known = "*" in hosts or any(host == h or host.endswith("." + h) for h in hosts)
    if _local_host(host) or not known:
        raise SubscriptionError(_("The subscription's endpoint is not a push service this site sends to."))
    return endpoint


def check_subscription(data):
    """{"endpoint": ..., "keys": {"p256dh": ..., "auth": ...}} as `PushSubscription.toJSON()` gives it (other
    members, such as expirationTime, are ignored) -> (endpoint, p256dh, auth)."""
    if not isinstance(data, dict):
        raise SubscriptionError(_("Send the subscription as a JSON object."))
    endpoint = check_endpoint(data.get("endpoint"))
    keys = data.get("keys")
    if not isinstance(keys, dict):
        raise SubscriptionError(_("The subscription has no keys."))
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    point = _decoded(p256dh, 65, "p256dh")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise SubscriptionError(_("The subscription's p256dh key is not a P-256 public key.")) from None
    _decoded(auth, 16, "auth")
    return endpoint, p256dh.rstrip("="), auth.rstrip("=")


BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser/", "Samsung Internet"), ("Firefox/", "Firefox"),
            ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"), ("Chrome/", "Chrome"), ("Chromium/", "Chromium"),
            ("Safari/", "Safari"))
SYSTEMS = (("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Windows", "Windows"),
           ("CrOS", "ChromeOS"), ("Mac OS X", "macOS"), ("Macintosh", "macOS"), ("Linux", "Linux"))


def device_label(user_agent):
    """A short name for the device, the same in every language, to tell a player's devices apart:
    "Firefox · Android"; "" when the User-Agent says neither."""
    user_agent = (user_agent or "")[:512]
    browser = next((name for mark, name in BROWSERS if mark in user_agent), "")
    system = next((name for mark, name in SYSTEMS if mark in user_agent), "")
    return " · ".join(part for part in (browser, system) if part)
