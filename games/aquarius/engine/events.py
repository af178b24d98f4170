"""Events: JSON dicts, and the only way the engine changes a game.

`emit` applies an event to the state the moment it is made; `replay` applies the same functions to a copy
of the initial state, so a game's initial state plus its events rebuild its final state. Shuffle Goals
re-draws from the replayed random state (goals are secret, so the event does not carry them); a draw,
a hand size or a measure that disagrees with the replayed state raises ReplayError.
"""
from games.common import rng as _rng
from games.common.events import replay as _replay

from games.aquarius.engine.cards import ELEMENT_INDEX, ELEMENTS
from games.aquarius.engine.errors import ReplayError

MEASURE_KEYS = ("air", "earth", "fire", "water", "void")


def emit(state, events, event):
    APPLY[event["type"]](state, event)
    events.append(event)
    return event


def _index(state, card_id):
    try:
        return state.deck.by_id[card_id].index
    except KeyError:
        raise ReplayError(f"unknown card {card_id!r}") from None


def _place_card(state, e):
    card = state.deck.cards[_index(state, e["card"])]
    seat = e["seat"]
    if seat is not None:
        hand = state.hands[seat]
        if card.index in hand:
            hand.remove(card.index)
    pos = (e["x"], e["y"])
    if pos in state.board.cells:
        raise ReplayError(f"{e['card']} placed on an occupied space")
    board = state.board
    board.place(card, 0 if e["upright"] else 1, pos)
    if seat is not None:
        # Public play statistics: how big a group of each element this seat's placement was part of.
        growth = state.growth[seat]
        for element in card.elements:
            size = len(board.members[element][board.label[element][pos]])
            if size > 1:
                growth[element] += size


def _remove_card(state, e):
    card = state.deck.by_id.get(e["card"])
    if card is None or state.board.where.get(card.index) != (e["x"], e["y"]):
        raise ReplayError(f"{e['card']} is not at ({e['x']}, {e['y']})")
    state.board.remove(card)


def _play_action(state, e):
    index = _index(state, e["card"])
    state.hands[e["seat"]].remove(index)
    state.discard.append(index)


def _measures(state, e):
    if tuple(e[k] for k in MEASURE_KEYS) != tuple(state.board.best):
        raise ReplayError(f"measures {e} differ from the board's {state.board.best}")


def _new_hand(state, e):
    state.hands[e["seat"]] = [_index(state, c) for c in e["cards"]]


def _hand_size(state, e):
    if len(state.hands[e["seat"]]) != e["count"]:
        raise ReplayError(f"seat {e['seat']} holds {len(state.hands[e['seat']])} cards, not {e['count']}")


def _new_goal(state, e):
    if state.goals[e["seat"]] != ELEMENT_INDEX[e["element"]]:
        raise ReplayError(f"seat {e['seat']}'s goal is not {e['element']}")


def _knows_goal(state, e):
    seat = e["seat"]
    state.knows[seat] = e["flag"]
    if e["flag"] and state.first_look[seat] is None:
        state.looks += 1
        state.first_look[seat] = state.looks


def _goals_shuffled(state, e):
    state.rng = _rng.shuffle(state.rng, state.goals)


def _goals_traded(state, e):
    goals = state.goals
    a, b = e["seat"], e["with"]
    goals[a], goals[b] = goals[b], goals[a]


def _hands_traded(state, e):
    hands = state.hands
    a, b = e["seat"], e["with"]
    hands[a], hands[b] = hands[b], hands[a]


def _nothing(state, e):
    pass


def _turn(state, e):
    state.to_act = e["seat"]
    state.turn += 1
    state.drawn = None
    if e["card"]:
        if not state.draw or state.deck.cards[state.draw[-1]].id != e["card"]:
            raise ReplayError(f"the draw pile's top is not {e['card']}")
        index = state.draw.pop()
        state.hands[e["seat"]].append(index)
        state.drawn = index


def _outcome(state, e):
    state.over = True
    state.to_act = None
    state.drawn = None
    state.winners = tuple(e["winners"])
    state.chicken_last = e["chicken_last"]


APPLY = {
    "place_card": _place_card, "remove_card": _remove_card, "play_action": _play_action,
    "measures": _measures, "new_hand": _new_hand, "hand_size": _hand_size, "new_goal": _new_goal,
    "knows_goal": _knows_goal, "goals_shuffled": _goals_shuffled, "goals_traded": _goals_traded,
    "hands_traded": _hands_traded, "passed": _nothing, "turn": _turn, "outcome": _outcome,
}

# Events only the named seat may see (the rest are public; `turn.card` is blanked for others).
PRIVATE = frozenset({"new_hand", "new_goal"})


def measures_event(state):
    best = state.board.best
    return {"type": "measures", "air": best[0], "earth": best[1], "fire": best[2], "water": best[3],
            "void": best[4]}


def goal_letter(state, seat):
    return ELEMENTS[state.goals[seat]]


def _apply_known(state, event):
    try:
        apply = APPLY[event["type"]]
    except (KeyError, TypeError):
        raise ReplayError(f"not an Aquarius event: {event!r}") from None
    apply(state, event)


def replay(initial_state, events):
    """Apply `events` to a copy of `initial_state` and return the result."""
    return _replay(initial_state, events, _apply_known)
