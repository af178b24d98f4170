"""The types of legacy `key=value` values (`victim_vp=1`, `pay=g:1,s:1`, `to=stack`): each checks a value's text
and says in words what it expects. A verb declares one type per key (compound_params.Pairs), and that one
declaration drives both the check when a card is saved and the grammar table of docs/effects.md.

`check(text, resources)` and `describe(resources)` take the vocabulary's resource letters, so a type names no game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cards.effects.phrases import _
from cards.effects.spelling import listed

_DIGITS = re.compile(r"\d+\Z")
_RESOURCE_AMOUNT = re.compile(r"(\w+):(\d+)\Z")
_PER_OWNED_ROLE = re.compile(r"(\w+)_per_owned_role:(\w+)_citizens?\Z")


@dataclass(frozen=True)
class WholeNumber:
    """A whole number from `low` to `high` (no sign; None: no upper bound)."""

    low: int = 1
    high: int | None = None

    def check(self, text: str, resources) -> bool:
        if not _DIGITS.match(text):
            return False
        value = int(text)
        return value >= self.low and (self.high is None or value <= self.high)

    def describe(self, resources):
        if self.high is None:
            return _("a whole number of %(low)s or more", low=self.low)
        return _("a whole number from %(low)s to %(high)s", low=self.low, high=self.high)


@dataclass(frozen=True)
class DieFace(WholeNumber):
    """A face of a six-sided die."""

    low: int = 1
    high: int | None = 6

    def describe(self, resources):
        return _("a die face (1 to 6)")


@dataclass(frozen=True)
class OneOf:
    """One word out of a closed list."""

    choices: tuple[str, ...]
    what: str = _("a word")

    def check(self, text: str, resources) -> bool:
        return text in self.choices

    def describe(self, resources):
        return _("%(what)s (%(choices)s)", what=self.what, choices=listed(self.choices))


@dataclass(frozen=True)
class ResourceAmounts:
    """`RESOURCE:N`, or several joined by commas (`g:1,s:1,m:1`), each N 1 or more."""

    def check(self, text: str, resources) -> bool:
        return all(_amount_ok(part, resources) for part in text.split(","))

    def describe(self, resources):
        return _("resource amounts such as g:3 or g:1,s:1 (resources: %(choices)s; amounts 1 or more)",
                 choices=listed(resources))


@dataclass(frozen=True)
class DieCost(ResourceAmounts):
    """What changing a die costs: resource amounts, or one of a resource per owned Citizen of a role
    (`g_per_owned_role:holy_citizen`)."""

    roles: tuple[str, ...] = ()

    def check(self, text: str, resources) -> bool:
        match = _PER_OWNED_ROLE.match(text)
        if match is not None:
            return match.group(1) in resources and match.group(2) in self.roles
        return super().check(text, resources)

    def describe(self, resources):
        return _("resource amounts such as g:2, or RESOURCE_per_owned_role:ROLE_citizen (resources: %(choices)s; "
                 "roles: %(roles)s)", choices=listed(resources), roles=listed(self.roles))


def _amount_ok(part: str, resources) -> bool:
    match = _RESOURCE_AMOUNT.match(part)
    return match is not None and match.group(1) in resources and int(match.group(2)) >= 1


def value_expected(key: str, kind, resources):
    """What a bad value of `key` should have been: "a die face (1 to 6) for target=" (phrases, so translatable)."""
    return _("%(what)s for %(key)s=", what=kind.describe(resources), key=key)
