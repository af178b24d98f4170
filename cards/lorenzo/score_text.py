"""The final score in words, in the active language: one line per ScoreSheet line, then the total.

The scoring (scoring.py) stays free of Django and records each line's kind and numbers (ScoreSheet.details);
the sentences are gettext strings of the cards catalogue (cards/locale), with plurals on the number they count."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy


# kind -> the line's words from its facts (scoring.score_player says which kind carries which numbers)
LINE_WORDS = {
    "victory_points": gettext_lazy("victory points during the game"),
    "faith": ngettext_lazy("%(count)d faith point (third Vatican report)",
                           "%(count)d faith points (third Vatican report)", "count"),
    "MOREFAITH": gettext_lazy("Sisto IV: supporting the Church"),
    "LESSFORVICTORY": ngettext_lazy("1 for every 5 of %(count)d victory point",
                                    "1 for every 5 of %(count)d victory points", "count"),
    "territories": ngettext_lazy("%(count)d territory card", "%(count)d territory cards", "count"),
    "characters": ngettext_lazy("%(count)d character card", "%(count)d character cards", "count"),
    "ventures": ngettext_lazy("%(count)d venture card", "%(count)d venture cards", "count"),
    "military": ngettext_lazy("%(count)d military point", "%(count)d military points", "count"),
    "resources": ngettext_lazy("%(count)d resource", "%(count)d resources", "count"),
    "LESSFORMILITARY": gettext_lazy("1 for every military point"),
    "LESSFORBUILDING": gettext_lazy("1 for every wood and stone on building cards' costs"),
    "LESSFORRESOURCE": gettext_lazy("1 for every wood, stone, coin and servant"),
}


def line_what(details):
    """What a score line counts, e.g. "3 territory cards" / "3 cartes Territoire"."""
    what = str(LINE_WORDS[details["kind"]] % details)
    if details.get("excommunication"):
        what = _("%(what)s (excommunicated: %(flag)s)") % {"what": what, "flag": details["excommunication"]}
    return what


def signed(points):
    if points > 0:
        return ngettext("+%(count)d victory point", "+%(count)d victory points", points) % {"count": points}
    if points < 0:
        return ngettext("−%(count)d victory point", "−%(count)d victory points", -points) % {"count": -points}
    return _("no victory points")


def line_sentence(what, points):
    return _("%(what)s: %(points)s.") % {"what": what[:1].upper() + what[1:], "points": signed(points)}


def below_zero(raw):
    return _("The sum is %(sum)d; the victory point track stops at 0.") % {"sum": raw}


def final_score(total):
    return ngettext("Final score: %(count)d victory point.", "Final score: %(count)d victory points.", total) % {
        "count": total}
