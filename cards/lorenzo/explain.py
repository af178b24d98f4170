"""Lorenzo effects, costs and requirements in plain English (French: language="fr", see explain_fr.py).

``explain_effect`` reads one effect; ``explain_effects`` reads a slot's effects together, so that
ADD {"VICTORY_POINTS": 2} followed by PRIVILEGE {"NUMBER": 1} reads "Gain 2 victory points and 1
council privilege"; ``explain_card`` reads a whole card, each slot introduced by when it applies.
"""
import sys

from cards.lorenzo import explain_fr
from cards.lorenzo import vocabulary as words
from cards.lorenzo.carddata import EffectData
from cards.lorenzo.vocabulary import join

FLAG_TEXTS = {
    "DOUBLESERVANTS": "You must pay 2 servants to raise an action value by 1",
    "SKIPTURN": "Each round, you skip your first turn and place that family member after everyone else",
    "NOENDBLUE": "At the end of the game, your character cards score no victory points",
    "NOENDGREEN": "At the end of the game, your territory cards score no victory points",
    "NOENDPURPLE": "At the end of the game, your venture cards score no victory points",
    "LESSFORVICTORY": "At the end of the game, before the final scoring, lose 1 victory point for every 5 you have",
    "LESSFORMILITARY": "At the end of the game, lose 1 victory point for every military point you have",
    "LESSFORBUILDING": "At the end of the game, lose 1 victory point for every wood and stone on your building "
    "cards' costs",
    "LESSFORRESOURCE": "At the end of the game, lose 1 victory point for every wood, stone, coin and servant you have",
    "NO_MARKET_ACTION": "You cannot place family members in the market",
    "FAMILYOCCUPY": "You may place family members on action spaces that are already occupied",
    "NOTRIBUTE": "You never pay the 3 coins for entering a tower that is already occupied",
    "MOREFAITH": "Each time you support the Church in a Vatican report, gain 5 more victory points",
    "NOMILITARYRULE": "You need no military points to take territory cards",
    "DOUBLE": "Each time a development card's immediate effect gives you wood, stone, coins or servants, "
    "you get them twice",
}
KEYWORD_TEXTS = {
    "LESSDICE": "Your coloured family members get −1 on every action",
    "NO_MARKET_ACTION": FLAG_TEXTS["NO_MARKET_ACTION"],
    "NO_TOWER_BONUS": "You no longer gain the bonuses of the tower action spaces",
    "FAMILYSIXVALOR": "One of your coloured family members has a value of 6, whatever its die shows",
    "GREYFAMILY": "Your uncoloured family member gets +3 on every action",
    "FAMILYCOLORDICE": "Your coloured family members have a value of 5, whatever the dice show",
    "FAMILYCOLORBONUS": "Your coloured family members get +2 on every action",
    "JOLLY": "Copy the ability of a leader card another player has played",
}


# The sentence frames of the traversal below; explain_fr.py has the same names in French.
WORDING = {
    "and": "and", "or": "or", "gain": "Gain {}", "pay_for": "Pay {} to gain {}", "flag": "Flag {}", "keyword": "{}",
    "one_of": "One of: {}", "then": ", then ", "need": " (you need {})", "requires": "Requires {}",
    "cost": "Cost: {}", "slot": "{}: {}", "immediately": "Immediately", "once_per_round": "Once per round",
    "permanently": "Permanently", "at_least": " (action value {} or more)",
    "triggers": {"TERRITORYCARD": "Harvest{}", "BUILDINGCARD": "Production{}", "CHARACTERCARD": "Permanently",
                 "VENTURECARD": "At the end of the game"},
}


def _phrasebook(language):
    """This module (English) or explain_fr (French): the same phrase functions, FLAG_TEXTS, KEYWORD_TEXTS, WORDING."""
    if language == "fr":
        return explain_fr
    return sys.modules[__name__]


def amount(resource, count):
    singular, plural = words.RESOURCE_NAMES.get(resource, (resource.lower(), resource.lower()))
    return f"{count} {singular if abs(count) == 1 else plural}"


def resources(bag, word="and"):
    """{"WOOD": 1, "COINS": 2} -> "1 wood and 2 coins"."""
    if not isinstance(bag, dict):
        return str(bag)
    return join([amount(resource, count) for resource, count in bag.items()], word)


def _plural_resource(resource):
    return words.RESOURCE_NAMES.get(resource, (resource.lower(), resource.lower()))[1]


def _card_type(card_type, count=2):
    singular, plural, _ = words.CARD_TYPE_NAMES.get(card_type, (card_type.lower(), card_type.lower(), None))
    return singular if count == 1 else plural


def _signed(value):
    return f"+{value}" if value >= 0 else f"−{-value}"


def _privilege_items(payload):
    number = payload.get("NUMBER", 1)
    text = f"{number} council privilege{'s' if number != 1 else ''}"
    return text + (" (each a different one)" if number > 1 else "")


def _discount(payload):
    """"2 coins" or "1 stone or 1 wood" for an action's BONUSRESOURCE, "" without one."""
    discount = payload.get("BONUSRESOURCE")
    if not discount:
        return ""
    alternatives = discount if isinstance(discount, list) else [discount]
    word = "or" if payload.get("EXCLUSIVEBONUS") else "and"
    texts = [resources({r: abs(n) for r, n in bag.items()}, word) for bag in alternatives if isinstance(bag, dict)]
    return join(texts, "or")


def _where(payload):
    region = payload.get("REGIONID")
    if payload.get("FLAGREGION") is True or region is None:
        return "any tower"
    return f"the {words.REGION_NAMES.get(region, f'region {region}')}"


def _tower_cards(payload, article=True):
    region = payload.get("REGIONID")
    if payload.get("FLAGREGION") is True or region is None:
        return "a card of any type" if article else "cards"
    for singular, plural, tower in words.CARD_TYPE_NAMES.values():
        if tower == region:
            return f"a {singular}" if article else plural
    return "a card" if article else "cards"


def _action(payload):
    value = payload.get("BONUSACTIONVALUE", 0)
    if payload.get("TYPE") == "TOWER":
        text = f"Take {_tower_cards(payload)} with an action of value {value}"
    else:
        text = f"Take a {str(payload.get('TYPE', '')).lower()} action of value {value}"
    if discount := _discount(payload):
        text += f", paying {discount} less"
    if payload.get("CHOSESERVANT"):
        text += " (you may raise it with servants)"
    return text


def _permanent(payload):
    value = payload.get("BONUSACTIONVALUE", 0)
    discount = _discount(payload)
    if payload.get("TYPE") != "TOWER":
        return f"Your {str(payload.get('TYPE', '')).lower()} actions get {_signed(value)}"
    cards = _tower_cards(payload, article=False)
    if value == 0 and discount:
        return f"{cards[0].upper()}{cards[1:]} cost you {discount} less"
    text = f"Your actions on {_where(payload)} get {_signed(value)}"
    return f"{text}, and {cards} cost you {discount} less" if discount else text


def _change(payload):
    alternatives = payload if isinstance(payload, list) else [payload]
    parts = [f"{resources(a.get('RESOURCEIN'))} for {resources(a.get('RESOURCEOUT'))}" for a in alternatives
             if isinstance(a, dict)]  # fmt: skip
    return "Exchange " + join(parts, "or")


def _bonus(payload):
    gain = amount(payload.get("INCREASE", ""), payload.get("INCREASINGQUANTITY", 1))
    quantity = payload.get("QUANTITY", 1)
    counted = payload.get("FOREACH", "")
    if payload.get("TYPE") == "CARD":
        what = _card_type(counted, 1) if quantity == 1 else f"{quantity} {_card_type(counted)}"
    else:
        what = amount(counted, quantity) if quantity != 1 else words.RESOURCE_NAMES.get(counted, (counted,))[0]
    return f"Gain {gain} for {'each' if quantity == 1 else 'every'} {what} you have"


def _less_resource(payload):
    names = [_plural_resource(r) for r in (payload if isinstance(payload, list) else [payload])]
    return f"Each time you gain {join(names, 'or')}, gain one less"


def _gain_items(effect, book):
    """The things an ADD or plain PRIVILEGE gives, to be read after "Gain"; None for other effects."""
    payload = effect.payload if isinstance(effect.payload, dict) else {}
    if effect.effect == "ADD":
        return [book.amount(resource, count) for resource, count in payload.items()]
    if effect.effect == "PRIVILEGE" and "COST" not in payload:
        return [book._privilege_items(payload)]
    return None


def explain_effect(effect, language="en"):
    """One effect (an EffectData, or anything with effect and payload) in English (or French: language="fr")."""
    book = _phrasebook(language)
    wording, name, payload = book.WORDING, effect.effect, effect.payload
    items = _gain_items(effect, book)
    if items is not None:
        return wording["gain"].format(join(items, wording["and"]))
    if name == "PRIVILEGE":
        return wording["pay_for"].format(book.resources(payload.get("COST")), book._privilege_items(payload))
    if name == "CHANGE":
        return book._change(payload)
    if name == "ACTION" and isinstance(payload, dict):
        return book._action(payload)
    if name == "PERMANENT" and isinstance(payload, dict):
        return book._permanent(payload)
    if name == "BONUS" and isinstance(payload, dict):
        return book._bonus(payload)
    if name == "LESSRESOURCE":
        return book._less_resource(payload)
    if name == "FLAG":
        return book.FLAG_TEXTS.get(payload, wording["flag"].format(payload))
    return book.KEYWORD_TEXTS.get(name, wording["keyword"].format(name))


def explain_effects(effects, *, exclusive=False, language="en"):
    """A slot's effects in one sentence; consecutive gains merge ("Gain 2 victory points and 1 council privilege")."""
    book = _phrasebook(language)
    wording = book.WORDING
    if exclusive and len(effects) > 1:
        # Only one applies: each effect stays its own choice.
        phrases = [explain_effect(effect, language) for effect in effects]
        return wording["one_of"].format(join([phrases[0], *map(_lower_first, phrases[1:])], wording["or"]))
    phrases, gains = [], []
    for effect in effects:
        items = _gain_items(effect, book)
        if items is not None:
            gains += items
            continue
        if gains:
            phrases.append(wording["gain"].format(join(gains, wording["and"])))
            gains = []
        phrases.append(explain_effect(effect, language))
    if gains:
        phrases.append(wording["gain"].format(join(gains, wording["and"])))
    phrases = [phrases[0], *(_lower_first(phrase) for phrase in phrases[1:])] if phrases else []
    return wording["then"].join(phrases)


def _lower_first(text):
    return text[:1].lower() + text[1:]


def explain_costs(costs, requirements=None, language="en"):
    """"2 military points (you need 4) or 1 wood, 1 stone and 2 coins"; "" without a cost."""
    if not costs:
        return ""
    book = _phrasebook(language)
    texts = []
    for bag in costs:
        text = book.resources(bag)
        needed = {r: n for r, n in (requirements or {}).items() if r in bag}
        if needed:
            text += book.WORDING["need"].format(book.resources(needed))
        texts.append(text)
    return join(texts, book.WORDING["or"])


def explain_leader_requirements(requirements, language="en"):
    """"5 venture cards"; "7 military points and 3 faith points"; "" without requirements."""
    if not requirements:
        return ""
    book = _phrasebook(language)
    both, either = book.WORDING["and"], book.WORDING["or"]
    parts = []
    if "CARDTYPE" in requirements:
        counts = requirements["CARDTYPE"]
        if isinstance(counts, list):
            parts.append(join([join([f"{n} {book._card_type(t, n)}" for t, n in alt.items()], both)
                               for alt in counts], either))
        else:
            parts += [f"{n} {book._card_type(t, n)}" for t, n in counts.items()]
    if "RESOURCE" in requirements:
        parts += [book.amount(resource, count) for resource, count in requirements["RESOURCE"].items()]
    return join(parts, both)


def _development_triggers(card, wording):
    value = card.minimum_action_value
    at_least = wording["at_least"].format(value) if value else ""
    return wording["triggers"].get(card.card_type, wording["permanently"]).format(at_least)


def explain_card(card, language="en"):
    """A CardData's effects, slot by slot: ["Immediately: Gain 3 coins", "Harvest (action value 1 or more): ..."]."""
    wording = _phrasebook(language).WORDING
    lines = []
    if card.kind == words.LEADER and card.requirements:
        lines.append(wording["requires"].format(explain_leader_requirements(card.requirements, language)))
    if card.kind == words.DEVELOPMENT and card.costs:
        lines.append(wording["cost"].format(explain_costs(card.costs, card.requirements, language)))
    labels = {
        words.DEVELOPMENT: {words.INSTANT: wording["immediately"],
                            words.PERMANENT: _development_triggers(card, wording)},
        words.LEADER: {words.INSTANT: wording["once_per_round"], words.PERMANENT: wording["permanently"],
                       words.FLAG: wording["permanently"]},
        words.EXCOMMUNICATION: {},
    }[card.kind]
    for timing in words.TIMINGS:
        effects = card.effects_in(timing)
        if effects:
            exclusive = timing == words.PERMANENT and bool(card.exclusive_permanent_effect)
            text = explain_effects(effects, exclusive=exclusive, language=language)
            lines.append(wording["slot"].format(labels[timing], text) if timing in labels else text)
    return lines


def explain_excommunication(card, language="en"):
    """An Excommunication row's effects, one sentence per effect."""
    effects = [
        EffectData(timing, getattr(card, f"{timing}_effect"), getattr(card, f"{timing}_payload"))
        for timing in (words.INSTANT, words.PERMANENT)
        if getattr(card, f"{timing}_effect")
    ]
    return ". ".join(explain_effect(effect, language) for effect in effects)
