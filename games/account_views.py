"""Accounts: sign up, play as a guest, keep a guest as an account, confirm the address, the settings page and
password reset by mail (log in and out, and the reset pages, are Django's views)."""
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash, views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, gettext as _, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from games.accounts.forms import AccountPasswordResetForm, EmailChangeForm, SignUpForm
from games.accounts.selectors import account_email, email_confirmed
from games.accounts.services import (
    ALREADY_CONFIRMED, do_after_password_reset, do_change_email, do_confirm_email, do_send_confirmation, do_sign_up,
)
from games.accounts.tokens import BadLink, ExpiredLink
from games.errors import GameError, TooManyGuests
from games.forms import GuestForm
from games.identity import request_identity
from games.models import Guest
from games.programs.forms import ProgramAccountForm
from games.programs.selectors import is_program
from games.programs.services import do_mark_program
from games.rate_limits import client_ip, parse_rate, take_one
from games.services.accounts import become_guest, count_new_guest, forget_guest, keep_guest_as_account

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _next_url(request, default="games:list"):
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                   require_https=request.is_secure()):
        return target
    return default


def _link_base(request):
    return f"{request.scheme}://{request.get_host()}"


def _too_many(request, scope, setting, message):
    """The message (`message(minutes)`) and seconds to wait when this client address is over the rate `setting`,
    else (None, 0)."""
    wait = take_one(scope, client_ip(request) or "unknown", parse_rate(getattr(settings, setting), setting))
    if not wait:
        return None, 0
    minutes = -(-wait // 60)
    return message(minutes) % {"minutes": minutes}, wait


def _refused(request, template, context, message, wait):
    response = render(request, template, {**context, "too_many": message}, status=429)
    response["Retry-After"] = str(wait)
    return response


def _mail_sent_message(request, email):
    messages.success(request, _("We sent a confirmation link to %(email)s: open it to confirm your address.")
                     % {"email": email})


@require_http_methods(["GET", "HEAD", "POST"])
def sign_up(request):
    form = SignUpForm(request.POST or None)
    context = {"form": form, "next": _next_url(request, "")}
    if request.method == "POST" and form.is_valid():
        message, wait = _too_many(request, "signup", "GAMES_SIGNUP_RATE", lambda minutes: ngettext(
            "Too many accounts were created from your address: try again in %(minutes)d minute.",
            "Too many accounts were created from your address: try again in %(minutes)d minutes.", minutes))
        if message:
            return _refused(request, "registration/signup.html", context, message, wait)
        try:
            user = do_sign_up(username=form.cleaned_data["username"], email=form.cleaned_data["email"],
                              password=form.cleaned_data["password1"], language=get_language(),
                              link_base=_link_base(request))
        except GameError as exc:
            form.add_error(None, exc.message)
        else:
            forget_guest(request.session)
            login(request, user, backend=MODEL_BACKEND)
            _mail_sent_message(request, user.email)
            return redirect(_next_url(request))
    return render(request, "registration/signup.html", context)


def too_many_guests(request, template, context, wait):
    """The page again, answering 429, with why no guest was made (the guest rate per client address)."""
    minutes = -(-wait // 60)
    context["too_many_guests"] = ngettext(
        "Too many guests were created from your address: try again in %(minutes)d minute, or log in.",
        "Too many guests were created from your address: try again in %(minutes)d minutes, or log in.",
        minutes) % {"minutes": minutes}
    response = render(request, template, context, status=429)
    response["Retry-After"] = str(wait)
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def play_as_guest(request):
    identity = request_identity(request)
    form = GuestForm(request.POST or None)
    context = {"form": form, "identity": identity, "next": _next_url(request, "")}
    if request.method == "POST" and form.is_valid():
        try:
            count_new_guest(client_ip(request))
        except TooManyGuests as exc:
            return too_many_guests(request, "registration/guest.html", context, exc.details["wait"])
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
        try:
            user = keep_guest_as_account(guest, username=form.cleaned_data["username"],
                                         password=form.cleaned_data["password1"], email=form.cleaned_data["email"],
                                         language=get_language(), link_base=_link_base(request))
        except GameError as exc:
            form.add_error(None, exc.message)
        else:
            forget_guest(request.session)
            login(request, user, backend=MODEL_BACKEND)
            messages.success(request, _("Welcome, %(name)s: your games are now in your account.") % {"name": user.username})
            _mail_sent_message(request, user.email)
            return redirect(_next_url(request))
    return render(request, "registration/keep.html", {"form": form, "guest": guest})


@require_http_methods(["GET", "HEAD"])
def confirm_email(request, token):
    """The mailed link: confirms the address (no login needed, the link is the proof)."""
    try:
        outcome = do_confirm_email(token)
    except ExpiredLink:
        problem = _("This link has expired. Log in and ask for a new one on your account settings.")
    except BadLink:
        problem = _("This link is not valid: copy the whole link from the mail, or ask for a new one.")
    except GameError as exc:
        problem = exc.message
    else:
        return render(request, "registration/email_confirmed.html", {"already": outcome == ALREADY_CONFIRMED})
    return render(request, "registration/email_confirmed.html", {"problem": problem}, status=400)


@require_http_methods(["GET", "HEAD", "POST"])  # before the login redirect: other methods get 405
@login_required
def resend_confirmation(request):
    """The page to send the confirmation link again (also a button of the settings page)."""
    row = account_email(request.user)
    context = {"account_email": row, "confirmed": email_confirmed(request.user)}
    if request.method == "POST":
        try:
            address = do_send_confirmation(request.user, link_base=_link_base(request), language=get_language())
        except GameError as exc:
            return _refused(request, "registration/resend_confirmation.html", context, exc.message,
                            exc.details.get("wait", 60))
        if address:
            _mail_sent_message(request, address)
        else:
            messages.info(request, _("Your address is already confirmed."))
        return redirect(_next_url(request, "account-settings"))
    return render(request, "registration/resend_confirmation.html", context)


@require_http_methods(["GET", "HEAD", "POST"])  # before the login redirect: other methods get 405
@login_required
def account_settings(request):
    """The account's address (confirmed or not, changing it), password, and whether a program plays it."""
    user = request.user
    which = request.POST.get("form") if request.method == "POST" else None
    email_form = EmailChangeForm(user, request.POST if which == "email" else None, prefix="email")
    password_form = PasswordChangeForm(user, request.POST if which == "password" else None, prefix="password")
    password_form.fields["old_password"].widget.attrs.pop("autofocus", None)   # the page opens at its top
    program_form = ProgramAccountForm(request.POST if which == "program" else None, prefix="program",
                                      initial={"program": is_program(user)})
    if which == "email" and email_form.is_valid():
        try:
            row = do_change_email(user, email_form.cleaned_data["email"], link_base=_link_base(request),
                                  language=get_language())
        except GameError as exc:
            email_form.add_error("email", exc.message)
        else:
            if row.pending_email or not row.confirmed_at:
                _mail_sent_message(request, row.pending_email or row.email)
            return redirect("account-settings")
    if which == "password" and password_form.is_valid():
        password_form.save()
        update_session_auth_hash(request, password_form.user)
        messages.success(request, _("Your password was changed."))
        return redirect("account-settings")
    if which == "program" and program_form.is_valid():
        if do_mark_program(user, program_form.cleaned_data["program"]):
            messages.success(request, _("This account is now marked as played by a program."))
        else:
            messages.success(request, _("This account is no longer marked as played by a program."))
        return redirect("account-settings")
    context = {"email_form": email_form, "password_form": password_form, "program_form": program_form,
               "account_email": account_email(user), "confirmed": email_confirmed(user)}
    return render(request, "registration/settings.html", context, status=400 if which else 200)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's view with the site's mail and a limit per client address (the form limits mails per address)."""

    form_class = AccountPasswordResetForm
    template_name = "registration/password_reset_form.html"
    subject_template_name = "registration/mail/password_reset_subject.txt"
    email_template_name = "registration/mail/password_reset.txt"
    html_email_template_name = "registration/mail/password_reset.html"
    http_method_names = ["get", "head", "post", "options"]

    def post(self, request, *args, **kwargs):
        form = self.get_form()
        if form.is_valid():
            message, wait = _too_many(request, "password-reset", "GAMES_PASSWORD_RESET_RATE", lambda minutes: ngettext(
                "Too many password resets were asked from your address: try again in %(minutes)d minute.",
                "Too many password resets were asked from your address: try again in %(minutes)d minutes.", minutes))
            if message:
                return _refused(request, self.template_name, self.get_context_data(form=form), message, wait)
            with transaction.atomic():   # the mails leave once it commits
                return self.form_valid(form)
        return self.form_invalid(form)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "registration/password_reset_confirm.html"
    success_url = reverse_lazy("password_reset_complete")
    http_method_names = ["get", "head", "post", "options"]

    def dispatch(self, *args, **kwargs):
        # Django's view answers a bad link before it looks at the method: other methods get their 405 first.
        if self.request.method.lower() not in self.http_method_names:
            return self.http_method_not_allowed(self.request, *args, **kwargs)
        return super().dispatch(*args, **kwargs)

    def form_valid(self, form):
        response = super().form_valid(form)
        do_after_password_reset(form.user)
        return response


password_reset_done = auth_views.PasswordResetDoneView.as_view(template_name="registration/password_reset_done.html")
password_reset_complete = auth_views.PasswordResetCompleteView.as_view(
    template_name="registration/password_reset_complete.html")
