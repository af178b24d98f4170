"""Aquarius in words for people: log lines, button labels, card names and refusals, in the reader's language.

Presentation only, beside the ruleset: the engine (games/aquarius/engine) keeps the seed's tokens and exact English,
which the RPC API answers unchanged. Pages and the game socket speak the active language through Django's
gettext, as Machi Koro's log does (games/machikoro/text.py); the French is in locale/fr like every site string.
"""
from django.utils.translation import gettext as _, gettext_lazy, ngettext, pgettext, pgettext_lazy

from cards.language import current_language
from games.aquarius.engine.cards import ELEMENT_NAMES, ELEMENTS

ELEMENT_WORDS = {  # ELEMENT_NAMES -> the element for people
    "air": pgettext_lazy("aquarius element", "air"), "earth": pgettext_lazy("aquarius element", "earth"),
    "fire": pgettext_lazy("aquarius element", "fire"), "water": pgettext_lazy("aquarius element", "water"),
    "void": pgettext_lazy("aquarius element", "void"),
}
# The engine's option codes (engine.OptionsError) -> the form's message. Only a program sends a chicken option
# that is not true or false (the form's is a checkbox), so it stays in English.
OPTION_PROBLEMS = {"chicken_on_or_off": "Aqua-Chicken is on or off."}
# The engine's refusal token -> its English (games/aquarius/engine/errors.py MESSAGES, word for word: a test checks)
# marked here for translation, since the engine does not import Django.
REFUSALS = {
    "game.two_seats_needed": gettext_lazy("At least two players are needed to play."),
    "game.dont_have_card": gettext_lazy("That card is not in your hand."),
    "game.space_not_empty": gettext_lazy("That space is already occupied."),
    "game.not_adjacent": gettext_lazy("That space is not adjacent to a card on the board."),
    "game.no_match": gettext_lazy("That move does not match any elements."),
    "game.move_possible": gettext_lazy("You may not pass, because you have a legal move."),
    "game.board_too_small": gettext_lazy("You may not remove the only card on the board."),
    "game.not_on_board": gettext_lazy("That card is not on the board."),
    "game.identity_move": gettext_lazy("You must change the card's location or orientation."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "unknown_action": gettext_lazy("Unknown or malformed action."),
    "wrong_card": gettext_lazy("That card cannot be played that way."),
    "bad_seat": gettext_lazy("Choose another seated player."),
    "game_over": gettext_lazy("The game is over."),
}
ACTION_NAMES = {  # an action card's action -> its name
    "shuffle_goals": pgettext_lazy("aquarius card", "Shuffle Goals"),
    "trade_goals": pgettext_lazy("aquarius card", "Trade Goals"),
    "trade_hands": pgettext_lazy("aquarius card", "Trade Hands"),
    "zap_card": pgettext_lazy("aquarius card", "Zap a Card"),
    "move_card": pgettext_lazy("aquarius card", "Move a Card"),
}


def _element(letter_or_name) -> str:
    name = ELEMENT_NAMES[ELEMENTS.index(letter_or_name)] if letter_or_name in ELEMENTS else str(letter_or_name)
    return str(ELEMENT_WORDS.get(name, name))


def element_label(letter: str) -> str:
    """The element with this letter ("f") in the reader's language."""
    return _element(letter)


def element_name(index: int) -> str:
    """The element with this index (ELEMENT_NAMES order) in the reader's language."""
    return _element(ELEMENTS[index])


def _elements(panels) -> str:
    """The elements of a card's panels, capitalised and joined: "Air/Water"."""
    return "/".join(_element(p).capitalize() for p in panels or ())


def card_title(kind, panels, action) -> str:
    """A card's name for people, in the reader's language, from what it shows (the one place a card is named:
    the log, the board's hand and tooltips through rules_view, the end table). Element cards by their elements
    in the order of their panels (docs/rules-aquarius.md): "Water card", "Air/Water half card" (a landscape
    card top then bottom, a portrait card left then right), "Earth/Void/Fire/Air quartered card" (clockwise from
    the top-left); action cards by their names ("Zap a Card"). Never the card's identifier ("l_aw")."""
    if kind == "action":
        return str(ACTION_NAMES.get(action, pgettext("aquarius card", "Action card")))
    elements = _elements(panels)
    if kind == "whole":
        return pgettext("aquarius card", "%(elements)s card") % {"elements": elements}
    if kind in ("landscape", "portrait"):
        return pgettext("aquarius card", "%(elements)s half card") % {"elements": elements}
    return pgettext("aquarius card", "%(elements)s quartered card") % {"elements": elements}


def card_phrase(kind, panels, action) -> str:
    """An element card named inside a sentence, with its article ("the Water card", in French "la carte Eau");
    an action card by its name."""
    if kind == "action":
        return card_title(kind, panels, action)
    elements = _elements(panels)
    if kind == "whole":
        return pgettext("aquarius card in a sentence", "the %(elements)s card") % {"elements": elements}
    if kind in ("landscape", "portrait"):
        return pgettext("aquarius card in a sentence", "the %(elements)s half card") % {"elements": elements}
    return pgettext("aquarius card in a sentence", "the %(elements)s quartered card") % {"elements": elements}


def goal_title(letter) -> str:
    """A goal card for people: "Goal: Fire"."""
    return pgettext("aquarius goal card", "Goal: %(element)s") % {"element": _element(letter).capitalize()}


def card_name(state, card_id):
    card = state.deck.by_id.get(card_id)
    return card_title(card.kind, card.panels, card.action) if card is not None else str(card_id)


def _card_phrase(state, card_id):
    card = state.deck.by_id.get(card_id)
    return card_phrase(card.kind, card.panels, card.action) if card is not None else str(card_id)


def refusal_text(code, message) -> str:
    """A refusal for people: the engine's English as it is (with its detail), or the translation of its token."""
    if current_language() == "en" or code not in REFUSALS:
        return message
    return str(REFUSALS[code])


def _who(state, seat):
    if seat is None:
        return _("The dealer")
    return state.names[seat] if 0 <= seat < len(state.names) else _("Seat %(n)s") % {"n": seat + 1}


def _turned(text, upright):
    """", turned" added when the card is played upside down."""
    return text if upright else _("%(place)s, turned") % {"place": text}


def _where(card, x, y, upright):
    return _turned(_("%(card)s at (%(x)s, %(y)s)") % {"card": card, "x": x, "y": y}, upright)


def action_label(state, action):
    kind = action.get("type")
    if kind == "pass":
        return pgettext("aquarius action", "Pass")
    if kind == "see_goal":
        return _("Look at my goal")
    if kind == "play_card":
        return _where(card_name(state, action.get("card")), action["x"], action["y"], action["upright"])
    name = str(ACTION_NAMES.get(kind, kind))
    if kind in ("trade_goals", "trade_hands"):
        return _("%(action)s with %(player)s") % {"action": name, "player": _who(state, action["seat"])}
    if kind == "zap_card":
        return _("%(action)s: %(card)s") % {"action": name, "card": card_name(state, action["target"])}
    if kind == "move_card":
        to = _("%(card)s to (%(x)s, %(y)s)") % {"card": card_name(state, action["target"]), "x": action["x"],
                                                 "y": action["y"]}
        return _("%(action)s: %(card)s") % {"action": name, "card": _turned(to, action["upright"])}
    return name


def _cell(e):
    return ((e["x"], e["y"]),) if isinstance(e.get("x"), int) and isinstance(e.get("y"), int) else ()


def _line(state, e):
    """(the line for event `e` or None, the board cells it speaks of). Positions are not written out: the page
    shows them on the board when the line is pointed at (its cells)."""
    kind = e["type"]
    who = _who(state, e.get("seat"))
    if kind == "place_card":
        card = _turned(_card_phrase(state, e["card"]), e.get("upright", True))
        return _("%(player)s places %(card)s.") % {"player": who, "card": card}, _cell(e)
    if kind == "remove_card":
        return _("%(player)s picks up %(card)s.") % {"player": who, "card": _card_phrase(state, e["card"])}, _cell(e)
    if kind == "play_action":
        return _("%(player)s plays %(card)s.") % {"player": who, "card": card_name(state, e["card"])}, ()
    if kind == "passed":
        return _("%(player)s cannot play and passes.") % {"player": who}, ()
    if kind == "goals_shuffled":
        return _("All goals are shuffled and dealt again."), ()
    if kind == "goals_traded":
        return _("%(player)s trades goals with %(other)s.") % {"player": who, "other": _who(state, e["with"])}, ()
    if kind == "hands_traded":
        return _("%(player)s trades hands with %(other)s.") % {"player": who, "other": _who(state, e["with"])}, ()
    if kind == "knows_goal" and e["flag"]:
        return _("%(player)s looks at their goal.") % {"player": who}, ()
    if kind == "outcome":
        return _outcome(state, e), ()
    return None, ()


def _outcome(state, e):
    goals = ", ".join(_("%(goal_of)s: %(element)s") % {"goal_of": _goal_owner(state, seat), "element": _element(goal)}
                      for seat, goal in enumerate(e["goals"]))
    winners = _(" and ").join(_who(state, s) for s in e["winners"]) or _("Nobody")
    line = ngettext("%(winners)s wins. Goals: %(goals)s.", "%(winners)s win. Goals: %(goals)s.",
                    max(len(e["winners"]), 1)) % {"winners": winners, "goals": goals}
    if e.get("chicken_last") is not None:
        line += " " + _("%(player)s held out longest without looking.") % {"player": _who(state, e["chicken_last"])}
    return line


def _goal_owner(state, seat):
    """A seated player's name, or "seat 5" for a goal dealt to an empty seat."""
    return _who(state, seat) if seat < state.players else pgettext("aquarius goal", "seat %(n)s") % {"n": seat + 1}


def narrate_marked(state, events):
    """[(line, cells)] for `events`: each log line with the board cells ((x, y), ...) it speaks of."""
    return [(line, cells) for line, cells in (_line(state, e) for e in events) if line]


def narrate(state, events):
    return [line for line, _cells in narrate_marked(state, events)]
