"""Which language card names and effect explanations are served in: English (the default) or French.

Pages follow Django's active language (`translation.get_language()`, set per request by LocaleMiddleware);
the REST API chooses it per request (CardLanguageMiddleware: `?lang=` first, then `Accept-Language`, then
English) and activates it, so serializers, faces and statistics all ask `current_language()`.
"""
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"


def supported(code) -> str | None:
    """"fr", "fr-CA", "FR" -> "fr"; "en-us" -> "en"; anything else -> None."""
    base = str(code or "").strip().lower().replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else None


def current_language() -> str:
    """The active Django language as a card language ("en" or "fr")."""
    return supported(translation.get_language()) or DEFAULT_LANGUAGE


def from_accept_language(header: str) -> str:
    """The first card language a browser's Accept-Language prefers (q-values respected), else English."""
    for code, quality in parse_accept_lang_header(header or ""):
        if quality > 0 and supported(code):
            return supported(code)
    return DEFAULT_LANGUAGE


def localized_name(item, language: str | None = None) -> str:
    """An object's (or a dict's) `name_fr` in French when it has one, else its `name`."""
    language = language or current_language()
    get = item.get if isinstance(item, dict) else (lambda key, default="": getattr(item, key, default))
    name = get("name", "") or ""
    if language == "fr":
        return get("name_fr", "") or name
    return name
