"""Forms of the account pages: sign up (also a guest kept as an account), change the address, reset a password."""
from functools import partial

from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.accounts.mails import mail_language
from games.accounts.selectors import email_taken
from games.accounts.services import normalize_email
from games.rate_limits import parse_rate, take_one


def address_field(label=_("E-mail address"), help_text=None):
    return forms.EmailField(label=label, max_length=254, help_text=help_text,
                            widget=forms.EmailInput(attrs={"autocomplete": "email"}))


class SignUpForm(UserCreationForm):
    email = address_field(help_text=_("We mail you a link to confirm it. Other players never see it."))

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def clean_email(self):
        email = normalize_email(self.cleaned_data["email"])
        if email_taken(email):
            raise forms.ValidationError(_("This e-mail address is already used by another account."),
                                        code="email_taken")
        return email


class EmailChangeForm(forms.Form):
    email = address_field(label=_("New e-mail address"))
    password = forms.CharField(label=_("Your password"), strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}))

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_email(self):
        email = normalize_email(self.cleaned_data["email"])
        if email_taken(email, except_user=self.user):
            raise forms.ValidationError(_("This e-mail address is already used by another account."),
                                        code="email_taken")
        return email

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("Your password was entered incorrectly."), code="password_incorrect")
        return password


class AccountPasswordResetForm(PasswordResetForm):
    """Django's form, answering the same whatever the address: at most GAMES_PASSWORD_RESET_MAIL_RATE mails per
    address (past that nothing is sent, and nothing says so), each in its user's language, after commit."""

    email = address_field()

    def get_users(self, email):
        rate = parse_rate(settings.GAMES_PASSWORD_RESET_MAIL_RATE, "GAMES_PASSWORD_RESET_MAIL_RATE")
        if take_one("password-reset-mail", normalize_email(email).lower(), rate):
            return iter(())
        return super().get_users(email)

    def send_mail(self, *args, **kwargs):
        context = args[2] if len(args) > 2 else kwargs["context"]
        language = mail_language(context["user"], translation.get_language())
        transaction.on_commit(partial(self.send_mail_in, language, *args, **kwargs))

    def send_mail_in(self, language, *args, **kwargs):
        with translation.override(language):
            super().send_mail(*args, **kwargs)
