"""Logins refused for a while after too many failures (django-axes), answered with the page the client was on.

Axes counts the failures per username and client address (`games.rate_limits.client_ip`) for the login page, the
admin's and the API's Basic authentication, since all three call `authenticate(request, ...)`. The lockout answer
is built here: the login page (or the admin's) again with the reason, or the API's JSON error, with status 429 and
Retry-After, never a bare 403 page.
"""
import math

from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from django.conf import settings
from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.contrib.auth.forms import AuthenticationForm
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _, ngettext


USERNAME_COLUMN = 255   # axes' username column; Django's own usernames are at most 150 characters


def counted_username(request, credentials=None):
    """AXES_USERNAME_CALLABLE: axes' own choice of the username, cut to its column (a longer name is nobody's, and
    PostgreSQL refuses to store it: a 500 for a hostile Basic header)."""
    field = settings.AXES_USERNAME_FORM_FIELD
    username = credentials.get(field) if credentials else getattr(request, "data", request.POST).get(field)
    return username[:USERNAME_COLUMN] if isinstance(username, str) else username


class LockoutBackend(AxesStandaloneBackend):
    """Axes' check, skipped when there is no request (a management command, a test client's login): no remote
    client to count."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class LockoutHandler(AxesDatabaseHandler):
    """Axes' database handler, also flagging the Django request behind DRF's: the middleware only sees that one."""

    def user_login_failed(self, sender, credentials, request=None, **kwargs):
        super().user_login_failed(sender, credentials, request, **kwargs)
        inner = getattr(request, "_request", None)
        if inner is not None and getattr(request, "axes_locked_out", False):
            inner.axes_locked_out = True
            inner.axes_credentials = getattr(request, "axes_credentials", None)


def lockout_seconds(request):
    cool_off = get_cool_off(request)
    return max(1, math.ceil(cool_off.total_seconds())) if cool_off else None


def lockout_message(request):
    seconds = lockout_seconds(request)
    if seconds is None:
        return _("Too many failed logins for this account from your address: ask an administrator to unlock it.")
    minutes = math.ceil(seconds / 60)
    return ngettext(
        "Too many failed logins for this account from your address: try again in %(minutes)d minute.",
        "Too many failed logins for this account from your address: try again in %(minutes)d minutes.",
        minutes) % {"minutes": minutes}


def lockout_response(request, original_response=None, credentials=None):
    """AXES_LOCKOUT_CALLABLE. Axes' async path passes the credentials second, hence nothing read from the
    original response."""
    message = lockout_message(request)
    seconds = lockout_seconds(request)
    headers = {"Retry-After": str(seconds)} if seconds else {}
    if request.path_info.startswith("/api/"):
        return JsonResponse({"error": {"code": "locked_out", "message": message}}, status=429, headers=headers)
    username = get_client_username(request, credentials if isinstance(credentials, dict) else None) or ""
    next_url = request.POST.get(REDIRECT_FIELD_NAME, "") or request.GET.get(REDIRECT_FIELD_NAME, "")
    match = getattr(request, "resolver_match", None)
    if match is not None and match.view_name == f"{admin.site.name}:login":
        context = {**admin.site.each_context(request), "title": _("Log in"), "subtitle": None,
                   "app_path": request.get_full_path(), "username": request.user.get_username(),
                   "form": AdminAuthenticationForm(request, initial={"username": username}),
                   REDIRECT_FIELD_NAME: next_url, "locked_out": message}
        response = render(request, "admin/login.html", context, status=429)
    else:
        context = {"form": AuthenticationForm(request, initial={"username": username}), "next": next_url,
                   "locked_out": message}
        response = render(request, "registration/login.html", context, status=429)
    for name, value in headers.items():
        response[name] = value
    return response
