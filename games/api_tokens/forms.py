from django import forms
from django.utils.translation import gettext_lazy as _

from games.api_tokens.services import NAME_LENGTH


class NewTokenForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_LENGTH,
                           help_text=_("What program will use it, so you recognise it later (e.g. \"my Aquarius bot\")."))
