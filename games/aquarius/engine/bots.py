"""The bots, weakest first: random and greedy (simple_bots.py), strong (strong.py)."""
from games.aquarius.engine.simple_bots import GreedyBot, RandomBot
from games.aquarius.engine.strong import StrongBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}


def make_bot(kind, seed=0):
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (one of {', '.join(BOTS)})") from None
