"""Playing: check an action completely (raising IllegalMove with the seed's token), then carry it out
through events, check for winners, and start the next seat's turn.

The order of checks is documented in docs/rules-aquarius.md: game over, malformed action, `see_goal`
(any seat), turn, then the card in hand, its kind, and the target and space.
"""
from games.common.protocol import competition_ranks

from games.aquarius.engine.cards import ELEMENTS
from games.aquarius.engine.errors import IllegalMove
from games.aquarius.engine.events import emit, goal_letter, measures_event
from games.aquarius.engine.moves import can_move
from games.aquarius.engine.setup import start_turn

WIN = 7
ACTION_FIELDS = {
    "play_card": {"type", "card", "x", "y", "upright"},
    "shuffle_goals": {"type", "card"},
    "trade_goals": {"type", "card", "seat"},
    "trade_hands": {"type", "card", "seat"},
    "zap_card": {"type", "card", "target"},
    "move_card": {"type", "card", "target", "x", "y", "upright"},
    "pass": {"type"},
    "see_goal": {"type"},
}
TURN_ACTIONS = frozenset(ACTION_FIELDS) - {"see_goal"}


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def may_act(state, seat, action):
    """Whether `seat` may try `action` now: `see_goal` is open to every seated player at any time during play,
    the rest only to the seat to act."""
    if state.over:
        return False
    if isinstance(action, dict) and action.get("type") == "see_goal":
        return isinstance(seat, int) and 0 <= seat < state.players
    return seat == state.to_act


def final_ranking(state):
    """[(seat, rank)] best first once the game is over: the winners, then by the largest group of one's goal
    element; equal players share a rank."""
    best = state.board.best
    return competition_ranks(range(state.players),
                             key=lambda seat: (seat not in state.winners, -best[state.goals[seat]]))


def check_shape(action):
    """Raise unknown_action unless `action` is a dict with exactly the fields of its type, rightly typed."""
    if not isinstance(action, dict):
        raise IllegalMove("unknown_action", "an action is an object")
    kind = action.get("type")
    fields = ACTION_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None or set(action) != fields:
        raise IllegalMove("unknown_action", f"expected the fields {sorted(fields)}" if fields else "unknown type")
    for name in ("x", "y", "seat"):
        if name in fields and not _is_int(action[name]):
            raise IllegalMove("unknown_action", f"{name} must be a whole number")
    if "upright" in fields and not isinstance(action["upright"], bool):
        raise IllegalMove("unknown_action", "upright must be true or false")
    for name in ("card", "target"):
        if name in fields and not isinstance(action[name], str):
            raise IllegalMove("unknown_action", f"{name} must be a card id")
    return kind


def apply(state, action, seat=None):
    """Play `action` for `seat` (by default the seat to act): return (new state, events); `state` is untouched.
    IllegalMove if refused. The engines' common signature (Machi Koro's is the same)."""
    new = state.clone()
    return new, apply_in_place(new, action, seat)


def apply_in_place(state, action, seat=None):
    """Like `apply`, changing `state` itself (checks come first, so a refusal changes nothing)."""
    if seat is None:
        seat = state.to_act
    if state.over:
        raise IllegalMove("game_over")
    kind = check_shape(action)
    if kind == "see_goal":
        if not _is_int(seat) or not 0 <= seat < state.players:
            raise IllegalMove("not_your_turn", "only a seated player has a goal")
        return see_goal(state, seat)
    if seat != state.to_act:
        raise IllegalMove("not_your_turn")
    events = []
    if kind == "pass":
        if can_move(state, seat):
            raise IllegalMove("game.move_possible")
        emit(state, events, {"type": "passed", "seat": seat})
        resized = {seat} if state.drawn is not None else set()
        return finish_turn(state, events, seat, resized, check_win=False)
    card = _card_in_hand(state, seat, action["card"])
    wanted = None if kind == "play_card" else kind
    if card.action != wanted:
        raise IllegalMove("wrong_card", f"{card.id} is {'an element card' if card.action is None else 'an action'}")
    if kind == "play_card":
        return play_card(state, seat, card, action, events)
    return ACTION_HANDLERS[kind](state, seat, card, action, events)


def _card_in_hand(state, seat, card_id):
    card = state.deck.by_id.get(card_id)
    if card is None or card.index not in state.hands[seat]:
        raise IllegalMove("game.dont_have_card")
    return card


def _check_space(board, card, orientation, pos):
    if pos in board.cells:
        raise IllegalMove("game.space_not_empty")
    demand = board.open.get(pos)
    if demand is None:
        raise IllegalMove("game.not_adjacent")
    if not demand & card.shows[orientation]:
        raise IllegalMove("game.no_match")


def _place_event(seat, card, x, y, upright):
    return {"type": "place_card", "seat": seat, "card": card.id, "x": x, "y": y, "upright": upright}


def play_card(state, seat, card, action, events):
    x, y, upright = action["x"], action["y"], action["upright"]
    _check_space(state.board, card, 0 if upright else 1, (x, y))
    emit(state, events, _place_event(seat, card, x, y, upright))
    emit(state, events, measures_event(state))
    return finish_turn(state, events, seat, set() if state.drawn is not None else {seat})


def _play_action(state, seat, card, events):
    emit(state, events, {"type": "play_action", "seat": seat, "card": card.id})


def _other_seat(state, seat, target):
    if not 0 <= target < state.players or target == seat:
        raise IllegalMove("bad_seat")


def _tell_goals(state, events, seats):
    for s in seats:
        if state.chicken:
            emit(state, events, {"type": "knows_goal", "seat": s, "flag": False})
        else:
            emit(state, events, {"type": "new_goal", "seat": s, "element": goal_letter(state, s)})


def shuffle_goals(state, seat, card, action, events):
    _play_action(state, seat, card, events)
    emit(state, events, {"type": "goals_shuffled", "seat": seat})
    _tell_goals(state, events, range(state.players))
    return finish_turn(state, events, seat, set() if state.drawn is not None else {seat})


def trade_goals(state, seat, card, action, events):
    other = action["seat"]
    _other_seat(state, seat, other)
    _play_action(state, seat, card, events)
    emit(state, events, {"type": "goals_traded", "seat": seat, "with": other})
    _tell_goals(state, events, sorted((seat, other)))
    return finish_turn(state, events, seat, set() if state.drawn is not None else {seat})


def trade_hands(state, seat, card, action, events):
    other = action["seat"]
    _other_seat(state, seat, other)
    _play_action(state, seat, card, events)
    emit(state, events, {"type": "hands_traded", "seat": seat, "with": other})
    cards = state.deck.cards
    for s in sorted((seat, other)):
        emit(state, events, {"type": "new_hand", "seat": s, "cards": [cards[i].id for i in state.hands[s]]})
    return finish_turn(state, events, seat, {seat, other}, check_win=False)


def _board_card(state, card_id):
    board = state.board
    target = state.deck.by_id.get(card_id)
    if target is None or target.index not in board.where:
        raise IllegalMove("game.not_on_board")
    if len(board.cells) < 2:
        raise IllegalMove("game.board_too_small")
    return target


def zap_card(state, seat, card, action, events):
    target = _board_card(state, action["target"])
    x, y = state.board.where[target.index]
    _play_action(state, seat, card, events)
    emit(state, events, {"type": "remove_card", "seat": seat, "card": target.id, "x": x, "y": y})
    emit(state, events, measures_event(state))
    hand = [state.deck.cards[i].id for i in state.hands[seat]] + [target.id]
    emit(state, events, {"type": "new_hand", "seat": seat, "cards": hand})
    return finish_turn(state, events, seat, {seat})


def move_card(state, seat, card, action, events):
    target = _board_card(state, action["target"])
    board = state.board
    x, y, upright = action["x"], action["y"], action["upright"]
    orientation = 0 if upright else 1
    old, old_orientation = board.where[target.index], board.cells[board.where[target.index]][1]
    if (x, y) == old and orientation == old_orientation:
        raise IllegalMove("game.identity_move")
    board.remove(target, regroup=False)
    try:
        _check_space(board, target, orientation, (x, y))
    finally:
        board.place(target, old_orientation, old, join=False)
    _play_action(state, seat, card, events)
    emit(state, events, {"type": "remove_card", "seat": seat, "card": target.id, "x": old[0], "y": old[1]})
    emit(state, events, _place_event(seat, target, x, y, upright))
    emit(state, events, measures_event(state))
    return finish_turn(state, events, seat, set() if state.drawn is not None else {seat})


ACTION_HANDLERS = {"shuffle_goals": shuffle_goals, "trade_goals": trade_goals, "trade_hands": trade_hands,
                   "zap_card": zap_card, "move_card": move_card}


def see_goal(state, seat):
    """Any seated player looks at its goal (Aqua-Chicken), at any time during play."""
    events = []
    emit(state, events, {"type": "new_goal", "seat": seat, "element": goal_letter(state, seat)})
    if state.chicken and not state.knows[seat]:
        emit(state, events, {"type": "knows_goal", "seat": seat, "flag": True})
    return events


def winners(state):
    """Seated players whose goal element has a group of at least seven panels."""
    best = state.board.best
    return [s for s in range(state.players) if best[state.goals[s]] >= WIN]


def winning_groups(state):
    """[{seat, element, cells}] for each winner of a finished game: its goal element's groups of seven panels
    or more (or, when nobody reached seven, its largest ones), their cells sorted: what the end board outlines."""
    found = []
    for seat in state.winners:
        element = state.goals[seat]
        size = min(WIN, state.board.best[element])
        for cells in state.board.members[element].values():
            if len(cells) >= size:
                found.append({"seat": seat, "element": ELEMENTS[element], "cells": sorted([x, y] for x, y in cells)})
    return found


def chicken_last(state):
    """Aqua-Chicken's side result: the one seat that never looked, else the seat whose first look came last;
    None when several never looked (or in a normal game)."""
    if not state.chicken:
        return None
    never = [s for s in range(state.players) if state.first_look[s] is None]
    if never:
        return never[0] if len(never) == 1 else None
    return max(range(state.players), key=lambda s: state.first_look[s])


def _outcome(state, events, won):
    emit(state, events, {"type": "outcome", "winners": won, "goals": [goal_letter(state, s) for s in range(5)],
                         "chicken_last": chicken_last(state)})
    return events


def finish_turn(state, events, seat, resized, check_win=True):
    """After a turn's action: winners, public hand sizes, the end of play, or the next seat's turn."""
    if check_win:
        won = winners(state)
        if won:
            return _outcome(state, events, won)
    for s in sorted(resized):
        emit(state, events, {"type": "hand_size", "seat": s, "count": len(state.hands[s])})
    if not state.draw and not any(can_move(state, s) for s in range(state.players)):
        # Nobody can play any more: the goal groups closest to seven share the win.
        best = state.board.best
        top = max(best[state.goals[s]] for s in range(state.players))
        return _outcome(state, events, [s for s in range(state.players) if best[state.goals[s]] == top])
    start_turn(state, events, (seat + 1) % state.players)
    return events


__all__ = ["apply", "apply_in_place", "check_shape", "final_ranking", "may_act", "see_goal", "winners",
           "winning_groups"]
