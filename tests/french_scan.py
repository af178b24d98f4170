"""What a French page must not show: the English sentences of the site's catalogue (locale/fr).

Shared by the server-rendered scan (tests/test_french_pages.py) and the phone game in a browser
(tests/browser/test_french_browser.py). A msgid whose French differs is cut at its placeholders and tags;
each piece of two words or more (ten characters at least) that the French does not contain is a fragment.
"""
import gettext
import re
from html.parser import HTMLParser
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[1] / "locale" / "fr" / "LC_MESSAGES"
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sdr]|%[sd]|\{\}|<[^>]+>")


def english_fragments():
    fragments = set()
    for domain in ("django", "djangojs"):
        with open(LOCALE / f"{domain}.mo", "rb") as handle:
            catalog = gettext.GNUTranslations(handle)._catalog
        for key, french in catalog.items():
            msgid = key[0] if isinstance(key, tuple) else key
            context, _, msgid = msgid.rpartition("\x04")
            if not msgid or msgid == french or context == "game":  # a game's name: a page may give both
                continue
            for piece in PLACEHOLDER.split(msgid):
                piece = piece.strip(" .,:;()·")
                if len(piece.split()) >= 2 and len(piece) >= 10 and piece not in french:
                    fragments.add(piece)
    return fragments


def english_in(text, fragments):
    text = " ".join(text.split())
    return sorted(f for f in fragments if f in text)


class VisibleText(HTMLParser):
    """A page's text as a reader meets it: the body's text and its aria-label, title and placeholder
    attributes, less scripts, styles, templates and the guides' English bodies (`article.doc`)."""

    SKIPPED = {"script", "style", "template"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__()
        self.parts, self.stack = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        skipped = tag in self.SKIPPED or (tag == "article" and "doc" in (attrs.get("class") or "").split())
        if tag not in self.VOID:
            self.stack.append(skipped)
        if not any(self.stack):
            self.parts += [attrs[name] for name in ("aria-label", "title", "placeholder") if attrs.get(name)]

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not any(self.stack):
            self.parts.append(data)

    @classmethod
    def of(cls, html):
        parser = cls()
        parser.feed(html)
        return "\n".join(parser.parts)
