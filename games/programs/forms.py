from django import forms
from django.utils.translation import gettext_lazy as _


class ProgramAccountForm(forms.Form):
    program = forms.BooleanField(
        label=_("This account is played by a program"), required=False,
        help_text=_("A program (a bot you wrote) plays with this account through the API: everyone sees a "
                    "“program” badge beside its name and it appears on the games' bot ladders. It plays rated "
                    "games like any registered account."))
