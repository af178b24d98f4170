"""Which language card names and effect explanations are served in: English (the default) or French.

Pages follow Django's active language (`translation.get_language()`, set per request by LocaleMiddleware);
the REST API chooses it per request (CardLanguageMiddleware: `?lang=` first, then `Accept-Language` read by
`preferred_language`, then English) and activates it, so serializers, faces and statistics all ask `current_language()`.
"""
from django.conf import settings
from django.utils import translation

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"


def supported(code) -> str | None:
    """"fr", "fr-CA", "FR" -> "fr"; "en-us" -> "en"; anything else -> None."""
    base = str(code or "").strip().lower().replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else None


def current_language() -> str:
    """The active Django language as a card language ("en" or "fr")."""
    return supported(translation.get_language()) or DEFAULT_LANGUAGE


class _Client:
    """What Django's get_language_from_request reads of a request: the language cookie and Accept-Language."""

    def __init__(self, accept_language, cookie):
        self.COOKIES = {settings.LANGUAGE_COOKIE_NAME: cookie} if cookie else {}
        self.META = {"HTTP_ACCEPT_LANGUAGE": accept_language or ""}


def preferred_language(accept_language: str = "", cookie: str | None = None) -> str:
    """The site language a client prefers, chosen as LocaleMiddleware chooses a page's (Django's
    get_language_from_request): the language cookie when it names a site language, else the first site
    language of Accept-Language by q-value ("fr-CA" -> "fr"), else the default. The one reading of
    Accept-Language for pages, the REST API (without the cookie) and the game sockets."""
    return supported(translation.get_language_from_request(_Client(accept_language, cookie))) or DEFAULT_LANGUAGE


def localized_name(item, language: str | None = None) -> str:
    """An object's (or a dict's) `name_fr` in French when it has one, else its `name`."""
    language = language or current_language()
    get = item.get if isinstance(item, dict) else (lambda key, default="": getattr(item, key, default))
    name = get("name", "") or ""
    if language == "fr":
        return get("name_fr", "") or name
    return name
