"""Effect-grammar errors for people, in the active language.

The grammar (cards.effects, plain Python) words its errors in English: `str(error)` is "col 5: expected a number
(1 or more) after 'c', found '@'". Its expectation is made of phrases (cards.effects.phrases) that remember their
templates, so here the whole message is worded through gettext: in French "col. 5 : attendu un nombre (1 ou plus)
après 'c', trouvé '@'", tokens and grammar symbols left as written. In English it is `str(error)` exactly.
This module imports no model, so the models' validators (Valeria's effect columns) use it too.
"""
from django.utils.translation import gettext

from cards.effects.errors import END_OF_EFFECT
from cards.effects.phrases import render


def expected_text(error):
    """What the grammar expected where it stopped, in the active language."""
    return render(error.expected, gettext)


def effect_error_message(error):
    """An EffectError for people, in the active language (in English, `str(error)` exactly)."""
    shown = error.token.replace("\n", "\\n").replace("\t", "\\t")
    found = gettext("end of effect") if error.token == END_OF_EFFECT else f"'{shown}'"
    return gettext("col %(column)d: expected %(expected)s, found %(found)s") % {
        "column": error.column, "expected": expected_text(error), "found": found}
