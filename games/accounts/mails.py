"""The mails of accounts, written in the user's language (their saved choice, else the page's they were on)."""
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import translation

from games.language import saved_language


def mail_language(user, fallback=None):
    return saved_language(user) or fallback or translation.get_language() or settings.LANGUAGE_CODE


def send_templated_mail(*, to, template, context, language):
    """Render `template`_subject.txt, .txt and .html in `language` and send them to `to`."""
    with translation.override(language):
        subject = " ".join(render_to_string(f"{template}_subject.txt", context).split())
        text = render_to_string(f"{template}.txt", context)
        html = render_to_string(f"{template}.html", context)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [to])
    message.attach_alternative(html, "text/html")
    message.send()


def send_confirmation_mail(*, user, email, link, language, change=False):
    send_templated_mail(to=email, template="registration/mail/confirm_email", language=language,
                        context={"user": user, "email": email, "link": link, "change": change,
                                 "days": int(settings.ACCOUNT_CONFIRMATION_DAYS)})
