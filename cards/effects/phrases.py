"""The words of the grammar's errors ("a number (1 or more) after 'c'"), kept translatable without Django.

An error says what was expected in English; `EffectError.expected` is that English text. Each part of it is a
`Phrase`: a `str` (its English) that also remembers the template and the values it was made from, so the card
database can word the same expectation in the reader's language (cards.effect_messages renders it through
gettext, phrase by phrase). Tokens and grammar symbols ('from', take, roller, c N ...) are plain values inside
phrases and stay as they are written.

`_("template %(name)s", name=value)` makes a phrase; xgettext reads `_("...")` into the cards catalogue
(cards/locale, `make messages`). Templates use named placeholders only, and are %-formatted only when they have
values, so a template without any may hold a plain '%'.
"""

from __future__ import annotations


class Phrase(str):
    """English text made from a template and values (plain strings or other phrases)."""

    template: str
    values: dict

    def __new__(cls, template: str, **values):
        english = template % {name: str(value) for name, value in values.items()} if values else template
        phrase = super().__new__(cls, english)
        phrase.template, phrase.values = template, values
        return phrase

    def __reduce__(self):
        return (_rebuild, (type(self), self.template, self.values))

    def render(self, translate) -> str:
        """The phrase worded by `translate` (template -> template in another language), its values too."""
        if not self.values:
            return translate(self.template)
        return translate(self.template) % {name: render(value, translate) for name, value in self.values.items()}


class Joined(Phrase):
    """Items joined by a separator that needs no translation (", "), each item rendered in turn."""

    def __new__(cls, separator: str, items):
        items = tuple(items)
        phrase = str.__new__(cls, separator.join(str(item) for item in items))
        phrase.template, phrase.values, phrase.separator, phrase.items = separator, {}, separator, items
        return phrase

    def __reduce__(self):
        return (type(self), (self.separator, self.items))

    def render(self, translate) -> str:
        return self.separator.join(render(item, translate) for item in self.items)


def _rebuild(cls, template, values):
    return cls(template, **values)


def render(value, translate) -> str:
    """`value` in the language of `translate`: a phrase is translated, anything else (a token) is left as it is."""
    return value.render(translate) if isinstance(value, Phrase) else str(value)


def _(template: str, **values) -> Phrase:
    """A phrase of an error message, marked for the catalogue."""
    return Phrase(template, **values)


def either(items) -> str:
    """["a", "b", "c"] -> "a or b or c" (no commas: choices that are grammar words, like mode=... or mode=...)."""
    items = list(items)
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("%(first)s or %(second)s", first=text, second=item)
    return text
