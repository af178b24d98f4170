"""Legacy Valeria effect strings -> the unified grammar (the seed's "Proposed rewrites").

The Valeria vocabulary (vocabulary.py) reads the legacy forms into the same tree as their unified spelling (this
module builds that tree for `manipulate_resources mode=...`), so a rewrite is: parse under "valeria", print
canonically (cards.effects.rewrite(text, game="valeria")).

    manipulate_resources mode=self_convert pay=g:3 gain=v:3 optional=true -> self_convert g 3 v 3 optional
    manipulate_resources mode=pay_to_player gain=v:1 pay=g:1 optional=true -> pay_to_player g 1 v 1 optional
    manipulate_resources mode=take_from_player take=g:1 optional=true      -> take_from_player g 1 optional
    manipulate_resources mode=gain gain=s:1                                -> s 1
    action.modify_monster_strength +3                                      -> modify_monster_strength 3
"""

from __future__ import annotations

import re

from cards.effects.phrases import _, either
from cards.effects.tree import Amount, Call, Gain

_COLON_AMOUNT = re.compile(r"(\w+):(\d+)\Z")

# mode -> (the keys whose amounts become positional, in order)
MODES = {
    "self_convert": ("pay", "gain"),
    "pay_to_player": ("pay", "gain"),
    "take_from_player": ("take",),
    "gain": ("gain",),
}


def build_manipulate_resources(values, cursor):
    """The unified node of `manipulate_resources mode=M key=R:N ... [optional=true|false]`."""
    ((_param, pairs, first),) = values
    given = {kv.key: kv.value for kv in pairs}
    mode = given.get("mode")
    if mode not in MODES:
        raise cursor.error(either(f"mode={m}" for m in MODES), first)
    keys = MODES[mode]
    unexpected = sorted(set(given) - {"mode", "optional", *keys})
    if unexpected:
        raise cursor.error(_("only %(keys)s and optional= with mode=%(mode)s", keys=", ".join(k + "=" for k in keys),
                             mode=mode), first)
    amounts = []
    for key in keys:
        if key not in given:
            raise cursor.error(_("%(key)s=RESOURCE:N with mode=%(mode)s", key=key, mode=mode), first)
        match = _COLON_AMOUNT.match(given[key])
        if match is None or match.group(1) not in cursor.vocabulary.resources:
            raise cursor.error(_("%(key)s=RESOURCE:N (a resource then a number, like g:3)", key=key), first)
        amounts.append(Amount(match.group(1), int(match.group(2))))
    optional = given.get("optional", "false")
    if optional not in ("true", "false"):
        raise cursor.error(either(["optional=true", "optional=false"]), first)
    if mode == "gain":
        if optional == "true":
            raise cursor.error(_("no optional= with mode=gain"), first)
        return Gain(amounts[0])
    return Call(mode, tuple(amounts) + (("optional",) if optional == "true" else ()))
