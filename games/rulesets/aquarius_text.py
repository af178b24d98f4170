"""Aquarius in words for people: log lines, button labels, card names and refusals, in English or French.

Presentation only, beside the ruleset: the engine (games/aquarius) keeps the seed's tokens and exact English,
which the RPC API answers unchanged. Pages and the game socket speak the reader's language
(cards.language.current_language); every French text below is keyed by the same token as its English.
"""
from cards.language import current_language
from games.aquarius.cards import ELEMENT_NAMES, ELEMENTS

ELEMENT_NAMES_FR = {"air": "air", "earth": "terre", "fire": "feu", "water": "eau", "void": "vide"}
REFUSALS_FR = {  # the engine's refusal token -> French (games/aquarius/errors.py MESSAGES has the English)
    "game.two_seats_needed": "Il faut au moins deux joueurs pour jouer.",
    "game.dont_have_card": "Cette carte n'est pas dans votre main.",
    "game.space_not_empty": "Cette case est déjà occupée.",
    "game.not_adjacent": "Cette case n'est voisine d'aucune carte du plateau.",
    "game.no_match": "Ce coup ne relie aucun élément.",
    "game.move_possible": "Vous ne pouvez pas passer : vous avez un coup possible.",
    "game.board_too_small": "Vous ne pouvez pas retirer la seule carte du plateau.",
    "game.not_on_board": "Cette carte n'est pas sur le plateau.",
    "game.identity_move": "Vous devez changer la place ou l'orientation de la carte.",
    "not_your_turn": "Ce n'est pas votre tour.",
    "unknown_action": "Action inconnue ou mal formée.",
    "wrong_card": "Cette carte ne se joue pas ainsi.",
    "bad_seat": "Choisissez un autre joueur assis à la table.",
    "game_over": "La partie est terminée.",
}
WORDS = {
    "en": {
        "actions": {"shuffle_goals": "Shuffle Goals", "trade_goals": "Trade Goals", "trade_hands": "Trade Hands",
                    "zap_card": "Zap a Card", "move_card": "Move a Card"},
        "pass": "Pass", "see_goal": "Look at my goal", "turned": ", turned", "dealer": "The dealer",
        "seat": "Seat {n}", "play_at": "{card} at ({x}, {y}){turned}", "with": "{name} with {who}",
        "zap": "{name}: {card}", "move": "{name}: {card} to ({x}, {y}){turned}",
        "place_card": "{who} places {card} at ({x}, {y}){turned}.", "remove_card": "{card} leaves ({x}, {y}).",
        "play_action": "{who} plays {card}.", "passed": "{who} cannot play and passes.",
        "goals_shuffled": "All goals are shuffled and dealt again.",
        "goals_traded": "{who} trades goals with {other}.", "hands_traded": "{who} trades hands with {other}.",
        "knows_goal": "{who} looks at their goal.", "nobody": "Nobody", "and": " and ",
        "win": "{winners} win. Goals: {goals}.", "wins": "{winners} wins. Goals: {goals}.",
        "seat_goal": "seat {n}", "chicken": " {who} held out longest without looking.",
    },
    "fr": {
        "actions": {"shuffle_goals": "Mélanger les objectifs", "trade_goals": "Échanger les objectifs",
                    "trade_hands": "Échanger les mains", "zap_card": "Retirer une carte",
                    "move_card": "Déplacer une carte"},
        "pass": "Passer", "see_goal": "Regarder mon objectif", "turned": ", tournée", "dealer": "Le donneur",
        "seat": "Place {n}", "play_at": "{card} en ({x}, {y}){turned}", "with": "{name} avec {who}",
        "zap": "{name} : {card}", "move": "{name} : {card} vers ({x}, {y}){turned}",
        "place_card": "{who} pose {card} en ({x}, {y}){turned}.", "remove_card": "{card} quitte ({x}, {y}).",
        "play_action": "{who} joue {card}.", "passed": "{who} ne peut pas jouer et passe.",
        "goals_shuffled": "Tous les objectifs sont mélangés et redistribués.",
        "goals_traded": "{who} échange son objectif avec {other}.",
        "hands_traded": "{who} échange sa main avec {other}.",
        "knows_goal": "{who} regarde son objectif.", "nobody": "Personne", "and": " et ",
        "win": "{winners} gagnent. Objectifs : {goals}.", "wins": "{winners} gagne. Objectifs : {goals}.",
        "seat_goal": "place {n}", "chicken": " {who} a tenu le plus longtemps sans regarder.",
    },
}
PANELS_FR = {"landscape": "{0} en haut, {1} en bas", "portrait": "{0} à gauche, {1} à droite"}


def _words():
    return WORDS[current_language()]


def _element(letter_or_name) -> str:
    name = ELEMENT_NAMES[ELEMENTS.index(letter_or_name)] if letter_or_name in ELEMENTS else str(letter_or_name)
    return ELEMENT_NAMES_FR.get(name, name) if current_language() == "fr" else name


def element_label(letter: str) -> str:
    """The element with this letter ("f") in the reader's language."""
    return _element(letter)


def element_name(index: int) -> str:
    """The element with this index (ELEMENT_NAMES order) in the reader's language."""
    return _element(ELEMENTS[index])


def card_title(kind, name, panels, action) -> str:
    """A card's name in the reader's language: the deck's own name in English; in French, said from what the
    card shows (its panels, or its action), since a deck's names are written in English."""
    if current_language() != "fr":
        return name
    if kind == "action":
        return WORDS["fr"]["actions"].get(action, name)
    parts = [_element(p).capitalize() for p in panels or ()]
    if not parts:
        return name
    if kind in PANELS_FR and len(parts) == 2:
        return PANELS_FR[kind].format(*parts)
    return " / ".join(parts)


def card_name(state, card_id):
    card = state.deck.by_id.get(card_id)
    return card_title(card.kind, card.name, card.panels, card.action) if card is not None else str(card_id)


def refusal_text(code, message) -> str:
    """A refusal for people: the engine's English as it is, or the French for its token."""
    return REFUSALS_FR.get(code, message) if current_language() == "fr" else message


def _who(state, seat):
    words = _words()
    if seat is None:
        return words["dealer"]
    return state.names[seat] if 0 <= seat < len(state.names) else words["seat"].format(n=seat + 1)


def _turned(upright):
    return "" if upright else _words()["turned"]


def action_label(state, action):
    kind, words = action.get("type"), _words()
    if kind in ("pass", "see_goal"):
        return words[kind]
    card = action.get("card")
    if kind == "play_card":
        return words["play_at"].format(card=card_name(state, card), x=action["x"], y=action["y"],
                                       turned=_turned(action["upright"]))
    name = words["actions"].get(kind, kind)
    if kind in ("trade_goals", "trade_hands"):
        return words["with"].format(name=name, who=_who(state, action["seat"]))
    if kind == "zap_card":
        return words["zap"].format(name=name, card=card_name(state, action["target"]))
    if kind == "move_card":
        return words["move"].format(name=name, card=card_name(state, action["target"]), x=action["x"],
                                    y=action["y"], turned=_turned(action["upright"]))
    return name


def _line(state, e):
    kind, words = e["type"], _words()
    who = _who(state, e.get("seat"))
    if kind in ("place_card", "remove_card", "play_action"):
        return words[kind].format(who=who, card=card_name(state, e["card"]), x=e.get("x"), y=e.get("y"),
                                  turned=_turned(e.get("upright", True)))
    if kind in ("passed", "goals_shuffled"):
        return words[kind].format(who=who)
    if kind in ("goals_traded", "hands_traded"):
        return words[kind].format(who=who, other=_who(state, e["with"]))
    if kind == "knows_goal" and e["flag"]:
        return words["knows_goal"].format(who=who)
    if kind == "outcome":
        goals = ", ".join(f"{_who(state, s) if s < state.players else words['seat_goal'].format(n=s + 1)}: "
                          f"{element_name(ELEMENTS.index(g))}" for s, g in enumerate(e["goals"]))
        winners = words["and"].join(_who(state, s) for s in e["winners"]) or words["nobody"]
        line = words["win" if len(e["winners"]) > 1 else "wins"].format(winners=winners, goals=goals)
        if e.get("chicken_last") is not None:
            line += words["chicken"].format(who=_who(state, e["chicken_last"]))
        return line
    return None


def narrate(state, events):
    return [line for line in (_line(state, e) for e in events) if line]
