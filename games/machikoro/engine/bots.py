"""The bots, weakest first (the platform offers them in this order): the simple ones (simple_bots.py) and the
Monte-Carlo search bot built on the income bot (search.py)."""
from games.machikoro.engine.search import SearchBot
from games.machikoro.engine.simple_bots import GreedyBot, IncomeBot, RandomBot

BOTS = {bot.name: bot for bot in (RandomBot, GreedyBot, IncomeBot, SearchBot)}


def make_bot(name, seed=0, **budget):
    """A bot by name; `budget` goes to the search bot (rollouts=, horizon=, width=)."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    return cls(seed, **budget)
