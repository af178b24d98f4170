"""The layout: cards on an unbounded grid, with two indexes kept up to date as cards come and go.

`open` maps every empty cell that touches a card to its demand: the bits (slot*5 + element) that the
neighbours show towards it. A card in orientation o matches there iff `demand & card.shows[o]`, so listing
legal placements never scans the board. `label`/`members` are the element groups (panels joined through
matching half-edges), merged as cards are placed and rebuilt only when a card leaves the board.
"""
from games.aquarius.engine.cards import DIRECTIONS, ELEMENTS

NO_ELEMENTS = len(ELEMENTS)


class Board:
    __slots__ = ("cells", "where", "open", "label", "members", "best", "next_label")

    def __init__(self):
        self.cells = {}          # (x, y) -> (Card, orientation 0 upright / 1 turned)
        self.where = {}          # card index -> (x, y)
        self.open = {}           # empty (x, y) touching a card -> demand bitmask
        self.label = [{} for _ in range(NO_ELEMENTS)]     # per element: (x, y) -> group label
        self.members = [{} for _ in range(NO_ELEMENTS)]   # per element: group label -> [(x, y)]
        self.best = [0] * NO_ELEMENTS                     # largest group per element (the measures)
        self.next_label = 0

    def clone(self):
        other = Board.__new__(Board)
        other.cells = dict(self.cells)
        other.where = dict(self.where)
        other.open = dict(self.open)
        other.label = [dict(m) for m in self.label]
        other.members = [{k: v[:] for k, v in m.items()} for m in self.members]
        other.best = self.best[:]
        other.next_label = self.next_label
        return other

    def __len__(self):
        return len(self.cells)

    def fits(self, card, orientation, pos):
        """True when `card` may be placed at the empty cell `pos`: adjacent, and at least one connection."""
        return bool(self.open.get(pos, 0) & card.shows[orientation])

    def connections(self, card, orientation, pos):
        """[(neighbour position, element)] for every matching half-edge pair `card` would make at `pos`."""
        x, y = pos
        sides = card.sides[orientation]
        cells = self.cells
        found = []
        for d, (dx, dy) in enumerate(DIRECTIONS):
            q = (x + dx, y + dy)
            other = cells.get(q)
            if other is None:
                continue
            a, b = sides[d]
            a2, b2 = other[0].sides[other[1]][d ^ 2]
            if a == a2:
                found.append((q, a))
                if b == b2 and b != a:
                    found.append((q, b))
            elif b == b2:
                found.append((q, b))
        return found

    def group_after(self, card, orientation, pos, element):
        """The size of the `element` group `card` would be part of if placed at `pos` (0 if it lacks it)."""
        if element not in card.elements:
            return 0
        label = self.label[element]
        members = self.members[element]
        joined = set()
        for q, e in self.connections(card, orientation, pos):
            if e == element:
                joined.add(label[q])
        return 1 + sum(len(members[g]) for g in joined)

    def place(self, card, orientation, pos, join=True):
        """Put `card` at `pos` (the caller checked it fits); `join=False` skips the groups (look-ahead)."""
        cells = self.cells
        cells[pos] = (card, orientation)
        self.where[card.index] = pos
        open_ = self.open
        open_.pop(pos, None)
        x, y = pos
        offers = card.offers[orientation]
        for d, (dx, dy) in enumerate(DIRECTIONS):
            q = (x + dx, y + dy)
            if q not in cells:
                open_[q] = open_.get(q, 0) | offers[d ^ 2]
        if join:
            self._join(card, orientation, pos)

    def _join(self, card, orientation, pos):
        links = self.connections(card, orientation, pos)
        for element in card.elements:
            label = self.label[element]
            members = self.members[element]
            groups = {label[q] for q, e in links if e == element}
            if not groups:
                new = self.next_label
                self.next_label += 1
                label[pos] = new
                members[new] = [pos]
                size = 1
            else:
                keep = max(groups, key=lambda g: len(members[g]))
                kept = members[keep]
                for g in groups:
                    if g != keep:
                        for q in members.pop(g):
                            label[q] = keep
                            kept.append(q)
                label[pos] = keep
                kept.append(pos)
                size = len(kept)
            if size > self.best[element]:
                self.best[element] = size

    def remove(self, card, regroup=True):
        """Take `card` off the board; return its (position, orientation). `regroup=False` leaves the groups
        stale (for a look-ahead that puts the card back)."""
        pos = self.where.pop(card.index)
        orientation = self.cells.pop(pos)[1]
        x, y = pos
        self._reopen(pos)
        for dx, dy in DIRECTIONS:
            q = (x + dx, y + dy)
            if q not in self.cells:
                self._reopen(q)
        if regroup:
            for element in card.elements:
                self._split(element, pos)
        return pos, orientation

    def _split(self, element, pos):
        """Only the group that lost the card at `pos` can change: regroup its remaining members."""
        label = self.label[element]
        members = self.members[element]
        old = label.pop(pos)
        rest = [q for q in members.pop(old) if q != pos]
        for q in rest:
            del label[q]
        for q in rest:
            if q not in label:
                self._flood(element, q)
        self.best[element] = max(map(len, members.values()), default=0)

    def _flood(self, element, start):
        """Label the `element` group reachable from `start` with a new label."""
        label = self.label[element]
        cells = self.cells
        new = self.next_label
        self.next_label += 1
        group = [start]
        label[start] = new
        todo = [start]
        while todo:
            here = todo.pop()
            card, orientation = cells[here]
            for q, e in self.connections(card, orientation, here):
                if e == element and q not in label:
                    label[q] = new
                    group.append(q)
                    todo.append(q)
        self.members[element][new] = group
        if len(group) > self.best[element]:
            self.best[element] = len(group)

    def _reopen(self, pos):
        x, y = pos
        cells = self.cells
        demand = 0
        for d, (dx, dy) in enumerate(DIRECTIONS):
            other = cells.get((x + dx, y + dy))
            if other is not None:
                demand |= other[0].offers[other[1]][d]
        if demand:
            self.open[pos] = demand
        else:
            self.open.pop(pos, None)

    def regroup(self):
        """Rebuild every element group from the cells (after loading a stored board)."""
        self.label = [{} for _ in range(NO_ELEMENTS)]
        self.members = [{} for _ in range(NO_ELEMENTS)]
        self.best = [0] * NO_ELEMENTS
        self.next_label = 0
        cells = self.cells
        for pos in sorted(cells):
            for element in cells[pos][0].elements:
                if pos not in self.label[element]:
                    self._flood(element, pos)

    def groups(self, element):
        """The groups of `element` as lists of positions."""
        return list(self.members[element].values())

    def measures(self):
        return tuple(self.best)

    def connected(self):
        """True when every card can be reached from every other through edge contact."""
        if not self.cells:
            return True
        start = next(iter(self.cells))
        seen = {start}
        todo = [start]
        while todo:
            x, y = todo.pop()
            for dx, dy in DIRECTIONS:
                q = (x + dx, y + dy)
                if q in self.cells and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return len(seen) == len(self.cells)
