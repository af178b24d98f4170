"""The site's language: a guest's choice lives in Django's language cookie, a user's also on the account.

Django's LocaleMiddleware reads the cookie, then the browser's Accept-Language. For a logged-in user
`UserLanguageMiddleware` then applies the saved `LanguagePreference`, and writes the cookie so the pages'
JavaScript catalogue and the game socket follow it too. `set_language` is Django's view plus that save.
"""
from django.conf import settings
from django.utils import translation
from django.views.decorators.http import require_http_methods
from django.views.i18n import set_language as django_set_language

from cards.language import preferred_language
from games.models import LanguagePreference


def saved_language(user):
    if user is None or not user.is_authenticated:
        return None
    return LanguagePreference.objects.filter(user=user).values_list("language", flat=True).first()


def save_language(user, language):
    """Remember `language` for `user` (a code from settings.LANGUAGES; anything else is ignored)."""
    if user.is_authenticated and language in dict(settings.LANGUAGES):
        LanguagePreference.objects.update_or_create(user=user, defaults={"language": language})


class UserLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = saved_language(getattr(request, "user", None))
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        if language and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != language \
                and settings.LANGUAGE_COOKIE_NAME not in response.cookies:
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE,
                                path=settings.LANGUAGE_COOKIE_PATH, samesite=settings.LANGUAGE_COOKIE_SAMESITE)
        return response


@require_http_methods(["GET", "HEAD", "POST"])  # Django's view: a GET only goes back to the page
def set_language(request):
    """Django's set_language (sets the cookie and redirects to `next`), and for a user the saved choice."""
    response = django_set_language(request)
    if request.method == "POST":
        save_language(request.user, request.POST.get("language"))
    return response


def language_from_scope(scope):
    """The language of a socket's page, read from its handshake as the page's own was read from its request
    (the language cookie, else Accept-Language, else the default: cards.language.preferred_language)."""
    accept = dict(scope.get("headers") or []).get(b"accept-language", b"").decode("latin-1")
    return preferred_language(accept, (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME))
