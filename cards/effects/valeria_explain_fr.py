"""The French phrasebook of the Valeria explainer: valeria_explain.py walks the tree, this module words it,
with the same names as the English phrasebook there.

A verb without its own wording is named between guillemets (« add_self_gold_pool ») with its arguments, so an
untranslated identifier reads as a quoted game term, never as an English sentence.
"""

from __future__ import annotations

from .tree import Amount
from .valeria_explain import GROUP_CHANGES, GROUP_MODALS, Verb, count_words

WORDING = {"phase": "pendant la phase « {} »", "whose": "{} dont {}", "and": "et", "or": "ou", "take": "prenez {}",
           "pay": "payez {}", "gain": "gagnez {}", "choose": "au choix : {}"}
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
COUNTED = {"owned_named": "{name} que vous possédez", "owned_kind": "{kind} que vous possédez",
           "area": "Monstre de la région {name} que vous possédez", "other": "Monstre de type {name} que vous possédez"}
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


def cards(kind: str, count: int | None) -> str:
    singular, plural = KIND_NAMES.get(kind, (kind, kind))
    if count is not None and count != 1:
        return f"{count} {plural}"
    if count == 1:
        return f"1 {singular}"
    return f"{'une' if kind in FEMININE_KINDS else 'un'} {singular}"


def compare(field: str, op: str, value) -> str:
    return f"{FIELDS.get(field, f'« {field} »')} {OPS[op]} {WORDS.get(str(value), value)}"


def key_value(key: str, value) -> str:
    return f"« {key} = {value} »"


def word(value) -> str:
    if isinstance(value, str) and value in WORDS:
        return WORDS[value]
    return str(value) if isinstance(value, int) else f"« {value} »"


def _may(verb: Verb, infinitive: str, imperative: str) -> str:
    return f"vous pouvez {infinitive}" if verb.may else imperative


def _group_change(verb: Verb) -> str:
    group, _, change = verb.name.partition("_")
    who, many = GROUPS[group]
    return f"{who} {CHANGES[change][many]} {verb.quantity()}"


def _group_modal(verb: Verb) -> str:
    group, _, modal = verb.name.partition("_")
    who, many = GROUPS[group]
    return f"{who} {MODALS[modal][many]} : {verb.action(verb.args[0])}"


def _on_event(verb: Verb) -> str:
    event = verb.value(verb.args[0])
    that = "qu'" if event[:1] in "aeiouéh" else "que "
    return f"chaque fois {that}{event} est obtenu, {verb.action(verb.args[1])}"


def _banish(verb: Verb) -> str | None:
    thing = WORDS.get(verb.words[0])
    if thing is None:
        return None
    where = "des piles centrales" if verb.name == "banish_center" else "que vous possédez"
    return f"{_may(verb, 'bannir', 'bannissez')} un {thing} {where}"


def _simple(verb: Verb) -> str | None:
    if verb.words:
        return None
    text = SIMPLE_VERBS[verb.name]
    return text if not verb.may or text.startswith("vous pouvez") else f"(facultatif) {text}"


CALLS = {  # verb -> its wording, given a Verb whose arguments fit (valeria_explain._fits); None: not worded
    "exchange": lambda v: f"vous pouvez échanger {v.quantity(0)} contre {v.quantity(1)}",
    "self_convert": lambda v: f"vous pouvez échanger {v.quantity(0)} contre {v.quantity(1)}",
    "pay_to_player": lambda v: (f"{_may(v, 'payer', 'payez')} {v.quantity(0)} à un joueur de votre choix pour "
                                f"gagner {v.quantity(1)}"),
    "take_from_player": lambda v: f"{_may(v, 'prendre', 'prenez')} {v.quantity()} à un joueur de votre choix",
    "steal": lambda v: "volez " + " ou ".join(quantity(a) for a in v.amounts) + " à un adversaire",
    "count": lambda v: (f"gagnez {v.quantity()} pour chaque "
                        f"{count_words(' '.join(str(a) for a in v.args if isinstance(a, str)), v.book)}"),
    **{name: _group_change for name in GROUP_CHANGES},
    **{name: _group_modal for name in GROUP_MODALS},
    "seq": lambda v: f"chacun à son tour, {v.action(v.args[0])}",
    "on_event": _on_event,
    "modify_monster_strength": lambda v: f"ajoutez {v.args[0]} Force au coût d'un Monstre des piles centrales",
    "banish_center": _banish,
    "banish_owned": _banish,
    "add": lambda v: f"ajoutez l'action « {v.words[0]} »",
    "grant_all": lambda v: f"donnez à tous les joueurs l'action « {v.words[0]} »",
    "add_slay_cost": lambda v: f"le coût pour tuer un Monstre augmente de {v.quantity()}",
    **{name: _simple for name in SIMPLE_VERBS},
}


def unworded(verb: Verb) -> str:
    words = [verb.value(a) for a in verb.words]
    return (f"vous pouvez appliquer l'effet « {verb.name} »" if verb.may else f"effet « {verb.name} »") + (
        f" ({', '.join(words)})" if words else "")
