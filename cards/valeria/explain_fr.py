"""The French phrasebook of the Valeria explainer: explain.py walks the tree, this module words it,
with the same names as the English phrasebook there.

Under a modal verb (`all_may X`: « tous les joueurs peuvent ... ») a verb is worded in the infinitive; otherwise in
the imperative, or « vous pouvez » and the infinitive when it is optional (`_do()`). A verb without its own wording
is named between guillemets (« add_self_gold_pool ») with its arguments, so an untranslated identifier reads as a
quoted game term, never as an English sentence.
"""

from __future__ import annotations

from cards.effects.tree import Amount
from cards.valeria.wording import GROUP_CHANGES, GROUP_MODALS, RESOURCE_WORDS, PerOwned, cost_in, count_words, title

WORDING = {"phase": "pendant la phase « {} »", "whose": "{} dont {}", "and": "et", "or": "ou", "take": "prenez {}",
           "pay": "payez {}", "gain": "gagnez {}", "choose": "au choix : {}",
           # after « peut » / « doivent » (all_may ...): the infinitive
           "take_after_modal": "prendre {}", "pay_after_modal": "payer {}", "gain_after_modal": "gagner {}",
           "choose_after_modal": "choisir : {}"}
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
         "domain": "Domaine", "domains": "Domaines", "noble": "Noble", "soldier": "soldat", "random": "au hasard",
         "targeted": "ciblé", "doubles": "un double", "self": "vous-même", "holy": "saint",
         "shadow": "ombre", "worker": "ouvrier"}
FEMININE_KINDS = {"goods", "starters"}
GROUPS = {"all": ("tous les joueurs", True), "active": ("le joueur actif", False),
          "others": ("tous les autres joueurs", True)}
# whose cards: (possessive, plural possessive, « ... que vous possédez »), for the owner and for a modal's group
OWNERS = {"you": ("votre", "vos", "que vous possédez"), "all": ("leur", "leurs", "qu'ils possèdent"),
          "active": ("son", "ses", "qu'il possède"), "others": ("leur", "leurs", "qu'ils possèdent")}
ROLE_NAMES = {"holy": "saint", "shadow": "de l'ombre", "soldier": "soldat", "worker": "ouvrier"}
CHANGES = {"gain": ("gagne", "gagnent"), "lose": ("perd", "perdent")}
MODALS = {"may": ("peut", "peuvent"), "must": ("doit", "doivent")}
FIELDS = {"gold_cost": "le coût en Or", "role": "le rôle", "name": "le nom"}
OPS = {"==": "est", "!=": "n'est pas", "<": "est inférieur à", "<=": "est au plus", ">": "est supérieur à",
       ">=": "est au moins"}
COUNTED = {"owned_named": "{name} que vous possédez", "owned_kind": "{kind} que vous possédez",
           "area": "Monstre de la région {name} que vous possédez",
           "owned_citizen_name": "Citoyen {name} que vous possédez",
           "owned_starter_name": "carte de départ {name} que vous possédez",
           "other": "Monstre de type {name} que vous possédez"}
# The named abilities of effect.add action.NAME and grant_all action.NAME, from each card's printed text.
ABILITIES = {
    "emeraldstronghold": ("quand vous recrutez un Citoyen, ignorez le surcoût en Or des exemplaires que vous "
                          "possédez déjà"),
    "pratchettsplateau": "les Domaines vous coûtent 1 Or de moins",
    "defiantridge": "recruter un Citoyen vous coûte 1 Or de moins",
    "fortskyler": "tuer un Monstre vous coûte 1 Force de moins",
    "browncoatssanctum": "les Tomes vous coûtent 1 Or de moins",
    "muratreis": "ignorez le surcoût en ressources au choix quand vous secourez un Noble",
    "portofdrake": "les Marchandises vous coûtent 1 Or de moins",
    "blessedlands": "construire un Domaine coûte 2 Or de moins à chaque joueur",
    "darklordrising": "tuer un Monstre coûte 1 Magie de plus à chaque joueur",
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


def kind(word: str, plural: bool = False) -> str:
    """A kind word of a verb (citizen, monster, domain, noble) as the card name."""
    names = KIND_NAMES.get(f"{word}s", KIND_NAMES.get(word, (word, word)))
    return names[1] if plural else names[0]


def compare(field: str, op: str, value) -> str:
    return f"{FIELDS.get(field, f'« {field} »')} {OPS[op]} {WORDS.get(str(value), value)}"


def key_value(key: str, value) -> str:
    return f"« {key} = {value} »"


def word(value) -> str:
    if isinstance(value, str) and value in WORDS:
        return WORDS[value]
    return str(value) if isinstance(value, int) else f"« {value} »"


def _do(verb, infinitive: str, imperative: str | None = None) -> str:
    """The infinitive after a modal (« tous les joueurs peuvent payer ... »); « vous pouvez » and the infinitive
    when the verb is optional, or always (no imperative); else the imperative."""
    if verb.subject:
        return infinitive
    if verb.may or imperative is None:
        return f"vous pouvez {infinitive}"
    return imperative


def _chooser(verb) -> str:
    return f"un joueur de {verb.owner[0]} choix"


def _group_change(verb) -> str:
    group, _, change = verb.name.partition("_")
    who, many = GROUPS[group]
    return f"{who} {CHANGES[change][many]} {verb.quantity()}"


def _group_modal(verb) -> str:
    group, _, modal = verb.name.partition("_")
    who, many = GROUPS[group]
    return f"{who} {MODALS[modal][many]} {verb.action(verb.args[0], subject=group)}"


def _on_event(verb) -> str:
    event = verb.value(verb.args[0])
    that = "qu'" if event[:1] in "aeiouéh" else "que "
    return f"chaque fois {that}{event} est obtenu, {verb.action(verb.args[1])}"


def _exchange(verb) -> str:
    pay, gain = verb.exchange()
    return _do(verb, f"échanger {verb.listing(pay)} contre {verb.listing(gain)}")


def _pay_to_player(verb) -> str:
    pay, gain = verb.exchange()
    rest = f"{verb.listing(pay)} à {_chooser(verb)} pour gagner {verb.listing(gain)}"
    return _do(verb, f"payer {rest}", f"payez {rest}")


def _victim(verb) -> str:
    points = verb.number("victim_vp")
    return "" if points is None else f" (qui gagne {quantity(Amount('v', points))})"


def _both(verb, infinitive: str, imperative: str, rest: str) -> str:
    return _do(verb, f"{infinitive} {rest}", f"{imperative} {rest}")


def _banish_center(verb) -> str:
    thing = f"un {kind(verb.plain[0])}"
    if "type" in verb.pairs:
        thing += f" de type {title(verb.pairs['type'])}"
    where = "" if verb.plain[0] == "noble" else " des piles centrales"
    return _both(verb, "bannir", "bannissez", f"{thing}{where}")


def _take_owned(verb) -> str:
    taken = f"au hasard un {kind(verb.plain[0])} à un autre joueur{_victim(verb)}"
    if verb.pairs.get("to") == "stack":
        return _do(verb, f"prendre {taken} et le remettre sur sa pile", f"prenez {taken} et remettez-le sur sa pile")
    return _both(verb, "prendre", "prenez", taken)


def _set_one_die(verb) -> str:
    target = verb.number("target")
    change = f"mettre un dé sur {target}" if target is not None else f"diminuer un dé de {verb.number('subtract')}"
    cost = cost_in(verb.pairs["cost"]) if "cost" in verb.pairs else None
    if isinstance(cost, PerOwned):
        change = (f"payer {quantity(cost.amount)} par Citoyen {ROLE_NAMES[cost.role]} que vous possédez pour "
                  f"{change}")
    elif cost:
        change = f"payer {verb.listing(cost)} pour {change}"
    return _do(verb, change)


def _ability(verb) -> str | None:
    return ABILITIES.get(verb.plain[0].removeprefix("action."))


def _grant_all(verb) -> str | None:
    ability = _ability(verb)
    return ability and f"jusqu'à la fin de la partie, {ability}"


def _banish_owned_citizen(verb) -> str:
    role = verb.pairs.get("role")
    citizen = f"un Citoyen {ROLE_NAMES[role]}" if role else "un Citoyen"
    gain = f" pour gagner {verb.listing(verb.paid('gain'))}" if "gain" in verb.pairs else ""
    return _both(verb, "bannir", "bannissez", f"{citizen} {verb.owner[2]}{gain}")


def _slay_discount(verb) -> str:
    names = {"magic": "m", "strength": "s"}
    ignored = [Amount(names[key], verb.number(key)) for key in ("magic", "strength") if key in verb.pairs]
    return f"quand vous tuez un Monstre, vous pouvez ignorer {verb.listing(ignored, 'or')} de son coût"


def _per_owned(verb, scope: str) -> str:
    return _both(verb, "gagner", "gagnez", f"{verb.quantity()} pour chaque {count_words(scope, verb.book)}")


CALLS = {  # verb -> its wording, given a Verb whose arguments fit (explain._fits); None: not worded
    "exchange": _exchange,
    "self_convert": _exchange,
    "pay_to_player": _pay_to_player,
    "take_from_player": lambda v: _both(v, "prendre", "prenez", f"{v.quantity()} à {_chooser(v)}"),
    "steal": lambda v: _both(v, "voler", "volez", f"{v.listing(v.amounts, 'or')} à un adversaire{_victim(v)}"),
    "count": lambda v: _per_owned(v, " ".join(str(a) for a in v.args if isinstance(a, str))),
    **{name: _group_change for name in GROUP_CHANGES},
    **{name: _group_modal for name in GROUP_MODALS},
    "seq": lambda v: f"chacun à son tour, {v.action(v.args[0])}",
    "on_event": _on_event,
    "slay": lambda v: _do(v, "tuer un Monstre"),
    "recruit": lambda v: _both(v, "recruter", "recrutez", "un Citoyen"),
    "build_domain": lambda v: _both(v, "construire", "construisez", "un Domaine"),
    "sail": lambda v: _do(v, "naviguer"),
    "modify_monster_strength": lambda v: _both(v, "ajouter", "ajoutez",
                                               f"{v.args[0]} Force au coût d'un Monstre des piles centrales"),
    "add_slay_cost": lambda v: _both(v, "ajouter", "ajoutez", f"{v.quantity()} au coût d'un Monstre des piles "
                                                             "centrales"),
    "add_self_slay_cost": lambda v: _both(v, "ajouter", "ajoutez", f"{v.quantity()} au coût pour tuer ce Monstre" + (
        f" ({v.number('max')} au plus en tout)" if "max" in v.pairs else "")),
    "banish_center": _banish_center,
    "banish_owned": lambda v: _both(v, "bannir", "bannissez", f"un {kind(v.plain[0])} {v.owner[2]}"),
    "banish_center_citizen": lambda v: _both(v, "bannir", "bannissez", "un Citoyen des piles centrales"),
    "banish_center_domain": lambda v: _both(v, "bannir", "bannissez", "un Domaine face visible des piles centrales"),
    "banish_player_citizen": lambda v: _both(v, "bannir", "bannissez", f"un Citoyen d'{_chooser(v)}"),
    "banish_random_player_monster": lambda v: _both(v, "bannir", "bannissez",
                                                    f"au hasard un Monstre d'{_chooser(v)}"),
    "banish_owned_citizen": _banish_owned_citizen,
    "take_owned": _take_owned,
    "return_owned": lambda v: _both(v, "remettre", "remettez", f"sur sa pile un {kind(v.plain[0])} {v.owner[2]} "
                                                               f"pour gagner {v.quantity()}"),
    "steal_citizen": lambda v: _both(v, "prendre", "prenez", f"{cards('citizens', None)} dont "
                                                             f"{v.value(v.args[0])} à {_chooser(v)}"),
    "flip_citizen": lambda v: _both(v, "retourner", "retournez", "face cachée " + (
        "un Citoyen d'un adversaire" if v.plain else f"un Citoyen {v.owner[2]}")),
    "flip_opponent_citizen": lambda v: _both(v, "retourner", "retournez", f"face cachée un Citoyen d'{_chooser(v)}"),
    "flip_opponent_domain": lambda v: _both(v, "retourner", "retournez", f"face cachée un Domaine d'{_chooser(v)}"),
    "concurrent_flip_one_citizen": lambda v: "chaque joueur retourne face cachée un de ses Citoyens en même temps",
    "set_one_die": _set_one_die,
    "reroll_one_die": lambda v: _do(v, "relancer un dé"),
    "reroll_both_dice_pay_magic_2": lambda v: _do(v, f"payer {quantity(Amount('m', 2))} pour relancer les deux dés"),
    "exekratys_immune": lambda v: ("vous ne perdez pas de ressources au choix sur un 6 (vous êtes immunisé contre "
                                   "Exekratys)"),
    "gain_per_owned_citizen_name": lambda v: _per_owned(v, f"owned_citizen_name {v.plain[0]}"),
    "gain_per_owned_starter_name": lambda v: _per_owned(v, f"owned_starter_name {v.plain[0]}"),
    "on_any_magic_gain": lambda v: f"si vos cartes vous rapportent de la Magie, gagnez {v.quantity()}",
    "take": lambda v: "les adversaires ne peuvent vous prendre ni ressources ni cartes",
    "add": _ability,
    "grant_all": _grant_all,
    "newshilinatower": lambda v: "quand vous recrutez un Citoyen, vous pouvez le payer avec de la Force",
    "northernwall": lambda v: ("pendant votre phase de Lancer, vous pouvez bannir un Monstre de type Minion des "
                               "piles centrales"),
    "refresh_tomes": lambda v: _both(v, "retourner", "retournez", f"face visible tous {v.owner[1]} Tomes"),
    "place_kings_guard": lambda v: _both(v, "mettre", "mettez", "en jeu la pile de Citoyens King's Guard"),
    "block_recruit_matching_roll": lambda v: ("pendant cette phase d'Action, personne ne peut prendre un Citoyen "
                                              "dont le numéro est celui d'un des dés ou de leur somme"),
    "add_self_gold_pool": lambda v: _both(v, "placer", "placez", f"{quantity(Amount('g', int(v.args[0])))} de "
                                                                 f"{v.owner[0]} réserve sur cette carte"),
    "gain_self_gold_pool": lambda v: _both(v, "gagner", "gagnez", "tout l'Or placé sur cette carte"),
    "pay_to_chosen": lambda v: _both(v, "payer", "payez", f"{v.listing(v.paid('pay'))} à {_chooser(v)}"),
    "gain_action": lambda v: _both(v, "payer", "payez", f"{v.listing(v.paid('pay'))} pour une action "
                                                        "supplémentaire"),
    "place_reserve_monster": lambda v: _both(v, "placer", "placez", f"un Monstre {title(v.pairs['pool'])} de la "
                                                                    "réserve sur les piles centrales"),
    "all_gain_per_owned": lambda v: (f"tous les joueurs gagnent {v.listing(v.paid('gain'))} pour chaque "
                                     f"{kind(v.pairs['per'])} qu'ils possèdent"),
    "wild_choose": lambda v: (f"marquez {quantity(Amount('v', v.args[1]))} par tranche de {v.args[0]} d'une "
                              "même ressource de votre choix"),
    "floor_div": lambda v: (f"marquez {quantity(Amount('v', v.args[2]))} par tranche de "
                            f"{quantity(Amount(RESOURCE_WORDS[v.args[0]], v.args[1]))} que vous avez"),
    "ignore_requirement": lambda v: _both(v, "ignorer", "ignorez", f"{v.args[0]} prérequis du Domaine"),
    "slay_discount": _slay_discount,
}


def unworded(verb) -> str:
    words = [verb.value(a) for a in verb.words]
    return (f"vous pouvez appliquer l'effet « {verb.name} »" if verb.may else f"effet « {verb.name} »") + (
        f" ({', '.join(words)})" if words else "")
