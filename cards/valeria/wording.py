"""The words of Valeria's effect arguments that both phrasebooks and the walk share: resource, role and group
names, costs read from legacy `key=value` values, and how counted things are named. Plain Python.

Kept apart from the walk (explain.py) so that the phrasebooks (explain_en.py, explain_fr.py) build on these
without importing the walk, which imports them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cards.effects.tree import Amount

GROUP_CHANGES = ("all_lose", "all_gain", "active_gain", "others_gain", "active_lose", "others_lose")
GROUP_MODALS = ("all_may", "all_must", "active_may")
RESOURCES = ("g", "m", "s", "v", "p", "t", "wild")
ROLES = ("holy", "shadow", "soldier", "worker")
CARD_KINDS = ("citizen", "monster", "domain", "noble")  # the kind words verbs take (banish_center monster ...)
RESOURCE_WORDS = {"gold": "g", "strength": "s", "magic": "m"}  # floor_div gold 3 1
NO_ARGUMENTS = ("slay", "recruit", "build_domain", "sail", "refresh_tomes", "place_kings_guard",
                "block_recruit_matching_roll", "gain_self_gold_pool", "flip_opponent_citizen", "flip_opponent_domain",
                "concurrent_flip_one_citizen", "banish_player_citizen", "banish_random_player_monster",
                "newshilinatower", "northernwall", "reroll_one_die", "reroll_both_dice_pay_magic_2",
                "exekratys_immune", "take", "banish_center_citizen", "banish_center_domain")
_COLON_AMOUNT = re.compile(r"([a-z]+):(\d+)\Z")
_PER_OWNED_ROLE = re.compile(r"([a-z]+)_per_owned_role:([a-z]+)_citizens?\Z")


@dataclass(frozen=True)
class PerOwned:
    """A cost that grows with your Citizens of a role (`cost=g_per_owned_role:holy_citizen`)."""

    amount: Amount
    role: str


def amounts_in(text) -> tuple[Amount, ...] | None:
    """The amounts of a legacy `key=value` value (`g:3`, `g:1,s:1,m:1`), or None if it is not one."""
    amounts = []
    for part in str(text).split(","):
        match = _COLON_AMOUNT.match(part)
        if match is None or match.group(1) not in RESOURCES:
            return None
        amounts.append(Amount(match.group(1), int(match.group(2))))
    return tuple(amounts)


def cost_in(text) -> tuple[Amount, ...] | PerOwned | None:
    """A die-setting cost: amounts, or an amount per owned Citizen of a role; None if it is neither."""
    match = _PER_OWNED_ROLE.match(str(text))
    if match and match.group(1) in RESOURCES and match.group(2) in ROLES:
        return PerOwned(Amount(match.group(1), 1), match.group(2))
    return amounts_in(text)


def title(word: str) -> str:
    """A game name written as a key (`undead_samurai`, `minion`) as a name: Undead Samurai, Minion."""
    return " ".join(part.capitalize() for part in str(word).split("_"))


def _number(value) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return int(value) if isinstance(value, str) and value.isdigit() else None


def count_words(what: str, book) -> str:
    """The counted thing of a `count` verb ("owned_citizens", "area Forest" ...) in the phrasebook's words."""
    scope, _, name = what.partition(" ")
    if scope in book.COUNTED:  # a scope with words of its own: owned_citizen_name Knight, area Forest
        return book.COUNTED[scope].format(name=name)
    if scope.startswith("owned_") and name:
        return book.COUNTED["owned_named"].format(name=name)
    if scope.startswith("owned_"):
        return book.COUNTED["owned_kind"].format(kind=book.word(scope.removeprefix("owned_").rstrip("s")))
    return book.COUNTED["other"].format(name=name, scope=scope)
