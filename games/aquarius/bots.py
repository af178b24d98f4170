"""Bots: each chooses one legal action for the seat to act, deterministically for its seed.

    RandomBot   a random playable card from its hand, then a random legal use of it (every legal action
                has a chance; listing every Move of every board card is not needed for that)
"""
import random

from .moves import ALWAYS_PLAYABLE, can_be_moved, move_destinations, placements


class Bot:
    name = ""

    def __init__(self, seed=0):
        self.random = random.Random(seed)

    def choose(self, state, seat):
        """The action (a dict) this bot plays for `seat`, the seat to act."""
        raise NotImplementedError


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
                    x, y, o = spots[int(rand() * len(spots))]
                    return {"type": "play_card", "card": card.id, "x": x, "y": y, "upright": o == 0}
            elif action in ALWAYS_PLAYABLE:
                if action == "shuffle_goals":
                    return {"type": action, "card": card.id}
                return {"type": action, "card": card.id, "seat": others[int(rand() * len(others))]}
            elif len(board.cells) > 1:
                targets = sorted((c for c, _ in board.cells.values()), key=lambda c: c.index)
                if action == "zap_card":
                    return {"type": action, "card": card.id, "target": targets[int(rand() * len(targets))].id}
                movable = [t for t in targets if can_be_moved(board, t)]
                if movable:
                    target = movable[int(rand() * len(movable))]
                    spots = move_destinations(board, target)
                    x, y, o = spots[int(rand() * len(spots))]
                    return {"type": action, "card": card.id, "target": target.id, "x": x, "y": y,
                            "upright": o == 0}
        return {"type": "pass"}


BOTS = {"random": RandomBot}


def make_bot(kind, seed=0):
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (one of {', '.join(BOTS)})") from None
