"""What the greedy and strong bots measure: the groups a placement would make, without placing it."""
from games.aquarius.engine.cards import DIRECTIONS


def groups_after(board, card, orientation, pos):
    """{element: size of that element's group containing `card` if placed at `pos`} for its elements."""
    label = board.label
    members = board.members
    joined = {e: set() for e in card.elements}
    for q, e in board.connections(card, orientation, pos):
        joined[e].add(label[e][q])
    return {e: 1 + sum(len(members[e][g]) for g in groups) for e, groups in joined.items()}


def candidate_placements(board, cards):
    """[(card, x, y, orientation)] for every legal placement of the element cards `cards`."""
    found = []
    items = sorted(board.open.items())
    for card in cards:
        shows0, shows1 = card.shows
        for (x, y), demand in items:
            if demand & shows0:
                found.append((card, x, y, 0))
            if demand & shows1:
                found.append((card, x, y, 1))
    return found


def group_cells(board, element):
    """The cells of the largest group of `element` (empty if none)."""
    groups = board.members[element]
    return max(groups.values(), key=len) if groups else []


def open_neighbours(board, cells):
    """Empty cells next to `cells` (where a group could grow)."""
    found = set()
    for x, y in cells:
        for dx, dy in DIRECTIONS:
            q = (x + dx, y + dy)
            if q in board.open:
                found.add(q)
    return found
