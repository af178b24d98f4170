"""The strong bot: every placement, and the promising actions, scored one move ahead.

A position is worth the sizes of the largest groups, counted for us on our goal and against us on the
elements the other seats probably hold. Goals are one element per seat (a permutation of five), so the
others hold the elements that are not ours; which seat holds which is guessed from the public play
statistics (`state.growth`: how big a group of each element each seat's placements joined).
"""
from games.aquarius.engine.simple_bots import WIN, Bot, RandomBot, look_first, play
from games.aquarius.engine.cards import ELEMENTS
from games.aquarius.engine.moves import can_be_moved
from games.aquarius.engine.scoring import candidate_placements, group_cells, groups_after, open_neighbours

# Worth of a largest group of n panels; seven wins.
WORTH = (0, 1, 2, 4, 8, 16, 40, 1000)
MOVE_TARGETS = 3     # board cards considered for a Move / Zap (from the most dangerous group)


def worth(n):
    return WORTH[min(n, WIN)]


def threats(state, seat):
    """threat[e]: how likely another seat holds element e (our goal: 0), from the public statistics."""
    goal = state.goals[seat]
    threat = [0.0] * len(ELEMENTS)
    others = [e for e in range(len(ELEMENTS)) if e != goal]
    for s in range(state.players):
        if s == seat:
            continue
        growth = state.growth[s]
        total = sum(growth[e] for e in others)
        weights = [1.0 + 4.0 * growth[e] / total if total else 1.0 for e in others]
        norm = sum(weights)
        for e, w in zip(others, weights):
            threat[e] += w / norm
    return [min(1.0, t) for t in threat]


def value(best, mine, threat):
    """Our worth on the goal distribution `mine` minus the others' on `threat`."""
    ours = sum(p * worth(best[e]) for e, p in enumerate(mine) if p)
    theirs = sum(t * worth(best[e]) for e, t in enumerate(threat) if t)
    return ours - 1.2 * theirs


class StrongBot(Bot):
    name = "strong"

    def choose(self, state, seat):
        look = look_first(state, seat)
        if look:
            return look
        board = state.board
        goal = state.goals[seat]
        threat = threats(state, seat)
        mine = [1.0 if e == goal else 0.0 for e in range(len(ELEMENTS))]
        cards = [state.deck.cards[i] for i in sorted(state.hands[seat])]
        base = board.best
        options = []
        for card, x, y, o in candidate_placements(board, [c for c in cards if c.action is None]):
            sizes = groups_after(board, card, o, (x, y))
            if sizes.get(goal, 0) >= WIN:
                return play(card, x, y, o)
            best = base[:]
            for e, n in sizes.items():
                if n > best[e]:
                    best[e] = n
            options.append((value(best, mine, threat), play(card, x, y, o)))
        actions = {c.action: c for c in cards if c.action is not None}
        options += self._actions(state, seat, actions, mine, threat)
        if not options:
            return RandomBot.choose(self, state, seat)
        top = max(v for v, _ in options)
        ties = [a for v, a in options if v >= top - 1e-9]
        return ties[int(self.random.random() * len(ties))]

    def _actions(self, state, seat, actions, mine, threat):
        board = state.board
        base = board.best
        now = value(base, mine, threat)
        others = [s for s in range(state.players) if s != seat]
        options = []
        if "shuffle_goals" in actions:
            # A random new goal for everyone: on average every element equally.
            spread = [1.0 / len(ELEMENTS)] * len(ELEMENTS)
            risk = [min(1.0, len(others) / len(ELEMENTS))] * len(ELEMENTS)
            options.append((value(base, spread, risk) - 1, {"type": "shuffle_goals",
                                                            "card": actions["shuffle_goals"].id}))
        if "trade_goals" in actions:
            for s in others:
                theirs = self._belief(state, s, seat)
                swapped = [t - p + m for t, p, m in zip(threat, theirs, mine)]
                options.append((value(base, theirs, swapped) - 1,
                                {"type": "trade_goals", "card": actions["trade_goals"].id, "seat": s}))
        if "trade_hands" in actions:
            target = max(others, key=lambda s: (len(state.hands[s]), -s))
            options.append((now - 3 + len(state.hands[target]) - len(state.hands[seat]),
                            {"type": "trade_hands", "card": actions["trade_hands"].id, "seat": target}))
        if len(board.cells) > 1 and ("zap_card" in actions or "move_card" in actions):
            targets = self._targets(board, threat)
            if "zap_card" in actions:
                for target in targets:
                    trial = board.clone()
                    trial.remove(target)
                    options.append((value(trial.best, mine, threat) + 0.5,
                                    {"type": "zap_card", "card": actions["zap_card"].id, "target": target.id}))
            if "move_card" in actions:
                options += self._moves(board, targets, actions["move_card"], mine, threat)
        return options

    def _belief(self, state, other, seat):
        """How likely `other` holds each element (never our goal)."""
        goal = state.goals[seat]
        growth = state.growth[other]
        candidates = [e for e in range(len(ELEMENTS)) if e != goal]
        total = sum(growth[e] for e in candidates)
        weights = {e: 1.0 + 4.0 * growth[e] / total if total else 1.0 for e in candidates}
        norm = sum(weights.values())
        return [weights.get(e, 0.0) / norm for e in range(len(ELEMENTS))]

    def _targets(self, board, threat):
        """A few cards of the most dangerous group (the largest, weighted by who may hold it)."""
        element = max(range(len(ELEMENTS)), key=lambda e: (threat[e] * worth(board.best[e]), -e))
        cells = sorted(group_cells(board, element), key=lambda q: (-len(board.connections(*board.cells[q], q)), q))
        return [board.cells[q][0] for q in cells[:MOVE_TARGETS]]

    def _moves(self, board, targets, card, mine, threat):
        """Move a dangerous card next to our goal's largest group."""
        goal = mine.index(1.0)
        options = []
        for target in targets:
            if not can_be_moved(board, target):
                continue
            trial = board.clone()
            old, orientation = trial.remove(target)
            near = open_neighbours(trial, group_cells(trial, goal)) or set(trial.open)
            for pos in sorted(near):
                for o in (0, 1):
                    if (pos, o) == (old, orientation) or not trial.fits(target, o, pos):
                        continue
                    sizes = groups_after(trial, target, o, pos)
                    best = trial.best[:]
                    for e, n in sizes.items():
                        best[e] = max(best[e], n)
                    options.append((value(best, mine, threat), {
                        "type": "move_card", "card": card.id, "target": target.id, "x": pos[0], "y": pos[1],
                        "upright": o == 0}))
        return options
