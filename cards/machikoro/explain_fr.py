"""The French phrasebook of the Machi Koro (Minivilles) explainer: explain.py walks the tree, this
module words it, with the same names as the English phrasebook there.

Card, icon and colour names come from the card facts (cards/data/machikoro.json `name_fr`); a name the facts do
not know (a designer's new card) is kept as written. French plurals: 0 and 1 are singular ("1 pièce").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cards.effects.tree import AnyOf, Compare

CARD_FACTS = Path(__file__).resolve().parents[1] / "data" / "machikoro.json"
WORDING = {
    "then": "ensuite, {}", "opening": "{}, {}", "or": "ou", "and": "et", "during": "pendant la phase {}",
    "gain": "recevez {} de la banque", "pay": "payez {} à la banque", "close": "cette carte ferme pour travaux",
    "back_to_market": "cette carte retourne au marché",
    "invest": "vous pouvez placer {} de votre réserve sur cette carte",
    "redistribute": "rassemblez les pièces de tous les joueurs et partagez-les équitablement, arrondi au "
                    "supérieur ; la banque complète la différence",
    "add": "ajoutez {} au total des dés", "may_add": "vous pouvez ajouter {} au total des dés",
    "extra_turn": "si vous avez fait un double, jouez un autre tour après celui-ci", "if_total": "si le total des dés {}",
}
TRIGGERS = {
    "another": ("quand un autre joueur obtient {}", "quand le lancer d'un autre joueur active cette carte"),
    "anyone": ("quand n'importe quel joueur obtient {}", "quand le lancer de n'importe quel joueur active cette carte"),
    "yours": ("quand vous obtenez {}", "quand votre propre lancer active cette carte"),
    "any": ("quand le résultat des dés est {}", ""),
}
PHASE_OPENINGS = {
    "turn.end": "à la fin de votre tour",
    "build.before": "juste avant de construire",
    "build.self": "quand vous construisez cette carte",
    "build.skip": "si vous ne construisez rien pendant votre tour",
    "roll.after": "après avoir lancé les dés",
    "roll.broken": "si votre lancer est « cassé » (un dé tombe de la table ou reste penché)",
}
COMPARISONS = {"==": "exactement", ">=": "au moins", ">": "plus de", "<=": "au plus", "<": "moins de"}
TOTAL_COMPARISONS = {
    "==": "est de {n}", "!=": "n'est pas de {n}", ">=": "est de {n} ou plus", ">": "est supérieur à {n}",
    "<=": "est de {n} ou moins", "<": "est inférieur à {n}",
}
CONDITION_OPS = {"==": "est", "!=": "n'est pas", "<": "est inférieur à", "<=": "est au plus", ">": "est supérieur à",
                 ">=": "est au moins"}
IF_SUBJECTS = {"you": ("si vous {}", False), "them": ("s'il {}", True), "roller": ("si le joueur actif {}", True)}
PAYER_THIRD_PERSON = {True: True, False: True}  # "s'il a", "qui a"
OWNERS = {"own": "que vous possédez", "all": "que possède n'importe quel joueur, vous compris",
          "roller": "que possède le joueur actif", "chosen": "que possède ce joueur", "they": "qu'il possède"}
FIELDS = {"icon": "le type", "colour": "la couleur", "name": "le nom"}
COLOURS = {"red": "rouge", "blue": "bleue", "green": "verte", "purple": "violette"}  # agreeing with "couleur"
PAYERS = {  # payer -> (to them, of them)
    "them": ("à ce joueur", "de ce joueur"),
    "roller": ("au joueur actif", "du joueur actif"),
    "each_opponent": ("à chaque adversaire", "de chaque adversaire"),
    "chosen_opponent": ("à un adversaire de votre choix", "d'un adversaire de votre choix"),
}


@dataclass(frozen=True)
class Noun:
    one: str
    many: str
    feminine: bool = False  # "cartes Vignoble" (une, celles) against "établissements" (un, ceux)


def plural(n, singular: str, many: str) -> str:
    return f"{n} {singular if isinstance(n, int) and abs(n) < 2 else many}"


def coins(n) -> str:
    return plural(n, "pièce", "pièces")


@cache
def _french_names() -> dict[str, dict[str, str]]:
    """{"card": {"Harbor": "Port", ...}, "icon": {"cup": "tasse", ...}} from the official card facts."""
    try:
        data = json.loads(CARD_FACTS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"card": {}, "icon": {}}
    cards = {card["name"]: card["name_fr"] for card in data.get("establishments", []) + data.get("landmarks", [])
             if card.get("name_fr")}
    icons = {icon["slug"]: icon["name_fr"].lower() for icon in data.get("icons", []) if icon.get("name_fr")}
    return {"card": cards, "icon": icons}


def card_name(name) -> str:
    return _french_names()["card"].get(str(name), str(name))


def roll_dice(n: int) -> str:
    if n == 1:
        return "vous lancez 1 dé"
    return "vous pouvez lancer 1 ou 2 dés" if n == 2 else f"vous pouvez lancer de 1 à {n} dés"


def reroll(times: int) -> str:
    often = {1: "une fois", 2: "deux fois"}.get(times, f"jusqu'à {times} fois")
    return f"{often} par tour, vous pouvez relancer les dés"


def income_bonus(noun: Noun, bonus: str) -> str:
    each = "chacune" if noun.feminine else "chacun"
    return f"{each} de vos {noun.many} rapporte {bonus} de plus à chaque fois qu'il vous paie"


def shared_roll(dice: int, per_pip: str) -> str:
    return (f"le joueur actif lance {plural(dice, 'dé', 'dés')} (une fois par tour, pour tous les propriétaires) et "
            f"vous recevez {per_pip} par point obtenu")


def trade(noun: Noun, optional: bool) -> str:
    one, theirs = ("une", "celles") if noun.feminine else ("un", "ceux")
    may = "vous pouvez échanger" if optional else "échangez"
    return f"{may} {one} de vos {noun.many} contre {one} de {theirs} d'un adversaire"


def renovate(noun: Noun, per_copy: str) -> str:
    return (f"choisissez un type de carte parmi les {noun.many} : chaque exemplaire, chez tous les joueurs, ferme "
            f"pour travaux, et chaque adversaire vous paie {per_copy} par exemplaire fermé chez lui")


def demolish(count: int, reward: str) -> str:
    return (f"démolissez {count} de vos monuments si vous le pouvez (jamais un monument construit dès le départ) ; "
            f"si vous le faites, recevez {reward} de la banque")


def move(noun: Noun, reward: str) -> str:
    return (f"donnez {'une' if noun.feminine else 'un'} de vos {noun.many} à l'adversaire de votre choix ; si vous "
            f"le faites, recevez {reward} de la banque")


def activate(noun: Noun, optional: bool, then: str) -> str:
    may = "vous pouvez activer" if optional else "activez"
    return f"{may} à la place un type de vos {noun.many} (tous ses exemplaires) ; si vous le faites, {then}"


def payer(key: str, predicate: str | None) -> tuple[str, str]:
    """(the payer after "à", the payer after "de"), with the payer's condition if any."""
    to_them, of_them = PAYERS[key]
    if predicate is None:
        return to_them, of_them
    suffix = f" s'il {predicate}" if key in ("them", "roller") else f" qui {predicate}"
    return to_them + suffix, of_them + suffix


def take(amount: str, payer: tuple[str, str]) -> str:
    to_them, of_them = payer
    if amount == "half":
        return f"prenez la moitié des pièces (arrondie à l'inférieur) {of_them}"
    if amount == "all":
        return f"prenez toutes les pièces {of_them}"
    if amount == "invested":
        return f"prenez {to_them} autant de pièces que vous en avez investi sur cette carte"
    return f"prenez {amount} {to_them}"


def for_each(clause: str, noun: Noun, owners: str) -> str:
    return f"{clause} pour chaque {noun.one} {OWNERS[owners]}"


def has(third: bool, landmark) -> str:
    return f"{'a' if third else 'avez'} le monument {card_name(landmark)}"


def check(third: bool, quantity: str, op: str, value: int) -> str:
    have = "a" if third else "avez"
    coins_counted = quantity == "coins"
    if op == "==" and value == 0:
        return f"n'{have} aucune pièce" if coins_counted else f"n'{have} aucun monument construit"
    things = ("pièce", "pièces") if coins_counted else ("monument construit", "monuments construits")
    if op == "!=":
        return f"{have} un nombre de {things[1]} différent de {value}"
    return f"{have} {COMPARISONS[op]} {plural(value, *things)}"


def establishments() -> Noun:
    return Noun("établissement", "établissements")


def named(names: list[str]) -> Noun:
    joined = " ou ".join(card_name(name) for name in names)
    return Noun(joined, f"cartes {joined}", feminine=True)


def kinds(where) -> Noun | None:
    """`icon==cup or icon==bread` -> "établissement(s) de type tasse ou pain"; None when it needs "dont ..."."""
    one, many = _qualifier(where, plural=False), _qualifier(where, plural=True)
    return Noun(f"établissement {one}", f"établissements {many}") if one else None


def whose(conditions: str) -> Noun:
    return Noun(f"établissement dont {conditions}", f"établissements dont {conditions}")


def compare(field: str, op: str, value) -> str:
    return f"{FIELDS.get(field, f'le champ {field}')} {CONDITION_OPS[op]} {_value(field, value)}"


def _value(field: str, value) -> str:
    if field == "icon":
        return _french_names()["icon"].get(str(value), str(value))
    if field == "colour":
        return COLOURS.get(str(value), str(value))
    if field == "name":
        return card_name(value)
    return str(value)


def _kind(term: Compare) -> str | None:
    if term.field == "icon":
        return f"de type {_value('icon', term.value)}"
    if term.field == "colour":
        return f"de couleur {_value('colour', term.value)}"
    return None


def _qualifier(where, plural: bool) -> str | None:
    """"de type tasse ou pain", "qui ne sont pas de type tour"; None when the filter needs the long form."""
    if isinstance(where, Compare):
        kind = _kind(where) if where.op in ("==", "!=") else None
        if kind is None or where.op == "==":
            return kind
        verb = "qui ne sont pas" if plural else "qui n'est pas"
        return f"{verb} {kind}"
    if all(isinstance(t, Compare) and t.op == "==" for t in where.terms):
        joiner = " ou " if isinstance(where, AnyOf) else " et "
        fields = {t.field for t in where.terms}
        if isinstance(where, AnyOf) and len(fields) == 1 and _kind(where.terms[0]):  # "de type tasse ou pain"
            field = where.terms[0].field
            first, *rest = [_value(field, t.value) for t in where.terms]
            return _kind(where.terms[0]).removesuffix(first) + joiner.join([first, *rest])
        parts = [_kind(t) for t in where.terms]
        if None not in parts:
            return joiner.join(parts)
    return None
