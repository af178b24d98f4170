"""What a seat may do: legal placements, moves, zaps and trades, listed from the open-cell index.

`can_move` answers the seed's `canmove` cheaply (it stops at the first legal play); `legal_actions`
lists every concrete action in a fixed order (by card, then cell, then orientation).
"""
from games.aquarius.engine.cards import DIRECTIONS

ALWAYS_PLAYABLE = frozenset({"shuffle_goals", "trade_goals", "trade_hands"})


def placements(board, card):
    """[(x, y, orientation)] where the element card `card` may be placed, in cell order."""
    shows0, shows1 = card.shows
    found = []
    for (x, y), demand in board.open.items():
        if demand & shows0:
            found.append((x, y, 0))
        if demand & shows1:
            found.append((x, y, 1))
    found.sort()
    return found


def fits_anywhere(board, card):
    either = card.either
    for demand in board.open.values():
        if demand & either:
            return True
    return False


def move_destinations(board, target):
    """[(x, y, orientation)] where the board card `target` may be moved (not where it already lies)."""
    pos, orientation = board.remove(target, regroup=False)
    try:
        found = [d for d in placements(board, target) if d != (pos[0], pos[1], orientation)]
    finally:
        board.place(target, orientation, pos, join=False)
    return found


def can_be_moved(board, target):
    pos, orientation = board.remove(target, regroup=False)
    try:
        shows = target.shows
        for cell, demand in board.open.items():
            if demand & shows[0] and (cell != pos or orientation != 0):
                return True
            if demand & shows[1] and (cell != pos or orientation != 1):
                return True
        return False
    finally:
        board.place(target, orientation, pos, join=False)


def any_move(board):
    if len(board.cells) < 2:
        return False
    return any(can_be_moved(board, card) for card, _ in list(board.cells.values()))


def can_move(state, seat):
    """True when `seat` has a legal play with its current hand (the seed's `canmove`)."""
    board = state.board
    cards = state.deck.cards
    move_checked = False
    for index in state.hands[seat]:
        card = cards[index]
        action = card.action
        if action is None:
            if fits_anywhere(board, card):
                return True
        elif action in ALWAYS_PLAYABLE:
            return True
        elif action == "zap_card":
            if len(board.cells) > 1:
                return True
        elif not move_checked:
            move_checked = True
            if any_move(board):
                return True
    return False


def _board_cards(board):
    return sorted((card for card, _ in board.cells.values()), key=lambda c: c.index)


def card_actions(state, seat, card):
    """Every legal action that plays `card` from `seat`'s hand."""
    board = state.board
    action = card.action
    others = [s for s in range(state.players) if s != seat]
    if action is None:
        return [{"type": "play_card", "card": card.id, "x": x, "y": y, "upright": o == 0}
                for x, y, o in placements(board, card)]
    if action == "shuffle_goals":
        return [{"type": "shuffle_goals", "card": card.id}]
    if action in ("trade_goals", "trade_hands"):
        return [{"type": action, "card": card.id, "seat": s} for s in others]
    if len(board.cells) < 2:
        return []
    if action == "zap_card":
        return [{"type": "zap_card", "card": card.id, "target": t.id} for t in _board_cards(board)]
    return [{"type": "move_card", "card": card.id, "target": t.id, "x": x, "y": y, "upright": o == 0}
            for t in _board_cards(board) for x, y, o in move_destinations(board, t)]


def legal_actions(state, seat):
    """Every action `seat` may take now (empty when it is not its turn); `pass` only without another."""
    if state.over or seat != state.to_act:
        return []
    cards = state.deck.cards
    found = []
    for index in sorted(state.hands[seat]):
        found.extend(card_actions(state, seat, cards[index]))
    return found or [{"type": "pass"}]


def neighbours(pos):
    x, y = pos
    return [(x + dx, y + dy) for dx, dy in DIRECTIONS]
