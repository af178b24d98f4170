"""French for Valeria trees, built from the same parsed tree as the English (see valeria_explain.py).

A verb without its own wording is named between guillemets (« add_self_gold_pool ») with its arguments, so an
untranslated identifier reads as a quoted game term, never as an English sentence.
"""

from __future__ import annotations

from .explain import sentence
from .tree import (Acquire, AllOf, Amount, AnyOf, Call, Choose, Compare, Effect, Filter, Gain, Group, KeyValue,
                   Leg)

RESOURCE_NAMES = {  # resource -> (singular, plural)
    "g": ("Or", "Or"), "m": ("Magie", "Magie"), "s": ("Force", "Force"),
    "v": ("Point de victoire", "Points de victoire"), "p": ("Carte", "Cartes"), "t": ("Tome", "Tomes"),
    "wild": ("ressource au choix", "ressources au choix"),
}
PHASE_OPENINGS = {
    "action.start": "au début de votre phase d'Action",
    "action.end": "à la fin de votre phase d'Action",
    "action.hire": "quand vous recrutez un Citoyen",
    "action.slay": "quand vous tuez un Monstre",
    "action.build": "quand vous construisez un Domaine",
    "action.build_domain": "quand vous achetez un Domaine",
    "action.on_opponent_slay": "quand un adversaire tue un Monstre",
    "roll": "pendant la phase de Lancer",
    "harvest": "pendant la phase de Récolte",
    "effect": "pendant votre phase d'Action",
    "immunity": "jusqu'à la fin de la partie",
}
KIND_NAMES = {"citizens": ("Citoyen", "Citoyens"), "domains": ("Domaine", "Domaines"),
              "monsters": ("Monstre", "Monstres"), "goods": ("Marchandise", "Marchandises"),
              "noble": ("Noble", "Nobles"), "starters": ("Carte de départ", "Cartes de départ"),
              "tomes": ("Tome", "Tomes")}
WORDS = {"citizen": "Citoyen", "citizens": "Citoyens", "monster": "Monstre", "monsters": "Monstres",
         "domain": "Domaine", "domains": "Domaines", "soldier": "soldat", "random": "au hasard",
         "targeted": "ciblé", "doubles": "un double", "self": "vous-même", "holy": "saint",
         "shadow": "ombre", "worker": "ouvrier"}
FEMININE_KINDS = {"goods", "starters"}
GROUPS = {"all": ("tous les joueurs", True), "active": ("le joueur actif", False),
          "others": ("tous les autres joueurs", True)}
CHANGES = {"gain": ("gagne", "gagnent"), "lose": ("perd", "perdent")}
MODALS = {"may": ("peut", "peuvent"), "must": ("doit", "doivent")}
FIELDS = {"gold_cost": "le coût en Or", "role": "le rôle", "name": "le nom"}
OPS = {"==": "est", "!=": "n'est pas", "<": "est inférieur à", "<=": "est au plus", ">": "est supérieur à",
       ">=": "est au moins"}
SIMPLE_VERBS = {  # verb -> French, when its arguments need no wording of their own
    "slay": "vous pouvez tuer un Monstre",
    "recruit": "recrutez un Citoyen",
    "build_domain": "construisez un Domaine",
    "flip_citizen": "retournez un Citoyen",
    "concurrent_flip_one_citizen": "chaque joueur retourne un de ses Citoyens en même temps",
    "banish_random_player_monster": "bannissez au hasard un Monstre d'un joueur",
}


def quantity(amount: Amount) -> str:
    singular, plural = RESOURCE_NAMES.get(amount.resource, (amount.resource, amount.resource))
    n = amount.value
    if isinstance(n, int):
        return f"{abs(n)} {singular if abs(n) < 2 else plural}"
    return f"{n} {singular}"


def explain_valeria_fr(effect: Effect) -> str:
    return " ".join(sentence(_leg(leg)) for leg in effect.legs)


def _leg(leg: Leg) -> str:
    clause = _action(leg.action)
    if leg.phase is None:
        return clause
    return f"{PHASE_OPENINGS.get(leg.phase, f'pendant la phase « {leg.phase} »')}, {clause}"


def pick(card_filter: Filter) -> str:
    singular, plural = KIND_NAMES.get(card_filter.kind, (card_filter.kind, card_filter.kind))
    if card_filter.count is not None and card_filter.count != 1:
        noun = f"{card_filter.count} {plural}"
    elif card_filter.count == 1:
        noun = f"1 {singular}"
    else:
        noun = f"{'une' if card_filter.kind in FEMININE_KINDS else 'un'} {singular}"
    if card_filter.where is None:
        return noun
    return f"{noun} dont {_condition(card_filter.where)}"


def _condition(where) -> str:
    if isinstance(where, Compare):
        field = FIELDS.get(where.field, f"« {where.field} »")
        return f"{field} {OPS[where.op]} {WORDS.get(str(where.value), where.value)}"
    joiner = " et " if isinstance(where, AllOf) else " ou "
    assert isinstance(where, (AllOf, AnyOf))
    return joiner.join(_condition(t) for t in where.terms)


def _option(option) -> str:
    if isinstance(option, Amount):
        return quantity(option)
    if isinstance(option, Filter):
        return f"prenez {pick(option)}"
    if isinstance(option, Group):
        return " et ".join(_leg(leg) for leg in option.legs)
    return _value(option)


def _action(action) -> str:
    if isinstance(action, Gain):
        value = action.amount.value
        verb = "payez" if isinstance(value, int) and value < 0 else "gagnez"
        return f"{verb} {quantity(action.amount)}"
    if isinstance(action, Choose):
        options = [_option(o) for o in action.options]
        return "au choix : " + (", ".join(options[:-1]) + " ou " + options[-1] if len(options) > 1 else options[0])
    if isinstance(action, Acquire):
        return f"prenez {pick(action.filter)}"
    if isinstance(action, Call):
        return _call(action)
    return _value(action)


def _call(call: Call) -> str:  # noqa: C901 - one branch per worded verb, as in the English
    verb, args = call.verb, call.args
    amounts = [a for a in args if isinstance(a, Amount)]
    may = "vous pouvez " if "optional" in args else ""
    if verb in ("exchange", "self_convert") and len(amounts) == 2:
        return f"vous pouvez échanger {quantity(amounts[0])} contre {quantity(amounts[1])}"
    if verb == "pay_to_player" and len(amounts) == 2:
        verb_fr = "payer" if may else "payez"
        return f"{may}{verb_fr} {quantity(amounts[0])} à un joueur de votre choix pour gagner {quantity(amounts[1])}"
    if verb == "take_from_player" and amounts:
        return f"{may}{'prendre' if may else 'prenez'} {quantity(amounts[0])} à un joueur de votre choix"
    if verb == "steal" and amounts:
        return "volez " + " ou ".join(quantity(a) for a in amounts) + " à un adversaire"
    if verb == "count" and amounts:
        what = " ".join(str(a) for a in args if isinstance(a, str))
        return f"gagnez {quantity(amounts[0])} pour chaque {_count_words(what)}"
    if verb in ("all_lose", "all_gain", "active_gain", "others_gain", "active_lose", "others_lose") and amounts:
        group, _, change = verb.partition("_")
        who, many = GROUPS[group]
        return f"{who} {CHANGES[change][many]} {quantity(amounts[0])}"
    if verb in ("all_may", "all_must", "active_may") and args:
        group, _, modal = verb.partition("_")
        who, many = GROUPS[group]
        return f"{who} {MODALS[modal][many]} : {_action(args[0])}"
    if verb == "seq" and args:
        return f"chacun à son tour, {_action(args[0])}"
    if verb == "on_event" and len(args) == 2:
        event = _value(args[0])
        that = "qu'" if event[:1] in "aeiouéh" else "que "
        return f"chaque fois {that}{event} est obtenu, {_action(args[1])}"
    if verb == "modify_monster_strength" and args:
        return f"ajoutez {args[0]} Force au coût d'un Monstre des piles centrales"
    words = [a for a in args if a != "optional"]
    if verb in ("banish_center", "banish_owned") and len(words) == 1 and words[0] in WORDS:
        where = "des piles centrales" if verb == "banish_center" else "que vous possédez"
        return f"{may}{'bannir' if may else 'bannissez'} un {WORDS[words[0]]} {where}"
    if verb in ("add", "grant_all") and len(words) == 1 and isinstance(words[0], str):
        give = "ajoutez" if verb == "add" else "donnez à tous les joueurs"
        return f"{give} l'action « {words[0]} »"
    if verb == "add_slay_cost" and amounts and len(words) == 1:
        return f"le coût pour tuer un Monstre augmente de {quantity(amounts[0])}"
    if verb in SIMPLE_VERBS and not words:
        text = SIMPLE_VERBS[verb]
        return text if not may or text.startswith("vous pouvez") else f"(facultatif) {text}"
    words = [_value(a) for a in words]
    return (f"{may}appliquer l'effet « {verb} »" if may else f"effet « {verb} »") + (
        f" ({', '.join(words)})" if words else "")


def _count_words(what: str) -> str:
    scope, _, name = what.partition(" ")
    if scope.startswith("owned_") and name:
        return f"{name} que vous possédez"
    if scope.startswith("owned_"):
        kind = scope.removeprefix("owned_").rstrip("s")
        return f"{WORDS.get(kind, kind)} que vous possédez"
    if scope == "area":
        return f"Monstre de la région {name} que vous possédez"
    return f"Monstre de type {name} que vous possédez"


def _value(value) -> str:
    if isinstance(value, Amount):
        return quantity(value)
    if isinstance(value, KeyValue):
        return f"« {value.key} = {value.value} »"
    if isinstance(value, Filter):
        return pick(value)
    if isinstance(value, Compare):
        return _condition(value)
    if isinstance(value, (Gain, Choose, Acquire, Call)):
        return _action(value)
    if isinstance(value, str) and value in WORDS:
        return WORDS[value]
    return str(value) if isinstance(value, int) else f"« {value} »"
