"""Aquarius in words: log lines for public events and button labels for legal actions (presentation only)."""
from games.aquarius.cards import ELEMENT_NAMES, ELEMENTS

ACTION_NAMES = {"shuffle_goals": "Shuffle Goals", "trade_goals": "Trade Goals", "trade_hands": "Trade Hands",
                "zap_card": "Zap a Card", "move_card": "Move a Card"}


def card_name(state, card_id):
    card = state.deck.by_id.get(card_id)
    return card.name if card is not None else str(card_id)


def _who(state, seat):
    if seat is None:
        return "The dealer"
    return state.names[seat] if 0 <= seat < len(state.names) else f"Seat {seat + 1}"


def _turned(upright):
    return "" if upright else ", turned"


def action_label(state, action):
    kind = action.get("type")
    if kind == "pass":
        return "Pass"
    if kind == "see_goal":
        return "Look at my goal"
    card = action.get("card")
    if kind == "play_card":
        return f"{card_name(state, card)} at ({action['x']}, {action['y']}){_turned(action['upright'])}"
    name = ACTION_NAMES.get(kind, kind)
    if kind in ("trade_goals", "trade_hands"):
        return f"{name} with {_who(state, action['seat'])}"
    if kind == "zap_card":
        return f"{name}: {card_name(state, action['target'])}"
    if kind == "move_card":
        return (f"{name}: {card_name(state, action['target'])} to ({action['x']}, {action['y']})"
                f"{_turned(action['upright'])}")
    return name


def _line(state, e):
    kind = e["type"]
    who = _who(state, e.get("seat"))
    if kind == "place_card":
        return f"{who} places {card_name(state, e['card'])} at ({e['x']}, {e['y']}){_turned(e['upright'])}."
    if kind == "remove_card":
        return f"{card_name(state, e['card'])} leaves ({e['x']}, {e['y']})."
    if kind == "play_action":
        return f"{who} plays {card_name(state, e['card'])}."
    if kind == "passed":
        return f"{who} cannot play and passes."
    if kind == "goals_shuffled":
        return "All goals are shuffled and dealt again."
    if kind == "goals_traded":
        return f"{who} trades goals with {_who(state, e['with'])}."
    if kind == "hands_traded":
        return f"{who} trades hands with {_who(state, e['with'])}."
    if kind == "knows_goal" and e["flag"]:
        return f"{who} looks at their goal."
    if kind == "outcome":
        goals = ", ".join(f"{_who(state, s) if s < state.players else f'seat {s + 1}'}: "
                          f"{ELEMENT_NAMES[ELEMENTS.index(g)]}" for s, g in enumerate(e["goals"]))
        winners = " and ".join(_who(state, s) for s in e["winners"]) or "Nobody"
        line = f"{winners} {'win' if len(e['winners']) > 1 else 'wins'}. Goals: {goals}."
        if e.get("chicken_last") is not None:
            line += f" {_who(state, e['chicken_last'])} held out longest without looking."
        return line
    return None


def narrate(state, events):
    return [line for line in (_line(state, e) for e in events) if line]
