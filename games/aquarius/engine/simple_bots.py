"""The random and greedy bots (bots.py lists every bot): each chooses one legal action for the seat to act, deterministically for its seed.

    RandomBot   a random playable card from its hand, then a random legal use of it (every legal action
                has a chance; listing every Move of every board card is not needed for that)
    GreedyBot   grows its own goal's largest group; otherwise blocks the largest group of another element
                (the leader's), and uses actions only when no placement helps (see strong.py for more)
    StrongBot   (strong.py) a one-move search scored by group sizes and the goals others' play reveals

In Aqua-Chicken the greedy and strong bots first look at their goal (`see_goal`; the seat stays to act);
the random bot never looks.
"""
import random

from games.aquarius.engine.cards import ELEMENTS
from games.aquarius.engine.moves import ALWAYS_PLAYABLE, can_be_moved, move_destinations, placements
from games.aquarius.engine.scoring import candidate_placements, group_cells, groups_after

WIN = 7


class Bot:
    name = ""

    def __init__(self, seed=0):
        self.random = random.Random(seed)

    def choose(self, state, seat):
        """The action (a dict) this bot plays for `seat`, the seat to act."""
        raise NotImplementedError


def play(card, x, y, orientation):
    return {"type": "play_card", "card": card.id, "x": x, "y": y, "upright": orientation == 0}


def look_first(state, seat):
    """Aqua-Chicken: a bot that plays for its goal looks at it first (the seat stays to act)."""
    return {"type": "see_goal"} if not state.knows[seat] else None


class RandomBot(Bot):
    name = "random"

    def choose(self, state, seat):
        rand = self.random.random
        board = state.board
        cards = state.deck.cards
        others = [s for s in range(state.players) if s != seat]
        hand = sorted(state.hands[seat])
        while hand:
            card = cards[hand.pop(int(rand() * len(hand)))]
            action = card.action
            if action is None:
                spots = placements(board, card)
                if spots:
                    return play(card, *spots[int(rand() * len(spots))])
            elif action in ALWAYS_PLAYABLE:
                if action == "shuffle_goals":
                    return {"type": action, "card": card.id}
                return {"type": action, "card": card.id, "seat": others[int(rand() * len(others))]}
            elif len(board.cells) > 1:
                targets = sorted((c for c, _ in board.cells.values()), key=lambda c: c.index)
                if action == "zap_card":
                    return {"type": action, "card": card.id, "target": targets[int(rand() * len(targets))].id}
                # Targets in random order: the first one that can move is uniform among those that can.
                while targets:
                    target = targets.pop(int(rand() * len(targets)))
                    if can_be_moved(board, target):
                        spots = move_destinations(board, target)
                        x, y, o = spots[int(rand() * len(spots))]
                        return {"type": action, "card": card.id, "target": target.id, "x": x, "y": y,
                                "upright": o == 0}
        return {"type": "pass"}


class GreedyBot(Bot):
    name = "greedy"

    def choose(self, state, seat):
        look = look_first(state, seat)
        if look:
            return look
        board = state.board
        cards = [state.deck.cards[i] for i in sorted(state.hands[seat])]
        goal = state.goals[seat]
        best = board.best
        # The leader: the largest group of an element that is not ours.
        leader = max((e for e in range(len(ELEMENTS)) if e != goal), key=lambda e: (best[e], -e))
        top, choice = None, None
        for card, x, y, o in candidate_placements(board, [c for c in cards if c.action is None]):
            sizes = groups_after(board, card, o, (x, y))
            grow = sizes.get(goal, 0)
            if grow >= WIN:
                return play(card, x, y, o)
            danger = sum(1 for e, n in sizes.items() if e != goal and n >= WIN)
            lead = sizes.get(leader, 0) if sizes.get(leader, 0) > best[leader] else 0
            score = (4 * grow - 2 * lead - 100 * danger, self.random.random())
            if top is None or score > top:
                top, choice = score, play(card, x, y, o)
        if choice is not None and top[0] > 0:
            return choice
        return self._action(state, seat, cards, goal, leader) or choice or RandomBot.choose(self, state, seat)

    def _action(self, state, seat, cards, goal, leader):
        """An action card when no placement grows our group: zap the leader, else change goals or hands."""
        board = state.board
        actions = {c.action: c for c in cards if c.action is not None}
        others = [s for s in range(state.players) if s != seat]
        if "zap_card" in actions and len(board.cells) > 1 and board.best[leader] >= 4:
            group = group_cells(board, leader)
            target = max(group, key=lambda q: len(board.connections(*board.cells[q], q)))
            return {"type": "zap_card", "card": actions["zap_card"].id, "target": board.cells[target][0].id}
        mine_best = board.best[goal]
        if "trade_goals" in actions and board.best[leader] > mine_best + 1:
            return {"type": "trade_goals", "card": actions["trade_goals"].id,
                    "seat": others[int(self.random.random() * len(others))]}
        if "shuffle_goals" in actions and board.best[leader] > mine_best + 1:
            return {"type": "shuffle_goals", "card": actions["shuffle_goals"].id}
        if "trade_hands" in actions:
            target = max(others, key=lambda s: (len(state.hands[s]), -s))
            return {"type": "trade_hands", "card": actions["trade_hands"].id, "seat": target}
        return None
