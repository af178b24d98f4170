"""Shape checks for Lorenzo il Magnifico effect payloads (seed 000), for every kind of card.

Pure functions, so the admin, the API and the importer report the same thing. They check the
normalised form (normalise.py rewrites the variants the seed document uses). ``payload_problems``
returns ``(path, message)`` pairs, the path being the keys and indexes inside the payload, so the
importer can name ``cards[12].instantPayload[1].REGIONID``.
"""
import json

from django.utils.translation import gettext

from cards.effects.phrases import either, render

from cards.lorenzo import vocabulary as words

# Names kept for the excommunication model and older callers.
RESOURCES = words.RESOURCES
ACTION_TYPES = words.ACTION_TYPES
EXCOMMUNICATION_FLAGS = words.EXCOMMUNICATION_FLAGS
ACTION_PAYLOAD_KEYS = frozenset(words.ACTION_PAYLOAD_KEYS)
REGION_IDS = range(0, 8)
# Effects of an excommunication tile and whether each carries a payload.
EXCOMMUNICATION_EFFECTS = {
    effect: words.EFFECT_PAYLOADS[effect] is not None
    for effect in sorted(words.ALLOWED_EFFECTS[words.EXCOMMUNICATION][words.INSTANT])
}
# What "no payload" may look like in a file or a form.
NO_PAYLOAD = (None, {}, [])


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _listing(values):
    return ", ".join(sorted(values))


def join_or(items):
    """["a", "b", "c"] -> "a or b or c", in the active language (the effect grammar's own "or")."""
    return render(either(items), gettext)


def show(value):
    """A bad value as it appears in JSON, shortened for messages."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _under(prefix, problems):
    return [((*prefix, *path), message) for path, message in problems]


def a_kind(kind):
    """"a development card", "an excommunication", "a leader card", in the active language."""
    return {
        words.DEVELOPMENT: gettext("a development card"),
        words.EXCOMMUNICATION: gettext("an excommunication"),
        words.LEADER: gettext("a leader card"),
    }[kind]


def unknown_resource(value):
    return gettext("unknown resource %(value)s; expected one of %(choices)s") % {
        "value": show(value), "choices": _listing(RESOURCES)}


def resource_problems(bag, *, signed=False):
    """A resource bag such as ``{"WOOD": 2, "COINS": 1}``: known resources and whole amounts."""
    if not isinstance(bag, dict) or not bag:
        return [((), gettext("expected a non-empty object of resources and amounts, got %(value)s") % {"value": show(bag)})]
    problems = []
    for key, amount in bag.items():
        if key not in RESOURCES:
            problems.append(((key,), unknown_resource(key)))
        elif not _is_int(amount) or (amount == 0 if signed else amount < 1):
            if signed:
                message = gettext("the amount must be a whole number other than 0, got %(value)s")
            else:
                message = gettext("the amount must be a whole number of at least 1, got %(value)s")
            problems.append(((key,), message % {"value": show(amount)}))
    return problems


def _unknown_keys(payload, allowed):
    message = gettext("unknown key; expected %(keys)s") % {"keys": ", ".join(allowed)}
    return [((key,), message) for key in payload if key not in allowed]


def _change_problems(payload):
    alternatives = payload if isinstance(payload, list) else [payload]
    if not alternatives:
        return [((), gettext("CHANGE needs at least one exchange"))]
    problems = []
    for index, alternative in enumerate(alternatives):
        prefix = (index,) if isinstance(payload, list) else ()
        if not isinstance(alternative, dict):
            problems.append((prefix, gettext("an exchange is an object with RESOURCEIN and RESOURCEOUT, got %(value)s")
                             % {"value": show(alternative)}))
            continue
        problems += _under(prefix, _unknown_keys(alternative, words.CHANGE_PAYLOAD_KEYS))
        for key, missing in (("RESOURCEIN", gettext("missing RESOURCEIN (what the player pays)")),
                             ("RESOURCEOUT", gettext("missing RESOURCEOUT (what the player receives)"))):
            if key not in alternative:
                problems.append((prefix, missing))
            else:
                problems += _under((*prefix, key), resource_problems(alternative[key]))
    return problems


def action_problems(payload, effect="ACTION"):
    """An ACTION (a bonus action now) or PERMANENT (a lasting bonus or malus on actions) payload."""
    if not isinstance(payload, dict):
        return [((), gettext("%(effect)s needs an object with TYPE, REGIONID and BONUSACTIONVALUE, got %(value)s")
                 % {"effect": effect, "value": show(payload)})]
    problems = _unknown_keys(payload, words.ACTION_PAYLOAD_KEYS)
    action_type = payload.get("TYPE")
    if action_type not in ACTION_TYPES:
        problems.append((("TYPE",), gettext("TYPE must be one of %(choices)s, got %(value)s")
                         % {"choices": _listing(ACTION_TYPES), "value": show(action_type)}))
    any_region = payload.get("FLAGREGION") is True
    region = payload.get("REGIONID")
    if region is None and not any_region:
        problems.append((("REGIONID",), gettext('REGIONID is needed unless FLAGREGION is true ("ALL")')))
    elif region is not None and (not _is_int(region) or region not in REGION_IDS):
        problems.append((("REGIONID",), gettext("REGIONID must be a region number 0–7, got %(value)s")
                         % {"value": show(region)}))
    elif region is not None and region not in words.ACTION_TYPE_REGIONS.get(action_type, REGION_IDS):
        places = "/".join(str(r) for r in sorted(words.ACTION_TYPE_REGIONS[action_type]))
        if words.with_article(str(action_type)).startswith("an "):
            message = gettext("an %(type)s action takes place in region %(places)s, got %(region)s")
        else:
            message = gettext("a %(type)s action takes place in region %(places)s, got %(region)s")
        problems.append((("REGIONID",), message % {"type": action_type, "places": places, "region": region}))
    value = payload.get("BONUSACTIONVALUE")
    if not _is_int(value):
        problems.append((("BONUSACTIONVALUE",), gettext("BONUSACTIONVALUE must be a whole number, got %(value)s")
                         % {"value": show(value)}))
    elif effect == "ACTION" and value < 0:
        problems.append((("BONUSACTIONVALUE",), gettext("the value of an ACTION cannot be negative, got %(value)s")
                         % {"value": value}))
    discount = payload.get("BONUSRESOURCE")
    if isinstance(discount, list):
        if not discount:
            problems.append((("BONUSRESOURCE",), gettext("an empty list; use null for no discount")))
        for index, bag in enumerate(discount):
            problems += _under(("BONUSRESOURCE", index), resource_problems(bag, signed=True))
    elif discount is not None:
        problems += _under(("BONUSRESOURCE",), resource_problems(discount, signed=True))
    for key in ("EXCLUSIVEBONUS", "FLAGREGION", "CHOSESERVANT"):
        if payload.get(key) not in (None, True, False):
            problems.append(((key,), gettext("%(key)s must be true, false or null, got %(value)s")
                             % {"key": key, "value": show(payload.get(key))}))
    return problems


def _bonus_problems(payload):
    if not isinstance(payload, dict):
        return [((), gettext("BONUS needs an object with %(keys)s, got %(value)s")
                 % {"keys": ", ".join(words.BONUS_PAYLOAD_KEYS), "value": show(payload)})]
    problems = _unknown_keys(payload, words.BONUS_PAYLOAD_KEYS)
    problems += [((), gettext("missing %(key)s") % {"key": key}) for key in words.BONUS_PAYLOAD_KEYS if key not in payload]
    bonus_type = payload.get("TYPE")
    if "TYPE" in payload and bonus_type not in words.BONUS_TYPES:
        problems.append((("TYPE",), gettext("TYPE must be CARD or RESOURCE, got %(value)s") % {"value": show(bonus_type)}))
    counted = payload.get("FOREACH")
    if bonus_type == "CARD" and counted not in words.CARD_TYPES:
        problems.append((("FOREACH",), gettext("FOREACH must be a card type (%(types)s), got %(value)s")
                         % {"types": ", ".join(words.CARD_TYPES), "value": show(counted)}))
    if bonus_type == "RESOURCE" and counted not in RESOURCES:
        problems.append((("FOREACH",), unknown_resource(counted)))
    if "INCREASE" in payload and payload["INCREASE"] not in RESOURCES:
        problems.append((("INCREASE",), unknown_resource(payload["INCREASE"])))
    for key in ("QUANTITY", "INCREASINGQUANTITY"):
        if key in payload and (not _is_int(payload[key]) or payload[key] < 1):
            problems.append(((key,), gettext("%(key)s must be a whole number of at least 1, got %(value)s")
                             % {"key": key, "value": show(payload[key])}))
    return problems


def _privilege_problems(payload):
    if not isinstance(payload, dict):
        return [((), gettext("PRIVILEGE needs an object with NUMBER (and optionally COST), got %(value)s")
                 % {"value": show(payload)})]
    problems = _unknown_keys(payload, words.PRIVILEGE_PAYLOAD_KEYS)
    number = payload.get("NUMBER")
    if not _is_int(number) or number < 1:
        problems.append((("NUMBER",), gettext("%(key)s must be a whole number of at least 1, got %(value)s")
                         % {"key": "NUMBER", "value": show(number)}))
    if "COST" in payload:
        problems += _under(("COST",), resource_problems(payload["COST"]))
    return problems


def _resource_list_problems(payload):
    if not isinstance(payload, list) or not payload:
        return [((), gettext("LESSRESOURCE needs a non-empty list of resources, got %(value)s") % {"value": show(payload)})]
    return [((index,), unknown_resource(item)) for index, item in enumerate(payload) if item not in RESOURCES]


def _flag_problems(payload, kind):
    flags = words.FLAGS_BY_KIND[kind]
    if payload in flags:
        return []
    return [((), gettext("unknown flag %(value)s for %(kind)s; expected one of %(choices)s")
             % {"value": show(payload), "kind": a_kind(kind), "choices": _listing(flags)})]


_CHECKS = {
    "resources": lambda payload, effect, kind: resource_problems(payload),
    "change": lambda payload, effect, kind: _change_problems(payload),
    "action": lambda payload, effect, kind: action_problems(payload, effect),
    "bonus": lambda payload, effect, kind: _bonus_problems(payload),
    "privilege": lambda payload, effect, kind: _privilege_problems(payload),
    "resource list": lambda payload, effect, kind: _resource_list_problems(payload),
    "flag": lambda payload, effect, kind: _flag_problems(payload, kind),
}


def payload_problems(effect, payload, kind):
    """``(path, message)`` pairs for one effect of a card of ``kind`` and its normalised payload."""
    if effect not in words.EFFECTS:
        return [((), unknown_effect(effect, words.EFFECTS))]
    shape = words.EFFECT_PAYLOADS[effect]
    if shape is None:
        if payload in NO_PAYLOAD:
            return []
        return [((), gettext("%(effect)s takes no payload, got %(value)s") % {"effect": effect, "value": show(payload)})]
    if payload is None:
        return [((), gettext("%(effect)s needs a payload") % {"effect": effect})]
    return _CHECKS[shape](payload, effect, kind)


def unknown_effect(effect, allowed):
    return gettext("unknown effect %(value)s; expected one of %(choices)s") % {
        "value": show(effect), "choices": _listing(allowed)}


def effect_slot_problem(effect, timing, kind):
    """Why ``effect`` may not stand in this slot of this kind of card, or None."""
    allowed = words.ALLOWED_EFFECTS[kind].get(timing, frozenset())
    if effect in allowed:
        return None
    if effect not in words.EFFECTS:
        return unknown_effect(effect, allowed)
    message = {
        words.INSTANT: gettext("%(effect)s is not an instant effect of %(kind)s; expected one of %(choices)s"),
        words.PERMANENT: gettext("%(effect)s is not a permanent effect of %(kind)s; expected one of %(choices)s"),
        words.FLAG: gettext("%(effect)s is not a flag effect of %(kind)s; expected one of %(choices)s"),
    }.get(timing)
    if message is None:  # a slot no card has: worded as before, in English
        return (f"{effect} is not {words.with_article(timing)} effect of {words.with_article(words.KIND_LABELS[kind])}; "
                f"expected one of {_listing(allowed)}")
    return message % {"effect": effect, "kind": a_kind(kind), "choices": _listing(allowed)}


def cost_problems(costs):
    """A development card's cost: null (none) or a non-empty list of alternative resource sets."""
    if costs is None:
        return []
    if not isinstance(costs, list) or not costs:
        return [((), gettext("expected null or a non-empty list of alternative costs, got %(value)s") % {"value": show(costs)})]
    return [((index, *path), message) for index, bag in enumerate(costs) for path, message in resource_problems(bag)]


def leader_requirement_problems(requirements):
    """A leader's requirements: RESOURCE (resources to own) and/or CARDTYPE (cards to own, or alternatives)."""
    if requirements is None:
        return []
    if not isinstance(requirements, dict) or not requirements:
        return [((), gettext("expected an object with RESOURCE and/or CARDTYPE, got %(value)s") % {"value": show(requirements)})]
    problems = _unknown_keys(requirements, ("RESOURCE", "CARDTYPE"))
    if "RESOURCE" in requirements:
        problems += _under(("RESOURCE",), resource_problems(requirements["RESOURCE"]))
    if "CARDTYPE" in requirements:
        counts = requirements["CARDTYPE"]
        alternatives = counts if isinstance(counts, list) else [counts]
        for index, alternative in enumerate(alternatives):
            prefix = ("CARDTYPE", index) if isinstance(counts, list) else ("CARDTYPE",)
            if not isinstance(alternative, dict) or not alternative:
                problems.append((prefix, gettext("expected an object of card types and counts, got %(value)s")
                                 % {"value": show(alternative)}))
                continue
            for card_type, count in alternative.items():
                if card_type not in words.CARD_TYPES:
                    problems.append(((*prefix, card_type), gettext("unknown card type; expected one of %(choices)s")
                                     % {"choices": ", ".join(words.CARD_TYPES)}))
                elif not _is_int(count) or count < 1:
                    problems.append(((*prefix, card_type), gettext(
                        "the count must be a whole number of at least 1, got %(value)s") % {"value": show(count)}))
    return problems


def as_messages(problems):
    """``(path, message)`` pairs as text, for form and model errors."""
    return [gettext("%(where)s: %(message)s") % {"where": ".".join(map(str, path)), "message": message} if path else message
            for path, message in problems]


def action_payload_errors(payload):
    """Errors in an ACTION/PERMANENT payload: TYPE, REGIONID and BONUSACTIONVALUE are required."""
    return as_messages(action_problems(payload, "PERMANENT"))


def excommunication_payload_errors(effect, payload):
    """Errors for one effect of an excommunication tile and its payload (an empty list when valid)."""
    if effect not in EXCOMMUNICATION_EFFECTS:
        return [gettext("unknown effect %(value)s; expected one of %(choices)s") % {
            "value": repr(effect), "choices": ", ".join(sorted(EXCOMMUNICATION_EFFECTS))}]
    return as_messages(payload_problems(effect, payload, words.EXCOMMUNICATION))
