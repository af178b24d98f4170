"""What one seat may see: its own hand and goal (in Aqua-Chicken only once it has looked), everyone's hand
sizes, the board, the discard pile and the draw pile's size; never the pile's order or another's secrets."""
from games.aquarius.engine.cards import ELEMENTS
from games.aquarius.engine.events import MEASURE_KEYS, PRIVATE
from games.aquarius.engine.moves import can_move
from games.aquarius.engine.rules import winning_groups


def _seated(state, seat):
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players


def view_for(state, seat):
    cards = state.deck.cards
    own = _seated(state, seat)
    board = sorted(state.board.cells.items(), key=lambda item: item[1][0].index)
    acting = own and not state.over and state.to_act == seat
    drawn = state.drawn if acting and state.drawn is not None and state.drawn in state.hands[seat] else None
    data = {
        "chicken": state.chicken,
        "players": state.players,
        "board": [{"card": card.id, "x": x, "y": y, "upright": orientation == 0}
                  for (x, y), (card, orientation) in board],
        "hand": [cards[i].id for i in state.hands[seat]] if own else [],
        "goal": ELEMENTS[state.goals[seat]] if own and state.knows[seat] else None,
        "knows_goal": list(state.knows),
        "hand_sizes": [len(h) for h in state.hands],
        "deck": len(state.draw),
        "discard": [cards[i].id for i in state.discard],
        "to_act": state.to_act,
        "drawn": cards[drawn].id if drawn is not None else "",
        "canmove": can_move(state, seat) if acting else False,
        "measures": dict(zip(MEASURE_KEYS, state.board.best)),
        "over": state.over,
        "winners": list(state.winners),
        "turn": state.turn,
    }
    if state.over:
        data["goals"] = [ELEMENTS[g] for g in state.goals]
        data["chicken_last"] = state.chicken_last
        data["winning_groups"] = winning_groups(state)
    return data


def visible_events(events, seat):
    """The part of `events` that `seat` may see (`None`: a spectator, public events only)."""
    shown = []
    for event in events:
        kind = event["type"]
        if kind in PRIVATE:
            if event["seat"] == seat:
                shown.append(event)
        elif kind == "hand_size":
            if event["seat"] != seat:
                shown.append(event)
        elif kind == "turn" and event["seat"] != seat and event["card"]:
            shown.append({**event, "card": ""})
        else:
            shown.append(event)
    return shown
