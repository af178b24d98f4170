"""Accounts: sign up, play as a guest, keep a guest as an account (log in and out are Django's views)."""
from django.contrib import messages
from django.conf import settings
from django.contrib.auth import login
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods
from django.utils.translation import gettext as _, ngettext

from games.errors import GameError
from games.forms import GuestForm, SignUpForm
from games.identity import request_identity
from games.models import Guest
from games.rate_limits import client_ip, parse_rate, take_one
from games.services.accounts import become_guest, forget_guest, keep_guest_as_account


def _next_url(request, default="games:list"):
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                   require_https=request.is_secure()):
        return target
    return default


@require_http_methods(["GET", "HEAD", "POST"])
def sign_up(request):
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        forget_guest(request.session)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next_url(request))
    return render(request, "registration/signup.html", {"form": form, "next": _next_url(request, "")})


@require_http_methods(["GET", "HEAD", "POST"])
def play_as_guest(request):
    identity = request_identity(request)
    form = GuestForm(request.POST or None)
    context = {"form": form, "identity": identity, "next": _next_url(request, "")}
    if request.method == "POST" and form.is_valid():
        wait = take_one("guest", client_ip(request) or "unknown", parse_rate(settings.GAMES_GUEST_RATE, "GAMES_GUEST_RATE"))
        if wait:
            minutes = -(-wait // 60)
            context["too_many_guests"] = ngettext(
                "Too many guests were created from your address: try again in %(minutes)d minute, or log in.",
                "Too many guests were created from your address: try again in %(minutes)d minutes, or log in.",
                minutes) % {"minutes": minutes}
            response = render(request, "registration/guest.html", context, status=429)
            response["Retry-After"] = str(wait)
            return response
        try:
            become_guest(request.session, form.cleaned_data["nickname"])
        except GameError as exc:
            form.add_error("nickname", exc.message)
        else:
            return redirect(_next_url(request))
    return render(request, "registration/guest.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def keep_as_account(request):
    identity = request_identity(request)
    if identity.guest_id is None:
        messages.error(request, _("Only a guest can be kept as an account."))
        return redirect("games:list")
    guest = Guest.objects.get(pk=identity.guest_id)
    form = SignUpForm(request.POST or None, initial={"username": guest.nickname.replace(" ", "_")})
    if request.method == "POST" and form.is_valid():
        user = keep_guest_as_account(guest, username=form.cleaned_data["username"],
                                     password=form.cleaned_data["password1"])
        forget_guest(request.session)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, %(name)s: your games are now in your account.") % {"name": user.username})
        return redirect(_next_url(request))
    return render(request, "registration/keep.html", {"form": form, "guest": guest})
