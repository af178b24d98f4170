"""French for Machi Koro (Minivilles) trees, built from the same parsed tree as the English.

Card, icon and colour names come from the card facts (cards/data/machikoro.json `name_fr`); a name the facts do
not know (a designer's new card) is kept as written. French plurals: 0 and 1 are singular ("1 pièce").
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path

from .errors import EffectError
from .explain import CardFacts, numbers_in_words, sentence
from .machikoro_explain import Voice, _names
from .tree import (Activate, AdjustRoll, AllOf, Amount, AnyOf, Check, Close, Compare, Count, Demolish, Effect,
                   ExtraTurn, Filter, Gain, Has, If, IncomeBonus, Invest, Move, Pay, Redistribute, Renovate, Reroll,
                   RollDice, SharedRoll, Take, Trade)

CARD_FACTS = Path(__file__).resolve().parents[1] / "data" / "machikoro.json"
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
FIELDS = {"icon": "le type", "colour": "la couleur", "name": "le nom"}
COLOURS = {"red": "rouge", "blue": "bleue", "green": "verte", "purple": "violette"}  # agreeing with "couleur"
PAYERS = {  # payer -> (to them, of them, they)
    "them": ("à ce joueur", "de ce joueur", "il"),
    "roller": ("au joueur actif", "du joueur actif", "le joueur actif"),
    "each_opponent": ("à chaque adversaire", "de chaque adversaire", "chaque adversaire"),
    "chosen_opponent": ("à un adversaire de votre choix", "d'un adversaire de votre choix", "cet adversaire"),
}


def plural(n, singular: str, many: str) -> str:
    return f"{n} {singular if isinstance(n, int) and abs(n) < 2 else many}"


def coins(amount: Amount) -> str:
    if amount.resource != "c":
        raise EffectError(1, amount.resource, "the resource c in a Machi Koro effect")
    return plural(amount.value, "pièce", "pièces")


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


def explain_machikoro_fr(effect: Effect, facts: CardFacts) -> str:
    voice = Voice(facts)
    sentences, triggered = [], False
    for leg in effect.legs:
        if leg.phase is None:
            opening = "ensuite" if triggered else _trigger(facts)
            triggered = True
            clause = _clause(leg.action, voice)
            sentences.append(sentence(f"{opening}, {clause}" if opening else clause))
        else:
            sentences.append(sentence(_phase_leg(leg.phase, leg.action, voice)))
    return " ".join(sentences)


def _trigger(facts: CardFacts) -> str:
    numbers = numbers_in_words(facts.numbers, "ou")
    colour = facts.colour
    if colour == "red":
        return f"quand un autre joueur obtient {numbers}" if numbers else \
            "quand le lancer d'un autre joueur active cette carte"
    if colour == "blue":
        return f"quand n'importe quel joueur obtient {numbers}" if numbers else \
            "quand le lancer de n'importe quel joueur active cette carte"
    if colour in ("green", "purple"):
        return f"quand vous obtenez {numbers}" if numbers else "quand votre propre lancer active cette carte"
    return f"quand le résultat des dés est {numbers}" if numbers else ""


def _phase_leg(phase: str, action, voice: Voice) -> str:
    if isinstance(action, RollDice):
        n = action.max_dice
        if n == 1:
            return "vous lancez 1 dé"
        return "vous pouvez lancer 1 ou 2 dés" if n == 2 else f"vous pouvez lancer de 1 à {n} dés"
    if isinstance(action, Reroll):
        times = {1: "une fois", 2: "deux fois"}.get(action.times, f"jusqu'à {action.times} fois")
        return f"{times} par tour, vous pouvez relancer les dés"
    if isinstance(action, IncomeBonus):
        noun, feminine = filter_noun(action.filter, plural=True)
        each = "chacune" if feminine else "chacun"
        return f"{each} de vos {noun} rapporte {coins(action.bonus)} de plus à chaque fois qu'il vous paie"
    opening = PHASE_OPENINGS.get(phase, f"pendant la phase {phase}")
    return f"{opening}, {_clause(action, voice)}"


def _clause(action, voice: Voice) -> str:
    if isinstance(action, Gain):
        return f"recevez {coins(action.amount)} de la banque"
    if isinstance(action, Take):
        return _take(action, voice)
    if isinstance(action, Pay):
        return f"payez {coins(action.amount)} à la banque"
    if isinstance(action, Count):
        return _count(action, voice)
    if isinstance(action, If):
        return _if(action, voice)
    if isinstance(action, SharedRoll):
        dice = plural(action.dice, "dé", "dés")
        return (f"le joueur actif lance {dice} (une fois par tour, pour tous les propriétaires) et vous recevez "
                f"{coins(action.per_pip)} par point obtenu")
    if isinstance(action, Trade):
        noun, feminine = filter_noun(action.filter, plural=True)
        one, theirs = ("une", "celles") if feminine else ("un", "ceux")
        may = "vous pouvez échanger" if action.optional else "échangez"
        return f"{may} {one} de vos {noun} contre {one} de {theirs} d'un adversaire"
    if isinstance(action, Renovate):
        noun, _ = filter_noun(action.filter, plural=True)
        return (f"choisissez un type de carte parmi les {noun} : chaque exemplaire, chez tous les joueurs, ferme "
                f"pour travaux, et chaque adversaire vous paie {coins(action.per_copy)} par exemplaire fermé chez lui")
    if isinstance(action, Close):
        return "cette carte ferme pour travaux"
    if isinstance(action, Demolish):
        landmarks = plural(action.count, "de vos monuments", "de vos monuments")
        return (f"démolissez {landmarks} si vous le pouvez (jamais un monument construit dès le départ) ; si vous "
                f"le faites, recevez {coins(action.reward)} de la banque")
    if isinstance(action, Move):
        noun, feminine = filter_noun(action.filter, plural=True)
        return (f"donnez {'une' if feminine else 'un'} de vos {noun} à l'adversaire de votre choix ; si vous le "
                f"faites, recevez {coins(action.reward)} de la banque")
    if isinstance(action, Invest):
        return f"vous pouvez placer {coins(action.amount)} de votre réserve sur cette carte"
    if isinstance(action, Redistribute):
        return ("rassemblez les pièces de tous les joueurs et partagez-les équitablement, arrondi au supérieur ; la "
                "banque complète la différence")
    if isinstance(action, Activate):
        noun, _ = filter_noun(action.filter, plural=True)
        may = "vous pouvez activer" if action.optional else "activez"
        then = "cette carte retourne au marché" if action.then == "return" else "cette carte ferme pour travaux"
        return (f"{may} à la place un type de vos {noun} (tous ses exemplaires) ; si vous le faites, {then}")
    if isinstance(action, AdjustRoll):
        return f"{'vous pouvez ajouter' if action.optional else 'ajoutez'} {action.amount} au total des dés"
    if isinstance(action, ExtraTurn):
        return "si vous avez fait un double, jouez un autre tour après celui-ci"
    raise EffectError(1, type(action).__name__, "a Machi Koro action to explain")


def _payer(payer: str, voice: Voice) -> tuple[str, str]:
    """(the payer after "à", the payer after "de"), with the payer condition if any."""
    key = "them" if payer == "roller" and voice.roller_is_them else payer
    to_them, of_them, _ = PAYERS[key]
    condition = voice.payer_condition
    if condition is None:
        return to_them, of_them
    if payer == "roller":
        suffix = f" s'il {_predicate(condition, third=True)}"
    else:
        suffix = f" qui {_predicate(condition, third=True)}"
    return to_them + suffix, of_them + suffix


def _take(action: Take, voice: Voice) -> str:
    to_them, of_them = _payer(action.payer, voice)
    value = action.amount.value
    if value == "half":
        return f"prenez la moitié des pièces (arrondie à l'inférieur) {of_them}"
    if value == "all":
        return f"prenez toutes les pièces {of_them}"
    if value == "invested":
        return f"prenez {to_them} autant de pièces que vous en avez investi sur cette carte"
    return f"prenez {coins(action.amount)} {to_them}"


def _count(action: Count, voice: Voice) -> str:
    card, _ = filter_noun(action.filter, plural=False)
    if action.scope == "own":
        owners = "que vous possédez"
    elif action.scope == "all":
        owners = "que possède n'importe quel joueur, vous compris"
    else:
        owners = _payer_owns(action.action, voice)
    return f"{_clause(action.action, voice)} pour chaque {card} {owners}"


def _payer_owns(action, voice: Voice) -> str:
    while isinstance(action, (If, Count)):
        action = action.action
    if isinstance(action, Take) and action.payer == "roller" and not voice.roller_is_them:
        return "que possède le joueur actif"
    if isinstance(action, Take) and action.payer == "chosen_opponent":
        return "que possède ce joueur"
    return "qu'il possède"


def _if(action: If, voice: Voice) -> str:
    condition = action.condition
    if condition.subject == "payer":
        return _clause(action.action, replace(voice, payer_condition=condition))
    if condition.subject == "roll":
        return f"si le total des dés {TOTAL_COMPARISONS[condition.op].format(n=condition.value)}, " \
               f"{_clause(action.action, voice)}"
    if condition.subject == "owner":
        opening = f"si vous {_predicate(condition, third=False)}"
    elif voice.roller_is_them:
        opening = f"s'il {_predicate(condition, third=True)}"
    else:
        opening = f"si le joueur actif {_predicate(condition, third=True)}"
    return f"{opening}, {_clause(action.action, voice)}"


def _predicate(condition, third: bool) -> str:
    have = "a" if third else "avez"
    if isinstance(condition, Has):
        return f"{have} le monument {card_name(condition.landmark)}"
    assert isinstance(condition, Check)
    coins_counted = condition.quantity == "coins"
    if condition.op == "==" and condition.value == 0:
        return f"n'{have} aucune pièce" if coins_counted else f"n'{have} aucun monument construit"
    things = ("pièce", "pièces") if coins_counted else ("monument construit", "monuments construits")
    if condition.op == "!=":
        return f"{have} un nombre de {things[1]} différent de {condition.value}"
    return f"{have} {COMPARISONS[condition.op]} {plural(condition.value, *things)}"


# ---- filters ------------------------------------------------------------------------------------------------

def filter_noun(card_filter: Filter, plural: bool) -> tuple[str, bool]:
    """`<cards where icon==cup or icon==bread>` -> ("établissements de type tasse ou pain", feminine=False)."""
    base = "établissements" if plural else "établissement"
    where = card_filter.where
    if where is None:
        return base, False
    names = _names(where)
    if names:
        joined = " ou ".join(card_name(name) for name in names)
        return (f"cartes {joined}", True) if plural else (joined, False)
    qualifier = _qualifier(where, plural)
    if qualifier:
        return f"{base} {qualifier}", False
    return f"{base} dont {condition_words(where)}", False


def _value(field: str, value) -> str:
    if field == "icon":
        return _french_names()["icon"].get(str(value), str(value))
    if field == "colour":
        return COLOURS.get(str(value), str(value))
    if field == "name":
        return card_name(value)
    return str(value)


def _kind(compare: Compare) -> str | None:
    if compare.field == "icon":
        return f"de type {_value('icon', compare.value)}"
    if compare.field == "colour":
        return f"de couleur {_value('colour', compare.value)}"
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


def condition_words(where) -> str:
    if isinstance(where, Compare):
        field = FIELDS.get(where.field, f"le champ {where.field}")
        return f"{field} {CONDITION_OPS[where.op]} {_value(where.field, where.value)}"
    joiner = " et " if isinstance(where, AllOf) else " ou "
    return joiner.join(condition_words(t) for t in where.terms)
