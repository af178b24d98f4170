"""The guides in docs/ as site pages, so a visitor opens them instead of being sent to a repository path.

Only the listed guides are served; links between them become site links, links to other repository
files become plain text. Markdown is rendered with markdown-it (raw HTML off, so the pages stay escaped).
A guide translated into a site language lives beside it as docs/<language>/<name>.md (the players' guide
in French: docs/fr/playing.md) and is served to readers of that language; the others read the English.
"""
import re
from functools import lru_cache

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language, gettext, gettext_lazy as _
from django.views.decorators.http import require_safe
from markdown_it import MarkdownIt

GUIDES = {
    "playing": _("Players' guide"),
    "rules": _("Machi Koro: the engine's rules"),
    "rules-aquarius": _("Aquarius: the engine's rules"),
    "aquarius-rpc": _("Aquarius referee API"),
    "machikoro-rpc": _("Machi Koro referee API"),
    "write-a-bot": _("Write a bot"),
    "api": _("API guide"),
    "effects": _("Effect grammar"),
    "designers": _("Designers' guide"),
    "card-data": _("Card data"),
    "statistics": _("Statistics"),
    "balance-lab": _("Balance lab"),
    "strategies": _("Bot strategies"),
    "lorenzo": _("Lorenzo cards"),
}
PLAYERS_RULES = {"rules": "machikoro", "rules-aquarius": "aquarius"}  # an engine's guide -> its game's players' rules
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def _site_link(match):
    text, target = match.group(1), match.group(2)
    if re.match(r"^(https?:|mailto:|#)", target):
        return match.group(0)
    path, _, anchor = target.partition("#")
    name = path.rsplit("/", 1)[-1].removesuffix(".md")
    if path.endswith(".md") and name in GUIDES:
        return f"[{text}]({reverse('docs', args=[name])}{'#' + anchor if anchor else ''})"
    return text  # a repository file: its name stays as text, without a dead link


@lru_cache(maxsize=None)
def _render(path, _mtime):
    source = path.read_text(encoding="utf-8")
    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    return parser.render(_LINK.sub(_site_link, source))


def guide_source(name, language):
    """(path, language) of the guide a reader of `language` gets: its translation when there is one."""
    translated = settings.BASE_DIR / "docs" / language / f"{name}.md"
    if language != "en" and translated.is_file():
        return translated, language
    return settings.BASE_DIR / "docs" / f"{name}.md", "en"


@require_safe
def guide(request, name="playing"):
    if name not in GUIDES:
        raise Http404(gettext("No such guide."))
    path, guide_language = guide_source(name, get_language() or "en")
    html = _render(path, path.stat().st_mtime)
    return render(request, "docs/guide.html", {"html": html, "title": GUIDES[name], "name": name, "guides": GUIDES,
                                               "guide_language": guide_language,
                                               "players_rules": reverse("games:rules", args=[PLAYERS_RULES[name]])
                                               if name in PLAYERS_RULES else ""})
