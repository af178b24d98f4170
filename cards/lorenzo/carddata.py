"""Plain values passed between the reader, the validator, the database and the exporter."""
from dataclasses import dataclass, field

from django.utils.text import slugify
from django.utils.translation import gettext


def json_path(*parts):
    """``("cards", 12, "instantPayload", 1, "REGIONID")`` -> ``cards[12].instantPayload[1].REGIONID``."""
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.replace("_", "").isalnum():
            text += f".{part}" if text else part
        else:
            text += f"[{part!r}]".replace("'", '"')
    return text


@dataclass(frozen=True)
class Problem:
    """An error or a warning about a card file, located as precisely as we can."""

    message: str
    file: str = ""
    path: str = ""
    card: str = ""
    line: int | None = None
    column: int | None = None
    code: str = "invalid"  # the API's error code for it (a limit has its own)

    def __str__(self):
        """Where, then what: "cards.json, line 3, column 5: ...", in the active language."""
        where = [self.file] if self.file else []
        if self.line is not None:
            where.append(gettext("line %(line)s, column %(column)s") % {"line": self.line, "column": self.column})
        if self.card:
            where.append(gettext("card %(name)r") % {"name": self.card})
        if self.path:
            where.append(self.path)
        if not where:
            return self.message
        return gettext("%(where)s: %(message)s") % {"where": ", ".join(where), "message": self.message}

    def as_dict(self):
        data = {"message": self.message, "file": self.file, "path": self.path, "card": self.card}
        if self.line is not None:
            data.update(line=self.line, column=self.column)
        return data


@dataclass(frozen=True)
class EffectData:
    """One effect of a card: its slot (instant, permanent, flag), keyword and normalised payload."""

    timing: str
    effect: str
    payload: object = None


@dataclass
class CardData:
    """One card in normalised form: what the database stores and the exporter writes back."""

    kind: str
    name: str
    source_name: str = ""  # the name exactly as the file wrote it, when it had stray characters
    period: int | None = None
    card_type: str | None = None
    costs: list | None = None
    requirements: dict | None = None
    minimum_action_value: int | None = None
    exclusive_permanent_effect: bool | None = None
    image_name: str = ""
    effects: tuple = ()
    # Where the card came from (not part of the card's value).
    file: str = field(default="", compare=False)
    path: str = field(default="", compare=False)

    @property
    def slug(self):
        return slugify(self.name)

    def effects_in(self, timing):
        return [effect for effect in self.effects if effect.timing == timing]
