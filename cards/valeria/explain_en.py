"""The English phrasebook of the Valeria explainer: explain.py walks the tree, this module words it,
with the same names as the French phrasebook (explain_fr.py)."""

from __future__ import annotations

from cards.effects.tree import Amount
from cards.valeria.wording import GROUP_CHANGES, GROUP_MODALS, RESOURCE_WORDS, PerOwned, _number, cost_in, count_words, title

WORDING = {"phase": "{}", "whose": "{} whose {}", "and": "and", "or": "or", "take": "take {}", "pay": "pay {}",
           "gain": "gain {}", "choose": "choose one: {}",
           # after "may"/"must" (all_may ...): English reads the same
           "take_after_modal": "take {}", "pay_after_modal": "pay {}", "gain_after_modal": "gain {}",
           "choose_after_modal": "choose one: {}"}
RESOURCE_NAMES = {"g": "Gold", "m": "Magic", "s": "Strength", "v": "Victory Point", "p": "Map", "t": "Tome",
                  "wild": "Wild"}
PLURAL_NAMES = {"Victory Point": "Victory Points", "Map": "Maps", "Tome": "Tomes"}
PHASE_OPENINGS = {
    "action.start": "at the start of your Action phase",
    "action.end": "at the end of your Action phase",
    "action.hire": "when you gain a Citizen",
    "action.slay": "when you slay a Monster",
    "action.build": "when you build a Domain",
    "action.build_domain": "when you buy a Domain",
    "action.on_opponent_slay": "when an opponent slays a Monster",
    "roll": "during the Roll phase",
    "harvest": "during the Harvest phase",
    "effect": "during your Action phase",
    "immunity": "for the rest of the game",
}
KIND_NAMES = {"citizens": "Citizen", "domains": "Domain", "monsters": "Monster", "goods": "Goods card",
              "noble": "Noble", "starters": "Starter", "tomes": "Tome"}
GROUPS = {"all": "all players", "active": "the active player", "others": "all other players"}
# whose cards: (possessive, "... you own"), for the owner and for the group of a modal verb (all_may ...)
OWNERS = {"you": ("your", "you own"), "all": ("their", "they own"), "active": ("their", "they own"),
          "others": ("their", "they own")}
ROLE_NAMES = {"holy": "Holy", "shadow": "Shadow", "soldier": "Soldier", "worker": "Worker"}
OPS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than", ">=": "is at least"}
COUNTED = {"owned_named": "{name} you own", "owned_kind": "{kind} you own", "area": "{name} Monster you own",
           "owned_citizen_name": "{name} Citizen you own", "owned_starter_name": "{name} Starter you own",
           "other": "{name} {scope} Monster you own"}
# The named abilities a card adds for its owner (effect.add action.NAME) or for everyone (grant_all action.NAME):
# a flag says nothing by itself, so each is worded here from its card's printed text.
ABILITIES = {
    "emeraldstronghold": "when you recruit a Citizen, ignore the extra Gold cost for copies you already own",
    "pratchettsplateau": "Domains cost you 1 Gold less to buy",
    "defiantridge": "Citizens cost you 1 Gold less to recruit",
    "fortskyler": "Monsters cost you 1 Strength less to slay",
    "browncoatssanctum": "Tomes cost you 1 Gold less to buy",
    "muratreis": "ignore the extra Wild cost when you rescue a Noble",
    "portofdrake": "Goods cost you 1 Gold less to buy",
    "blessedlands": "Domains cost every player 2 Gold less to build",
    "darklordrising": "Monsters cost every player 1 Magic more to slay",
}


def quantity(amount: Amount) -> str:
    name = RESOURCE_NAMES.get(amount.resource, amount.resource)
    n = amount.value
    if isinstance(n, int) and abs(n) != 1:
        name = PLURAL_NAMES.get(name, name)
    return f"{abs(n) if isinstance(n, int) else n} {name}"


def cards(kind: str, count: int | None) -> str:
    name = KIND_NAMES.get(kind, kind)
    if count is None:
        return f"{_a(name)} {name}"
    return f"{count} {name}s" if count != 1 else f"1 {name}"


def _a(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def kind(word: str, plural: bool = False) -> str:
    """A kind word of a verb (citizen, monster, domain, noble) as the card name."""
    name = KIND_NAMES.get(f"{word}s", KIND_NAMES.get(word, word))
    return f"{name}s" if plural else name


def compare(field: str, op: str, value) -> str:
    return f"{field.replace('_', ' ')} {OPS[op]} {value}"


def key_value(key: str, value) -> str:
    return f"{key.replace('_', ' ')} {value}"


WORDS = {"citizen": "Citizen", "domain": "Domain", "monster": "Monster"}  # owned_domains: "each Domain you own"


def word(value) -> str:
    return WORDS.get(value, str(value).replace("_", " ")) if isinstance(value, str) else str(value)


def _may(verb, text: str) -> str:
    """`text`, as something the owner may do when the verb is optional (a modal above it already says so)."""
    return f"you may {text}" if verb.may and not verb.subject else text


def _offer(verb, text: str) -> str:
    """`text`, always something the owner may do (a modal above it already says who may or must)."""
    return text if verb.subject else f"you may {text}"


def _chooser(verb) -> str:
    return f"a player of {verb.owner[0]} choice"


def _group_change(verb) -> str:
    group, _, change = verb.name.partition("_")
    return f"{GROUPS[group]} {change + 's' if group == 'active' else change} {verb.quantity()}"


def _group_modal(verb) -> str:
    group, _, modal = verb.name.partition("_")
    return f"{GROUPS[group]} {modal} {verb.action(verb.args[0], subject=group)}"


def _exchange(verb) -> str:
    pay, gain = verb.exchange()
    return _offer(verb, f"exchange {verb.listing(pay)} for {verb.listing(gain)}")


def _pay_to_player(verb) -> str:
    pay, gain = verb.exchange()
    return _may(verb, f"pay {verb.listing(pay)} to {_chooser(verb)} to gain {verb.listing(gain)}")


def _victim(verb) -> str:
    points = verb.number("victim_vp")
    return "" if points is None else f" (who gains {quantity(Amount('v', points))})"


def _banish_center(verb) -> str:
    thing = kind(verb.plain[0])
    if "type" in verb.pairs:
        thing = f"{title(verb.pairs['type'])} {thing}"
    where = "" if verb.plain[0] == "noble" else " from the center stacks"
    return _may(verb, f"banish {_a(thing)} {thing}{where}")


def _take_owned(verb) -> str:
    back = " and return it to its stack" if verb.pairs.get("to") == "stack" else ""
    return _may(verb, f"take a random {kind(verb.plain[0])} from another player{_victim(verb)}{back}")


def _set_one_die(verb) -> str:
    target = verb.number("target")
    change = f"change one die to {target}" if target is not None else f"lower one die by {verb.number('subtract')}"
    cost = cost_in(verb.pairs["cost"]) if "cost" in verb.pairs else None
    if isinstance(cost, PerOwned):
        change = f"pay {quantity(cost.amount)} for each {ROLE_NAMES[cost.role]} Citizen you own to {change}"
    elif cost:
        change = f"pay {verb.listing(cost)} to {change}"
    return _offer(verb, change)


def _ability(verb) -> str | None:
    return ABILITIES.get(verb.plain[0].removeprefix("action."))


def _grant_all(verb) -> str | None:
    ability = _ability(verb)
    return ability and f"for the rest of the game, {ability}"


def _banish_owned_citizen(verb) -> str:
    role = verb.pairs.get("role")
    citizen = f"{ROLE_NAMES[role]} Citizen" if role else "Citizen"
    gain = f" to gain {verb.listing(verb.paid('gain'))}" if "gain" in verb.pairs else ""
    return _may(verb, f"banish {_a(citizen)} {citizen} {verb.owner[1]}{gain}")


def _slay_discount(verb) -> str:
    names = {"magic": "m", "strength": "s"}
    ignored = [Amount(names[key], verb.number(key)) for key in ("magic", "strength") if key in verb.pairs]
    return f"when you slay a Monster, you may ignore {verb.listing(ignored, 'or')} of its cost"


CALLS = {  # verb -> its wording, given a Verb whose arguments fit (explain._fits); None: not worded
    "exchange": _exchange,
    "self_convert": _exchange,
    "pay_to_player": _pay_to_player,
    "take_from_player": lambda v: _may(v, f"take {v.quantity()} from {_chooser(v)}"),
    "steal": lambda v: _may(v, f"steal {v.listing(v.amounts, 'or')} from an opponent{_victim(v)}"),
    "count": lambda v: _may(v, f"gain {v.quantity()} for each "
                               f"{count_words(' '.join(str(a) for a in v.args if isinstance(a, str)), v.book)}"),
    **{name: _group_change for name in GROUP_CHANGES},
    **{name: _group_modal for name in GROUP_MODALS},
    "seq": lambda v: f"in turn order, {v.action(v.args[0])}",
    "on_event": lambda v: f"whenever {v.args[0]} are rolled, {v.action(v.args[1])}",
    "slay": lambda v: _offer(v, "slay a Monster"),
    "recruit": lambda v: _may(v, "recruit a Citizen"),
    "build_domain": lambda v: _may(v, "build a Domain"),
    "sail": lambda v: _offer(v, "sail"),
    "modify_monster_strength": lambda v: _may(v, f"add {v.args[0]} Strength to the cost of a Monster in the "
                                                 "center stacks"),
    "add_slay_cost": lambda v: _may(v, f"add {v.quantity()} to the cost of a Monster in the center stacks"),
    "add_self_slay_cost": lambda v: _may(v, f"add {v.quantity()} to the cost of slaying this Monster" + (
        f" (up to {v.number('max')} in all)" if "max" in v.pairs else "")),
    "banish_center": _banish_center,
    "banish_owned": lambda v: _may(v, f"banish {_a(kind(v.plain[0]))} {kind(v.plain[0])} {v.owner[1]}"),
    "banish_center_citizen": lambda v: _may(v, "banish a Citizen from the center stacks"),
    "banish_center_domain": lambda v: _may(v, "banish a face-up Domain from the center stacks"),
    "banish_player_citizen": lambda v: _may(v, f"banish a Citizen owned by {_chooser(v)}"),
    "banish_random_player_monster": lambda v: _may(v, f"banish a random Monster owned by {_chooser(v)}"),
    "banish_owned_citizen": _banish_owned_citizen,
    "take_owned": _take_owned,
    "return_owned": lambda v: _may(v, f"return {_a(kind(v.plain[0]))} {kind(v.plain[0])} {v.owner[1]} to its "
                                      f"stack to gain {v.quantity()}"),
    "steal_citizen": lambda v: _may(v, f"take {cards('citizens', None)} whose {v.value(v.args[0])} from "
                                       f"{_chooser(v)}"),
    "flip_citizen": lambda v: _may(v, "flip a Citizen owned by an opponent face down" if v.plain else
                                      f"flip a Citizen {v.owner[1]} face down"),
    "flip_opponent_citizen": lambda v: _may(v, f"flip a Citizen owned by {_chooser(v)} face down"),
    "flip_opponent_domain": lambda v: _may(v, f"flip a Domain owned by {_chooser(v)} face down"),
    "concurrent_flip_one_citizen": lambda v: "all players flip one of their Citizens face down at the same time",
    "set_one_die": _set_one_die,
    "reroll_one_die": lambda v: _offer(v, "reroll one die"),
    "reroll_both_dice_pay_magic_2": lambda v: _offer(v, f"pay {quantity(Amount('m', 2))} to reroll both dice"),
    "exekratys_immune": lambda v: "you do not lose Wild on a 6 (you are immune to Exekratys)",
    "gain_per_owned_citizen_name": lambda v: _may(
        v, f"gain {v.quantity()} for each {count_words(f'owned_citizen_name {v.plain[0]}', v.book)}"),
    "gain_per_owned_starter_name": lambda v: _may(
        v, f"gain {v.quantity()} for each {count_words(f'owned_starter_name {v.plain[0]}', v.book)}"),
    "on_any_magic_gain": lambda v: f"if you gain any Magic from payouts, gain {v.quantity()}",
    "take": lambda v: "opponents cannot take resources or cards from you",
    "add": _ability,
    "grant_all": _grant_all,
    "newshilinatower": lambda v: "when you recruit a Citizen, you may pay for it with Strength",
    "northernwall": lambda v: "during your Roll phase, you may banish a Minion Monster from the center stacks",
    "refresh_tomes": lambda v: _may(v, f"flip all {v.owner[0]} Tomes face up"),
    "place_kings_guard": lambda v: _may(v, "put the King's Guard Citizen stack into play"),
    "block_recruit_matching_roll": lambda v: ("during this Action phase, no one may gain a Citizen whose number "
                                              "matches either die or their sum"),
    "add_self_gold_pool": lambda v: _may(v, f"place {quantity(Amount('g', _number(v.args[0])))} from "
                                            f"{v.owner[0]} supply on this card"),
    "gain_self_gold_pool": lambda v: _may(v, "gain all the Gold on this card"),
    "pay_to_chosen": lambda v: _may(v, f"pay {v.listing(v.paid('pay'))} to {_chooser(v)}"),
    "gain_action": lambda v: _may(v, f"pay {v.listing(v.paid('pay'))} for an extra action"),
    "place_reserve_monster": lambda v: _may(v, f"place {_a(title(v.pairs['pool']))} {title(v.pairs['pool'])} "
                                               "Monster from the reserve on the center stacks"),
    "all_gain_per_owned": lambda v: (f"all players gain {v.listing(v.paid('gain'))} for each "
                                     f"{kind(v.pairs['per'])} they own"),
    "wild_choose": lambda v: (f"score {quantity(Amount('v', v.args[1]))} for every {v.args[0]} of one resource "
                              "of your choice"),
    "floor_div": lambda v: (f"score {quantity(Amount('v', v.args[2]))} for every "
                            f"{quantity(Amount(RESOURCE_WORDS[v.args[0]], v.args[1]))} you have"),
    "ignore_requirement": lambda v: _may(v, f"ignore {v.args[0]} Domain requirement"
                                            f"{'' if v.args[0] == 1 else 's'}"),
    "slay_discount": _slay_discount,
}


def unworded(verb) -> str:
    words = [verb.name.replace("_", " ")] + [verb.value(a) for a in verb.words]
    return (("you may " if verb.may else "") + " ".join(words)).strip()
