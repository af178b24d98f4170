"""The French phrasebook of the Lorenzo explainer: explain.py walks the payloads, this module words them.

Use ``explain_card(card, language="fr")`` (and explain_effect, explain_effects, explain_costs,
explain_excommunication) from explain.py. French plurals: 0 and 1 are singular (« 1 pièce », « 2 pièces »).
"""
from cards.lorenzo import vocabulary as words
from cards.lorenzo.vocabulary import join

WORDING = {
    "and": "et", "or": "ou", "gain": "Gagnez {}", "pay_for": "Payez {} pour gagner {}", "flag": "Règle « {} »",
    "keyword": "Effet « {} »", "one_of": "Au choix : {}", "then": ", puis ", "need": " (il vous faut {})",
    "requires": "Nécessite {}", "cost": "Coût : {}", "slot": "{} : {}", "immediately": "Immédiatement",
    "once_per_round": "Une fois par manche", "permanently": "En permanence", "at_least": " (valeur d'action {} ou plus)",
    "triggers": {"TERRITORYCARD": "Récolte{}", "BUILDINGCARD": "Production{}", "CHARACTERCARD": "En permanence",
                 "VENTURECARD": "À la fin de la partie"},
}

RESOURCE_NAMES = {  # resource key -> (singular, plural)
    "COINS": ("pièce", "pièces"),
    "WOOD": ("bois", "bois"),
    "STONE": ("pierre", "pierres"),
    "SERVANTS": ("serviteur", "serviteurs"),
    "MILITARY_POINTS": ("point militaire", "points militaires"),
    "FAITH_POINTS": ("point de foi", "points de foi"),
    "VICTORY_POINTS": ("point de victoire", "points de victoire"),
}
PARTITIVES = {  # "gain some ...": "Chaque fois que vous gagnez de la pierre ou du bois"
    "COINS": "des pièces", "WOOD": "du bois", "STONE": "de la pierre", "SERVANTS": "des serviteurs",
    "MILITARY_POINTS": "des points militaires", "FAITH_POINTS": "des points de foi",
    "VICTORY_POINTS": "des points de victoire",
}
CARD_TYPE_NAMES = {  # card type -> (singular, plural)
    "TERRITORYCARD": ("carte Territoire", "cartes Territoire"),
    "CHARACTERCARD": ("carte Personnage", "cartes Personnage"),
    "BUILDINGCARD": ("carte Bâtiment", "cartes Bâtiment"),
    "VENTURECARD": ("carte Entreprise", "cartes Entreprise"),
}
REGION_NAMES = {
    0: "la zone de production", 1: "la zone de récolte", 2: "le palais du Conseil", 3: "le marché",
    4: "la tour des Territoires", 5: "la tour des Personnages", 6: "la tour des Bâtiments", 7: "la tour des Entreprises",
}
ACTION_NAMES = {"HARVEST": "récolte", "PRODUCTION": "production"}
FLAG_TEXTS = {
    "DOUBLESERVANTS": "Vous devez payer 2 serviteurs pour augmenter de 1 la valeur d'une action",
    "SKIPTURN": "À chaque manche, vous passez votre premier tour et placez ce membre de la famille après tous "
    "les autres",
    "NOENDBLUE": "À la fin de la partie, vos cartes Personnage ne rapportent aucun point de victoire",
    "NOENDGREEN": "À la fin de la partie, vos cartes Territoire ne rapportent aucun point de victoire",
    "NOENDPURPLE": "À la fin de la partie, vos cartes Entreprise ne rapportent aucun point de victoire",
    "LESSFORVICTORY": "À la fin de la partie, avant le décompte final, perdez 1 point de victoire par tranche de 5",
    "LESSFORMILITARY": "À la fin de la partie, perdez 1 point de victoire pour chaque point militaire que vous avez",
    "LESSFORBUILDING": "À la fin de la partie, perdez 1 point de victoire pour chaque bois et chaque pierre du coût "
    "de vos cartes Bâtiment",
    "LESSFORRESOURCE": "À la fin de la partie, perdez 1 point de victoire pour chaque bois, pierre, pièce et "
    "serviteur que vous avez",
    "NO_MARKET_ACTION": "Vous ne pouvez pas placer de membres de la famille sur le marché",
    "FAMILYOCCUPY": "Vous pouvez placer des membres de la famille sur des emplacements d'action déjà occupés",
    "NOTRIBUTE": "Vous ne payez jamais les 3 pièces pour entrer dans une tour déjà occupée",
    "MOREFAITH": "Chaque fois que vous soutenez l'Église lors d'un rapport au Vatican, gagnez 5 points de victoire "
    "de plus",
    "NOMILITARYRULE": "Vous n'avez besoin d'aucun point militaire pour prendre des cartes Territoire",
    "DOUBLE": "Chaque fois que l'effet immédiat d'une carte Développement vous donne du bois, de la pierre, des "
    "pièces ou des serviteurs, vous les recevez en double",
}
KEYWORD_TEXTS = {
    "LESSDICE": "Vos membres de la famille colorés ont −1 à chaque action",
    "NO_MARKET_ACTION": FLAG_TEXTS["NO_MARKET_ACTION"],
    "NO_TOWER_BONUS": "Vous ne recevez plus les bonus des emplacements d'action des tours",
    "FAMILYSIXVALOR": "Un de vos membres de la famille colorés a une valeur de 6, quel que soit son dé",
    "GREYFAMILY": "Votre membre de la famille neutre a +3 à chaque action",
    "FAMILYCOLORDICE": "Vos membres de la famille colorés ont une valeur de 5, quels que soient les dés",
    "FAMILYCOLORBONUS": "Vos membres de la famille colorés ont +2 à chaque action",
    "JOLLY": "Copiez la capacité d'une carte Leader jouée par un autre joueur",
}


def _names(resource):
    return RESOURCE_NAMES.get(resource, (resource.lower(), resource.lower()))


def amount(resource, count):
    singular, plural = _names(resource)
    return f"{count} {singular if abs(count) < 2 else plural}"


def resources(bag, word="et"):
    """{"WOOD": 1, "COINS": 2} -> "1 bois et 2 pièces"."""
    if not isinstance(bag, dict):
        return str(bag)
    return join([amount(resource, count) for resource, count in bag.items()], word)


def _card_type(card_type, count=2):
    singular, plural = CARD_TYPE_NAMES.get(card_type, (card_type.lower(), card_type.lower()))
    return singular if abs(count) < 2 else plural


def _signed(value):
    return f"+{value}" if value >= 0 else f"−{-value}"


def _privilege_items(payload):
    number = payload.get("NUMBER", 1)
    text = f"{number} privilège{'s' if number > 1 else ''} du Conseil"
    return text + (" (chacun différent)" if number > 1 else "")


def _discount(payload):
    """"2 pièces" or "1 pierre ou 1 bois" for an action's BONUSRESOURCE, "" without one."""
    discount = payload.get("BONUSRESOURCE")
    if not discount:
        return ""
    alternatives = discount if isinstance(discount, list) else [discount]
    word = "ou" if payload.get("EXCLUSIVEBONUS") else "et"
    texts = [resources({r: abs(n) for r, n in bag.items()}, word) for bag in alternatives if isinstance(bag, dict)]
    return join(texts, "ou")


def _where(payload):
    region = payload.get("REGIONID")
    if payload.get("FLAGREGION") is True or region is None:
        return "n'importe quelle tour"
    return REGION_NAMES.get(region, f"la région {region}")


def _tower_cards(payload, article=True):
    region = payload.get("REGIONID")
    if payload.get("FLAGREGION") is True or region is None:
        return "une carte de n'importe quel type" if article else "les cartes"
    for card_type, (_, _, tower) in words.CARD_TYPE_NAMES.items():
        if tower == region:
            return f"une {_card_type(card_type, 1)}" if article else f"les {_card_type(card_type)}"
    return "une carte" if article else "les cartes"


def _action_name(payload):
    kind = str(payload.get("TYPE", ""))
    return ACTION_NAMES.get(kind, kind.lower())


def _action(payload):
    value = payload.get("BONUSACTIONVALUE", 0)
    if payload.get("TYPE") == "TOWER":
        text = f"Prenez {_tower_cards(payload)} avec une action de valeur {value}"
    else:
        text = f"Effectuez une action de {_action_name(payload)} de valeur {value}"
    if discount := _discount(payload):
        text += f", en payant {discount} de moins"
    if payload.get("CHOSESERVANT"):
        text += " (vous pouvez l'augmenter avec des serviteurs)"
    return text


def _permanent(payload):
    value = payload.get("BONUSACTIONVALUE", 0)
    discount = _discount(payload)
    if payload.get("TYPE") != "TOWER":
        return f"Vos actions de {_action_name(payload)} ont {_signed(value)}"
    cards = _tower_cards(payload, article=False)
    if value == 0 and discount:
        return f"{cards[0].upper()}{cards[1:]} vous coûtent {discount} de moins"
    text = f"Vos actions sur {_where(payload)} ont {_signed(value)}"
    return f"{text}, et {cards} vous coûtent {discount} de moins" if discount else text


def _change(payload):
    alternatives = payload if isinstance(payload, list) else [payload]
    parts = [f"{resources(a.get('RESOURCEIN'))} contre {resources(a.get('RESOURCEOUT'))}" for a in alternatives
             if isinstance(a, dict)]  # fmt: skip
    return "Échangez " + join(parts, "ou")


def _bonus(payload):
    gain = amount(payload.get("INCREASE", ""), payload.get("INCREASINGQUANTITY", 1))
    quantity = payload.get("QUANTITY", 1)
    counted = payload.get("FOREACH", "")
    if payload.get("TYPE") == "CARD":
        what = _card_type(counted, 1) if quantity == 1 else f"{quantity} {_card_type(counted)}"
    else:
        what = amount(counted, quantity) if quantity != 1 else _names(counted)[0]
    return f"Gagnez {gain} {'pour chaque' if quantity == 1 else 'par tranche de'} {what} que vous avez"


def _less_resource(payload):
    names = [PARTITIVES.get(r, _names(r)[1]) for r in (payload if isinstance(payload, list) else [payload])]
    return f"Chaque fois que vous gagnez {join(names, 'ou')}, vous en gagnez 1 de moins"
