"""Positions built by hand for scenario tests: every one holds the 55 cards exactly once."""
import pytest

from games.aquarius.engine import GameState, IllegalMove, load_deck

DECK = load_deck()
# Seven cards whose fire panels form one group along y = 0, from x = -1 to x = 5.
FIRE_ROW = [("p_vf", -1, 0, True), ("w_f_1", 0, 0, True), ("w_f_2", 1, 0, True), ("l_fw", 2, 0, True),
            ("l_fa", 3, 0, True), ("l_ef", 4, 0, False), ("p_fw", 5, 0, True)]


def position(board, hands, goals="aefwv", draw=None, to_act=0, drawn=None, chicken=False, knows=None,
             discard=()):
    """A state: `board` [(id, x, y, upright)], `hands` [[ids]] (one per player), goals for five seats.
    Cards not named go to the draw pile (or, when `draw` is given, to the discard pile)."""
    named = {c for c, *_ in board} | {c for hand in hands for c in hand} | set(discard) | set(draw or ())
    rest = [c.id for c in DECK.cards if c.id not in named]
    players = len(hands)
    data = {
        "chicken": chicken, "names": [f"P{i}" for i in range(players)],
        "draw": list(draw) if draw is not None else rest, "hands": [list(h) for h in hands],
        "goals": list(goals), "knows": list(knows) if knows is not None else [not chicken] * players,
        "first_look": [None] * players, "looks": 0,
        "discard": list(discard) + (rest if draw is not None else []),
        "board": [{"card": c, "x": x, "y": y, "upright": u} for c, x, y, u in board],
        "to_act": to_act, "drawn": drawn, "turn": 1, "over": False, "winners": [], "chicken_last": None,
        "rng": 12345, "growth": [[0] * 5 for _ in range(players)], "opening": [],
    }
    return GameState.from_json(data, DECK)


def refused(state, seat, action, code):
    """Assert that `action` is refused with `code` and leaves the state unchanged."""
    from games.aquarius.engine import apply

    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        apply(state, action, seat)
    assert info.value.code == code
    assert state.to_json() == before
    return info.value


def all_cards(state):
    """Every card id in the game, wherever it is."""
    ids = [DECK.cards[i].id for i in state.draw + state.discard]
    ids += [DECK.cards[i].id for hand in state.hands for i in hand]
    ids += [card.id for card, _ in state.board.cells.values()]
    return ids


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]
